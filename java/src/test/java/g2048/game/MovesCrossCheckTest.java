package g2048.game;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The table-driven core against {@link ReferenceGame} on a million seeded random boards per shape,
 * each moved in all four directions: afterstate, reward, legality, the legal mask, the terminal
 * test, and the per-direction entry points.
 */
class MovesCrossCheckTest {

    static final int BOARDS = 1_000_000;

    static java.util.stream.Stream<Shape> shapes() {
        return Shapes.all();
    }

    /** Chunks of boards, each from its own seed, checked in parallel. */
    static final int CHUNKS = 4;

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void matchesTheReferenceOnAMillionBoards(Shape shape) {
        long[] counts = java.util.stream.IntStream.range(0, CHUNKS).parallel()
                .mapToObj(k -> checkChunk(shape, 1000 + 100L * k + shape.rows() * 10L + shape.cols(), BOARDS / CHUNKS))
                .reduce(new long[2], (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
        // the boards must exercise both kinds of board and many merges, or the check proves little
        if (counts[0] < 1000 || counts[1] < BOARDS) {
            fail(shape + ": the random boards are too tame: " + counts[0] + " terminal, " + counts[1] + " merging moves");
        }
    }

    /** Checks {@code n} boards from {@code seed}; returns {terminal boards, merging moves}. */
    private static long[] checkChunk(Shape shape, long seed, int n) {
        Moves moves = Moves.of(shape);
        RandomBoards random = new RandomBoards(shape, seed);
        long terminal = 0;
        long merges = 0;
        int[][] grid = new int[shape.rows()][shape.cols()];
        int[][] out = new int[shape.rows()][shape.cols()];
        int[] tiles = new int[4];
        int[] merged = new int[4];
        for (int i = 0; i < n; i++) {
            long board = random.next();
            ReferenceGame.toGrid(board, grid);
            int expectedMask = 0;
            for (int d = 0; d < 4; d++) {
                long reward = ReferenceGame.slide(grid, d, out, tiles, merged);
                boolean changed = !java.util.Arrays.deepEquals(grid, out);
                long expected = ReferenceGame.toBoard(out);
                long actual = moves.move(board, d);
                if (actual != expected || moves.reward(board, d) != reward || moves.isLegal(board, d) != changed) {
                    fail(shape + " board " + BoardText.format(board, shape) + " move " + Direction.ALL[d]
                            + ": expected " + BoardText.format(expected, shape) + " reward " + reward
                            + " legal " + changed + ", got " + BoardText.format(actual, shape)
                            + " reward " + moves.reward(board, d) + " legal " + moves.isLegal(board, d));
                }
                if (changed) {
                    expectedMask |= 1 << d;
                }
                if (reward > 0) {
                    merges++;
                }
            }
            if (moves.legalMask(board) != expectedMask || moves.isTerminal(board) != (expectedMask == 0)) {
                fail(shape + " board " + BoardText.format(board, shape) + ": legal mask " + moves.legalMask(board)
                        + ", terminal " + moves.isTerminal(board) + ", expected mask " + expectedMask);
            }
            if (moves.up(board) != moves.move(board, 0) || moves.right(board) != moves.move(board, 1)
                    || moves.down(board) != moves.move(board, 2) || moves.left(board) != moves.move(board, 3)) {
                fail("per-direction methods disagree with move() on " + BoardText.format(board, shape));
            }
            long t = Board.transpose(board);
            long[] four = new long[4];
            if (moves.upOfTransposed(t) != moves.move(board, 0) || moves.downOfTransposed(t) != moves.move(board, 2)
                    || moves.columnsRewardOfTransposed(t) != moves.reward(board, 0)
                    || moves.columnsRewardOfTransposed(t) != moves.reward(board, 2)
                    || moves.rowsReward(board) != moves.reward(board, 1) || moves.rowsReward(board) != moves.reward(board, 3)) {
                fail("the moves from the transpose or the line rewards disagree with move() and reward() on "
                        + BoardText.format(board, shape));
            }
            if (moves.afterstates(board, four) != t) {
                fail("afterstates() returns another transpose on " + BoardText.format(board, shape));
            }
            for (int d = 0; d < 4; d++) {
                if (four[d] != moves.move(board, d)) {
                    fail("afterstates() disagrees with move() in direction " + d + " on " + BoardText.format(board, shape));
                }
            }
            if (expectedMask == 0) {
                terminal++;
            }
        }
        return new long[] {terminal, merges};
    }
}
