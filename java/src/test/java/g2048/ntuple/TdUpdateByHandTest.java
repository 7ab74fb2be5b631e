package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Board;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

/**
 * One TD-afterstate step worked out by hand on a 2×2 board with two tuples (top row, bottom row),
 * 16 values, no symmetric sampling: V(b) = LUT0[b0 + 16·b1] + LUT1[b4 + 16·b5].
 */
class TdUpdateByHandTest {

    @Test
    void oneAfterstateUpdate() {
        Shape shape = Shape.S2x2;
        TupleSpec spec = TupleSpec.parse("01,45:c16");
        try (NtupleModel model = NtupleModel.create(spec, shape, Method.TD_AFTERSTATE, 1, 0.5)) {
            TupleNetwork net = model.network();
            // s' (afterstate being updated): top row [2, 4] = codes (1, 2), bottom row empty.
            long after = board(1, 2, 0, 0);
            // s'' (after the spawn): a 2 spawned bottom-left: codes (1, 2 / 1, 0).
            long next = board(1, 2, 1, 0);
            // Weights: V(s') = LUT0[1 + 16·2] + LUT1[0] = 3 + 1 = 4.
            net.setEntry(1 + 16 * 2, 3f);
            net.setEntry(256, 1f);
            // In s'' the legal moves are: up (merges the left column: 2+2 → 4, reward 4, afterstate
            // codes (2, 2 / 0, 0)), right (bottom row slides: codes (1, 2 / 0, 1)), down (codes
            // (0, 0 / 2, 2), reward 4) and left is illegal... the bottom row [2, _] cannot move left.
            long up = board(2, 2, 0, 0);
            long right = board(1, 2, 0, 1);
            long down = board(0, 0, 2, 2);
            // Make "up" best: LUT0[2 + 16·2] = 10, so r + V = 4 + 10 + LUT1[0] (1) = 15.
            net.setEntry(2 + 16 * 2, 10f);
            assertEquals(11f, net.value(0, up));
            assertEquals(3f + 0f, net.value(0, right) - 0f, "right: LUT0[33] + LUT1[16] = 3 + 0");
            assertEquals(0f + 0f, net.value(0, down), "down: LUT0[0] + LUT1[2 + 32] = 0");
            AfterstateLearner learner = new AfterstateLearner(net, 0.5f, Stages.SINGLE, null);
            // s' is chosen first, from (_, _ / 2, 4) whose one legal move is up: its value then is the update's V(s')
            assertEquals(0, learner.choose(board(0, 0, 1, 2)));
            assertEquals(after, learner.chosenAfter());
            assertEquals(4f, learner.chosenValue());
            assertTrue(learner.step(after, next, true));
            assertEquals(up, learner.chosenAfter());
            assertEquals(4, learner.chosenReward());
            // δ = r_next + V(s'_next) − V(s') = 4 + 11 − 4 = 11; each tuple's entry gains α·δ = 5.5.
            assertEquals(3f + 5.5f, net.entry(1 + 16 * 2));
            assertEquals(1f + 5.5f, net.entry(256));
            assertEquals(4f + 11f, net.value(0, after), "V(s') moved halfway to its target 15");
            // Nothing else changed.
            assertEquals(10f, net.entry(2 + 16 * 2));
            assertEquals(0f, net.entry(256 + 1 + 16 * 0 + 0));
        }
    }

    @Test
    void terminalNextStateHasTargetZero() {
        TupleSpec spec = TupleSpec.parse("01,45:c16");
        try (NtupleModel model = NtupleModel.create(spec, Shape.S2x2, Method.TD_AFTERSTATE, 1, 0.25)) {
            TupleNetwork net = model.network();
            long after = board(1, 2, 3, 0);
            long next = board(1, 2, 3, 4);
            net.setEntry(1 + 16 * 2, 8f);
            net.setEntry(256 + 3, 4f);
            AfterstateLearner learner = new AfterstateLearner(net, 0.25f, Stages.SINGLE, null);
            // s' is chosen from (2, 4 / _, 8): left (V = 12) over down (V = 0)
            assertEquals(3, learner.choose(board(1, 2, 0, 3)));
            assertEquals(after, learner.chosenAfter());
            assertEquals(false, learner.step(after, next, true));
            // δ = 0 − 12; each entry gains 0.25 · (−12) = −3.
            assertEquals(5f, net.entry(1 + 16 * 2));
            assertEquals(1f, net.entry(256 + 3));
        }
    }

    private static long board(int a, int b, int c, int d) {
        long x = Board.withCode(0, 0, a);
        x = Board.withCode(x, 1, b);
        x = Board.withCode(x, 4, c);
        return Board.withCode(x, 5, d);
    }

    @Test
    void tdStateValuesTerminalSpawnsByItsTerminalRule() {
        // 2x2, codes (1, 2 / 3, _): a 2 in the empty cell ends the game (1, 2 / 3, 1), a 4 does not
        // (the right column 2, 2 merges). V(two) = LUT0[1 + 16·2] + LUT1[3 + 16·1] = 4 + 6 = 10,
        // V(four) = LUT0[33] + LUT1[3 + 16·2] = 4 + 16 = 20.
        long after = board(1, 2, 3, 0);
        for (TerminalValue rule : TerminalValue.values()) {
            try (NtupleModel model = NtupleModel.create(TupleSpec.parse("01,45:c16"), Shape.S2x2, Method.TD_STATE, rule,
                    1, 0.5)) {
                TupleNetwork net = model.network();
                net.setEntry(1 + 16 * 2, 4f);
                net.setEntry(256 + 3 + 16, 6f);
                net.setEntry(256 + 3 + 32, 16f);
                assertEquals(10f, net.value(0, board(1, 2, 3, 1)));
                assertEquals(20f, net.value(0, board(1, 2, 3, 2)));
                double expected = rule == TerminalValue.ZERO ? 0.1 * 20 : 0.9 * 10 + 0.1 * 20;
                assertEquals(expected, model.evaluator().value(after), 1e-5, rule.text());
            }
        }
    }
}
