package g2048.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every value of small tables against the brute-force expectimax of {@link RegionReference}: the
 * afterstates of seeded random positions (drawn from the table and reached by seeded random play),
 * and every afterstate the reference meets on its way, compared at the table's precision.
 */
class TableExactnessTest {

    @TempDir
    Path dir;

    static EndgameTable build(Path dir, Formation f, int target, int threads) throws IOException {
        RegionGame game = new RegionGame(f, target);
        Path out = dir.resolve(TableFile.fileName(f, target));
        assertTrue(new TableBuilder(game, dir.resolve("work-" + f.name() + "-" + target), out, threads).run(quiet()));
        return TableFile.open(out, Arena.ofAuto());
    }

    static TableBuilder.Progress quiet() {
        return new TableBuilder.Progress() {
            @Override
            public void forwardAge(int age, long states, long afters, double seconds) {
            }

            @Override
            public void backwardAge(int age, long statesDone, long statesTotal, double seconds) {
            }
        };
    }

    @ParameterizedTest
    @CsvSource({
            "442x, xxxx/xxxx/xx../...., 64",
            "442x, xxxx/xxxx/xx../...., 128",
            "441, xxxx/xxxx/x.../...., 64",
            "44, xxxx/xxxx/..../...., 64",
            "stairs, xxxx/xxx./xx../x..., 64",
            "stairs, xxxx/xxx./xx../x..., 256"})
    void everyValueEqualsTheBruteForceExpectimax(String name, String picture, int target) throws IOException {
        Formation f = Formation.of(name, picture);
        EndgameTable table = build(dir, f, target, 2);
        RegionGame game = table.game();
        RegionReference ref = new RegionReference(f, target);
        Rng rng = new Rng(target * 31L + f.fixedCells());
        int compared = 0;
        for (int game0 = 0; game0 < 300; game0++) {
            // a seeded random game in the free cells: every position on the way is compared
            long key = 0;
            for (int ply = 0; ; ply++) {
                long empty = game.emptyCells(key);
                if (empty == 0) {
                    break;
                }
                int pick = rng.nextInt(Long.bitCount(empty));
                long bit = Long.lowestOneBit(Long.expand(1L << pick, empty));
                key |= (rng.nextDouble() < 0.9 ? 1L : 2L) * bit;
                long state = key;
                assertEquals(ref.state(state), table.state(state), Quantized.ERROR_BOUND + 1e-12,
                        () -> "state " + Long.toHexString(state) + " of " + f.name() + "-" + target);
                compared++;
                long next = RegionGame.ILLEGAL;
                int d0 = rng.nextInt(4);
                for (int i = 0; i < 4 && next == RegionGame.ILLEGAL; i++) {
                    next = game.after(key, (d0 + i) % 4);
                }
                if (next < 0) {
                    break;
                }
                key = next;
            }
        }
        assertTrue(compared >= 300, "compared " + compared);
        // every afterstate the reference met is in the table, with its probability
        int checked = 0;
        for (Map.Entry<Long, Double> e : ref.afters().entrySet()) {
            double v = table.afterstate(e.getKey());
            assertFalse(Double.isNaN(v), () -> "afterstate " + Long.toHexString(e.getKey()) + " is missing");
            assertEquals(e.getValue(), v, Quantized.ERROR_BOUND + 1e-12, () -> "afterstate " + Long.toHexString(e.getKey()));
            checked++;
        }
        assertTrue(checked > 1000, "checked " + checked);
    }
}
