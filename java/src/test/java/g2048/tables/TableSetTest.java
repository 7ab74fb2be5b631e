package g2048.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live boards against the tables: positions of the tables' games, big tiles put in the fixed
 * cells, turned by a random symmetry; the table's choice must be the best of the moves that keep
 * the big tiles in place, each valued by the brute-force {@link RegionReference}.
 */
class TableSetTest {

    private static final Formation F = Formation.named("442x");
    private static final Symmetries SYM = new Symmetries(Shape.S4x4);
    private static final Moves MOVES = Moves.of(Shape.S4x4);

    @TempDir
    static Path dir;

    @BeforeAll
    static void build() throws IOException {
        TableExactnessTest.build(dir, F, 64, 2);
        TableExactnessTest.build(dir, F, 32, 2);
    }

    /** A live board: the key's tiles in the free cells, distinct big tiles (codes from {@code lowest} up) in the fixed ones, turned by {@code s}. */
    private static long live(RegionGame game, long key, int lowest, int s) {
        long board = Long.expand(key, F.freeNibbles());
        int code = lowest;
        for (int c = 0; c < 16; c++) {
            if ((F.fixedCells() >>> c & 1) != 0) {
                board |= (long) code++ << (4 * c);
            }
        }
        return SYM.apply(SYM.inverse(s), board);
    }

    @Test
    void theTableChoosesTheBestMoveThatKeepsTheBigTiles() throws IOException {
        try (TableSet set = TableSet.open(dir)) {
            assertEquals(2, set.tables().size());
            Rng rng = new Rng(7);
            int decided = 0;
            for (int target : new int[] {32, 64}) {
                RegionReference ref = new RegionReference(F, target);
                RegionGame game = new RegionGame(F, target);
                int tc = game.targetCode();
                for (int i = 0; i < 2000; i++) {
                    long key = randomPosition(game, rng);
                    int s = rng.nextInt(8);
                    // big tiles from 32 up match the 32 table only; from 64 up the 64 table, and the 32 one too
                    // when the free cells hold no 32, where the larger target is the choice
                    long board = live(game, key, tc, s);
                    double[] expected = new double[4];
                    double best = -1;
                    for (int d = 0; d < 4; d++) {
                        expected[d] = Double.NaN;
                        long after = MOVES.move(board, d);
                        if (after == board || (after & bigTiles(board, tc)) != (board & bigTiles(board, tc))) {
                            continue;
                        }
                        long turned = SYM.apply(s, after);
                        long freeKey = Long.compress(turned, F.freeNibbles());
                        expected[d] = game.madeTarget(freeKey) ? 1 : ref.after(freeKey);
                        best = Math.max(best, expected[d]);
                    }
                    TableSet.Decision dec = set.decide(board, 0);
                    if (best < 0) {
                        assertNull(dec, "no move keeps the big tiles: " + Long.toHexString(board) + " s " + s + " target " + target);
                        continue;
                    }
                    assertNotNull(dec, () -> Long.toHexString(board));
                    assertEquals(target, dec.table().target());
                    for (int d = 0; d < 4; d++) {
                        assertEquals(expected[d], dec.probabilities()[d], Quantized.ERROR_BOUND + 1e-12, "direction " + d);
                    }
                    assertEquals(best, expected[dec.direction()], 2 * Quantized.ERROR_BOUND + 1e-12);
                    assertNull(set.decide(board, Math.nextUp(dec.probabilities()[dec.direction()])), "below the threshold");
                    decided++;
                }
            }
            assertTrue(decided > 400, "decided " + decided);
        }
    }

    private static long bigTiles(long board, int tc) {
        long m = 0;
        for (int c = 0; c < 16; c++) {
            if ((board >>> (4 * c) & 0xF) >= tc) {
                m |= 0xFL << (4 * c);
            }
        }
        return m;
    }

    /** A state of a seeded random game in the free cells: a spawn, a random legal move, and so on, ending on a spawn. */
    private static long randomPosition(RegionGame game, Rng rng) {
        long key = 0;
        int plies = 1 + rng.nextInt(40);
        for (int ply = 0; ; ply++) {
            long empty = game.emptyCells(key);
            key |= (rng.nextDouble() < 0.9 ? 1L : 2L) * Long.expand(1L << rng.nextInt(Long.bitCount(empty)), empty);
            long next = RegionGame.ILLEGAL;
            int d0 = rng.nextInt(4);
            for (int i = 0; i < 4 && next == RegionGame.ILLEGAL; i++) {
                next = game.after(key, (d0 + i) % 4);
            }
            if (ply == plies || next < 0) {
                return key;
            }
            key = next;
        }
    }

    @Test
    void boardsOutsideTheFormationsAreLeftToTheOtherPlayer() throws IOException {
        try (TableSet set = TableSet.open(dir)) {
            RegionGame game = new RegionGame(F, 64);
            long key = 0x10L; // a 2 that moves left, the big tiles staying
            assertNotNull(set.decide(live(game, key, 6, 0), 0));
            // a free tile of the target
            assertNull(set.decide(live(game, key | 6L << 8, 6, 0), 0));
            // two equal big tiles
            long board = live(game, key, 6, 0);
            assertNull(set.decide(board & ~0xFL | 7L, 0));
            // too few big tiles
            assertNull(set.decide(board & ~0xFL | 1L, 0));
        }
    }

    @Test
    void aDirectoryWithoutTablesIsRefusedNamingIt(@TempDir Path empty) throws IOException {
        BadFileException e = assertThrows(BadFileException.class, () -> TableSet.open(empty));
        assertTrue(e.getMessage().startsWith(empty + ": holds no endgame table"), e.getMessage());
        Files.writeString(empty.resolve("bad-64.g2et"), "not a table");
        e = assertThrows(BadFileException.class, () -> TableSet.open(empty));
        assertTrue(e.getMessage().startsWith(empty.resolve("bad-64.g2et") + ": "), e.getMessage());
    }
}
