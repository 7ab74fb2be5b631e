package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void matchesTheReferenceOnAMillionBoards(Shape shape) {
        Moves moves = Moves.of(shape);
        RandomBoards random = new RandomBoards(shape, 1000 + shape.rows() * 10L + shape.cols());
        int terminal = 0;
        int merges = 0;
        for (int i = 0; i < BOARDS; i++) {
            long board = random.next();
            int[][] grid = ReferenceGame.toGrid(board, shape);
            int expectedMask = 0;
            for (int d = 0; d < 4; d++) {
                ReferenceGame.Result ref = ReferenceGame.move(grid, d);
                long expected = ReferenceGame.toBoard(ref.grid());
                long actual = moves.move(board, d);
                if (actual != expected || moves.reward(board, d) != ref.reward()
                        || moves.isLegal(board, d) != ref.changed()) {
                    fail(shape + " board " + BoardText.format(board, shape) + " move " + Direction.ALL[d]
                            + ": expected " + BoardText.format(expected, shape) + " reward " + ref.reward()
                            + " legal " + ref.changed() + ", got " + BoardText.format(actual, shape)
                            + " reward " + moves.reward(board, d) + " legal " + moves.isLegal(board, d));
                }
                if (ref.changed()) {
                    expectedMask |= 1 << d;
                }
                if (ref.reward() > 0) {
                    merges++;
                }
            }
            assertEquals(expectedMask, moves.legalMask(board), () -> "legal mask of " + BoardText.format(board, shape));
            assertEquals(expectedMask == 0, moves.isTerminal(board), () -> "terminal " + BoardText.format(board, shape));
            if (moves.up(board) != moves.move(board, 0) || moves.right(board) != moves.move(board, 1)
                    || moves.down(board) != moves.move(board, 2) || moves.left(board) != moves.move(board, 3)) {
                fail("per-direction methods disagree with move() on " + BoardText.format(board, shape));
            }
            if (expectedMask == 0) {
                terminal++;
            }
        }
        // the boards must exercise both kinds of board and many merges, or the check proves little
        if (terminal < 1000 || merges < BOARDS) {
            fail(shape + ": the random boards are too tame: " + terminal + " terminal, " + merges + " merging moves");
        }
    }
}
