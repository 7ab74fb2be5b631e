package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The branch-free playout step against the reference: each step is one legal move of the
 * reference followed by one spawn, its reward is that move's, and games end exactly on terminal
 * boards.
 */
class RandomPlayoutTest {

    static java.util.stream.Stream<Shape> shapes() {
        return Shapes.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void everyStepIsALegalMoveAndOneSpawn(Shape shape) {
        RandomPlayout p = new RandomPlayout(shape, new Rng(31));
        int[] chosen = new int[4];
        for (int game = 0; game < 300; game++) {
            p.newGame();
            long expectedScore = 0;
            while (true) {
                long before = p.board();
                int[][] grid = ReferenceGame.toGrid(before, shape);
                if (!p.step()) {
                    assertTrue(ReferenceGame.isTerminal(grid), "stopped on a live board");
                    assertEquals(before, p.board());
                    break;
                }
                long after = p.board();
                boolean matched = false;
                for (int d = 0; d < 4 && !matched; d++) {
                    ReferenceGame.Result ref = ReferenceGame.move(grid, d);
                    long a = ReferenceGame.toBoard(ref.grid());
                    long added = after & ~a;
                    if (ref.changed() && (after & a) == a && Long.bitCount(Board.emptyCells(a, shape)) - 1
                            == Long.bitCount(Board.emptyCells(after, shape)) && Long.bitCount(added) >= 1
                            && (added & ~(0x3L << (Long.numberOfTrailingZeros(added) & ~3))) == 0) {
                        expectedScore += ref.reward();
                        chosen[d]++;
                        matched = true;
                    }
                }
                if (!matched) {
                    fail(shape + ": " + BoardText.format(before, shape) + " -> " + BoardText.format(after, shape)
                            + " is no legal move plus one spawn");
                }
            }
            assertEquals(expectedScore, p.score(), "score of game " + game);
            assertFalse(p.moveCount() == 0 && !ReferenceGame.isTerminal(ReferenceGame.toGrid(p.board(), shape)));
        }
        for (int d = 0; d < 4; d++) {
            assertTrue(chosen[d] > 0, "direction " + d + " never played");
        }
    }
}
