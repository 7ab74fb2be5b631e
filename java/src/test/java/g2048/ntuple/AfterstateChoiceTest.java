package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

/**
 * TD-afterstate's move choice (the square boards' fast path included) against the definition:
 * argmax over legal moves of r + V(afterstate) in float, the lowest direction on ties, and the
 * chosen afterstate and reward kept for the update.
 */
class AfterstateChoiceTest {

    @Test
    void choiceMatchesTheDefinition() {
        for (String[] c : new String[][] {{"4x6", "4x4"}, {"012,456,89a,048,159,26a", "3x3"}, {"0123,4567", "2x4"}}) {
            Shape shape = Shape.parse(c[1]);
            try (NtupleModel model = NtupleModel.create(TupleSpec.parse(c[0]), shape, Method.TD_AFTERSTATE, 1, 0.1)) {
                TupleNetwork net = model.network();
                AfterstateLearner learner = new AfterstateLearner(net, 0.1f, Stages.SINGLE, null);
                Moves moves = Moves.of(shape);
                Rng rng = new Rng(c[0].hashCode());
                int[] entries = new int[net.features()];
                int ties = 0;
                for (int i = 0; i < 5_000; i++) {
                    long board = randomBoard(rng, shape);
                    // Small integer weights on every entry the four afterstates read make ties common.
                    for (int d = 0; d < 4; d++) {
                        net.indices(0, moves.move(board, d), entries);
                        for (int e : entries) {
                            net.setEntry(e, (float) (Rng.mix(e + 31L * i) & 3));
                        }
                    }
                    int expected = -1;
                    float best = Float.NEGATIVE_INFINITY;
                    boolean tie = false;
                    for (int d = 0; d < 4; d++) {
                        long after = moves.move(board, d);
                        if (after == board) {
                            continue;
                        }
                        float total = moves.reward(board, d) + net.value(0, after);
                        tie |= total == best;
                        if (total > best) {
                            best = total;
                            expected = d;
                        }
                    }
                    ties += tie ? 1 : 0;
                    int chosen = learner.chooseMove(board);
                    assertEquals(expected, chosen, shape + " board " + Long.toHexString(board));
                    if (chosen >= 0) {
                        assertEquals(moves.move(board, chosen), learner.chosenAfter());
                        assertEquals(moves.reward(board, chosen), learner.chosenReward());
                    }
                }
                assertTrue(ties > 100, "ties exercised on " + shape + ": " + ties);
            }
        }
    }

    private static long randomBoard(Rng rng, Shape shape) {
        long b = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                b = Board.withCode(b, Shape.nibble(r, c), rng.nextInt(3) == 0 ? 0 : rng.nextInt(9));
            }
        }
        return b;
    }
}
