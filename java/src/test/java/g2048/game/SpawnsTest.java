package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Spawns: a 2 (p 0.9) or a 4 (p 0.1) on a uniformly chosen empty cell, checked by seeded chi-square tests. */
class SpawnsTest {

    static final int DRAWS = 400_000;

    static java.util.stream.Stream<Shape> shapes() {
        return Shapes.all();
    }

    /** Counts (cell, value) over many spawns on {@code board} and tests them against the rule. */
    private static void assertSpawnDistribution(long board, Shape shape, long seed) {
        Rng rng = new Rng(seed);
        long empty = Board.emptyCells(board, shape);
        int n = Long.bitCount(empty);
        long[] counts = new long[32]; // index 2 * cell + (value == 4 ? 1 : 0)
        for (int i = 0; i < DRAWS; i++) {
            long after = Spawns.spawn(board, shape, rng);
            long added = after ^ board;
            assertEquals(1, Long.bitCount(Board.emptyCells(board, shape) & ~Board.emptyCells(after, shape)),
                    "exactly one empty cell is filled");
            assertTrue((after & board) == board && Board.fits(after, shape), "only an empty cell of the shape changes");
            int cell = Long.numberOfTrailingZeros(added) / 4;
            int code = (int) (added >>> (4 * cell));
            assertTrue(code == 1 || code == 2, "a spawn is a 2 or a 4");
            counts[2 * cell + (code - 1)]++;
        }
        long[] observed = new long[2 * n];
        double[] expected = new double[2 * n];
        int k = 0;
        for (long e = empty; e != 0; e &= e - 1, k++) {
            int cell = Long.numberOfTrailingZeros(e) / 4;
            observed[2 * k] = counts[2 * cell];
            observed[2 * k + 1] = counts[2 * cell + 1];
            expected[2 * k] = DRAWS * 0.9 / n;
            expected[2 * k + 1] = DRAWS * 0.1 / n;
        }
        double chi = Statistics.chiSquare(observed, expected);
        double critical = Statistics.chiSquareCritical(2 * n - 1);
        assertTrue(chi < critical, shape + " board " + BoardText.format(board, shape) + ": chi-square " + chi
                + " > " + critical + " for " + (2 * n - 1) + " degrees of freedom");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void spawnsOnAnEmptyBoardFollowTheRule(Shape shape) {
        assertSpawnDistribution(0L, shape, 11);
    }

    @Test
    void spawnsOnPartlyFilledBoardsFollowTheRule() {
        Shape s = Shape.S4x4;
        assertSpawnDistribution(BoardText.parse("2,4,0,8/0,16,32,0/64,0,128,256/2,2,0,4").board(), s, 12);
        assertSpawnDistribution(BoardText.parse("2,4,8,16/32,64,128,256/512,1024,2048,4096/8192,16384,32768,0").board(), s, 13);
        assertSpawnDistribution(BoardText.parse("0,4,8/16,0,0/2,0,2").board(), Shape.S3x3, 14);
    }

    @Test
    void aFullBoardCannotSpawn() {
        long full = BoardText.parse("2,4/8,16").board();
        assertThrows(IllegalStateException.class, () -> Spawns.spawn(full, Shape.S2x2, new Rng(1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void initialStatesAreTwoSpawnsOnAnEmptyBoard(Shape shape) {
        Rng rng = new Rng(21);
        int n = 200_000;
        long[] tiles = new long[3]; // initial states by number of 4s: 0, 1, 2
        for (int i = 0; i < n; i++) {
            long b = Spawns.initial(shape, rng);
            assertTrue(Board.fits(b, shape));
            assertEquals(shape.cells() - 2, Board.countEmpty(b, shape), "two tiles");
            int fours = 0;
            for (int c = 0; c < 16; c++) {
                int code = Board.code(b, c);
                assertTrue(code <= 2, "only 2s and 4s");
                fours += code == 2 ? 1 : 0;
            }
            tiles[fours]++;
        }
        double chi = Statistics.chiSquare(tiles, new double[] {n * 0.81, n * 0.18, n * 0.01});
        assertTrue(chi < Statistics.chiSquareCritical(2), "numbers of 4s in initial states " + java.util.Arrays.toString(tiles));
    }

    @Test
    void theSameSeedSpawnsTheSameTiles() {
        Rng a = new Rng(99);
        Rng b = new Rng(99);
        Rng other = new Rng(100);
        long x = Spawns.initial(Shape.S4x4, a);
        long y = Spawns.initial(Shape.S4x4, b);
        long z = Spawns.initial(Shape.S4x4, other);
        boolean differs = x != z;
        for (int i = 0; i < 12; i++) {
            assertEquals(x, y);
            x = Spawns.spawn(x, Shape.S4x4, a);
            y = Spawns.spawn(y, Shape.S4x4, b);
            z = Spawns.spawn(z, Shape.S4x4, other);
            differs |= x != z;
        }
        assertTrue(differs, "another seed gives other spawns");
    }
}
