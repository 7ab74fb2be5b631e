package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import org.junit.jupiter.api.Test;

/**
 * {@link HandOff}: the last stage moves by one constant, the earlier stages not at all, and the TD
 * errors across the hand-off, measured by a slow independent player, end within half a standard
 * error of zero; a stage shifted by hand is shifted back.
 */
class HandOffTest {

    private static final Shape SHAPE = Shape.S3x3;
    private static final TupleSpec SPEC = TupleSpec.parse("012,456,0145:sym:c11");
    private static final int GAMES = 300;
    private static final long SEED = 99;

    @Test
    void alignsTheLastStageAndOnlyIt() {
        try (NtupleModel model = trained()) {
            TupleNetwork net = model.network();
            float[] before = entries(net);
            HandOff.Result r = HandOff.align(model, GAMES, SEED);
            assertEquals(1, r.stage());
            assertTrue(r.handOffs() > 50, "games reach the last stage: " + r.handOffs());
            for (int i = 0; i < net.weights(); i++) {
                assertEquals(before[i], net.entry(i), "first-stage entry " + i);
            }
            float each = (float) (r.shift() / net.features());
            for (long i = net.weights(); i < 2 * net.weights(); i++) {
                assertEquals(before[(int) i] + each, net.entry(i), 1e-3, "last-stage entry " + i);
            }
            double[] measured = referenceErrors(model);
            assertEquals(r.errorAfter(), measured[0], 1e-2 * (1 + Math.abs(measured[0])), "the mean error it reports");
            assertEquals(r.handOffs(), (long) measured[2]);
            double se = measured[1] / Math.sqrt(measured[2]);
            assertTrue(Math.abs(measured[0]) <= se / 2 || Math.abs(measured[0]) < Math.abs(r.errorBefore()) / 20,
                    "mean TD error across the hand-off " + measured[0] + " (before " + r.errorBefore() + ", se " + se + ")");
        }
    }

    @Test
    void aStageShiftedByHandIsShiftedBack() {
        try (NtupleModel model = trained()) {
            HandOff.align(model, GAMES, SEED);
            TupleNetwork net = model.network();
            double moved = 2000;
            for (long i = net.weights(); i < 2 * net.weights(); i++) {
                net.setEntry(i, net.entry(i) + (float) (moved / net.features()));
            }
            HandOff.Result r = HandOff.align(model, GAMES, SEED);
            double se = r.sd() / Math.sqrt(r.handOffs());
            assertEquals(moved, r.errorBefore(), 3 * se + 0.05 * moved, "the hand's shift is measured");
            assertEquals(-moved, r.shift(), 3 * se + 0.05 * moved, "and undone");
        }
    }

    @Test
    void refusesModelsWithoutAHandOff() {
        try (NtupleModel one = NtupleModel.create(SPEC, SHAPE, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.SINGLE, 0,
                false, 1, 0.02);
             NtupleModel state = NtupleModel.create(SPEC, SHAPE, Method.TD_STATE, TerminalValue.ZERO, Stages.parse("32"), 0,
                false, 1, 0.02)) {
            assertThrows(IllegalArgumentException.class, () -> HandOff.align(one, 10, 1));
            assertThrows(IllegalArgumentException.class, () -> HandOff.align(state, 10, 1));
        }
    }

    /** A two-stage model (the second from a tile sum of 32) after plain games, both stages trained. */
    private static NtupleModel trained() {
        NtupleModel model = NtupleModel.create(SPEC, SHAPE, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.parse("32"), 0,
                false, 5, 0.02);
        new SelfPlay(model, 0.02, 1).train(2000, null);
        return model;
    }

    private static float[] entries(TupleNetwork net) {
        float[] out = new float[(int) (2 * net.weights())];
        for (int i = 0; i < out.length; i++) {
            out[i] = net.entry(i);
        }
        return out;
    }

    /**
     * {mean, sd, count} of {@code r + V(a') − V(a)} over each game's first move into the last
     * stage, its greedy moves chosen here from the network's values (first direction on ties).
     */
    private static double[] referenceErrors(NtupleModel model) {
        TupleNetwork net = model.network();
        Moves moves = Moves.of(SHAPE);
        Rng rng = new Rng(0);
        java.util.List<Double> errors = new java.util.ArrayList<>();
        for (int g = 0; g < GAMES; g++) {
            rng.reseed(Rng.gameSeed(SEED, g));
            long s = Spawns.initial(SHAPE, rng);
            long before = 0;
            while (true) {
                int best = -1;
                double top = Double.NEGATIVE_INFINITY;
                for (int d = 0; d < 4; d++) {
                    long after = moves.move(s, d);
                    if (after != s && moves.reward(s, d) + value(net, after) > top) {
                        top = moves.reward(s, d) + value(net, after);
                        best = d;
                    }
                }
                if (best < 0) {
                    break;
                }
                long after = moves.move(s, best);
                if (tileSum(after) >= 32) {
                    if (before != 0 && tileSum(before) < 32) {
                        errors.add((double) (moves.reward(s, best) + value(net, after) - value(net, before)));
                    }
                    break;
                }
                before = after;
                s = Spawns.spawn(after, SHAPE.cellMask(), rng);
            }
        }
        double mean = errors.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double var = errors.stream().mapToDouble(e -> (e - mean) * (e - mean)).average().orElse(0);
        return new double[] {mean, Math.sqrt(var), errors.size()};
    }

    private static float value(TupleNetwork net, long board) {
        return net.value(tileSum(board) >= 32 ? 1 : 0, board);
    }

    private static int tileSum(long board) {
        int sum = 0;
        for (int code = 1; code < 16; code++) {
            for (int cell = 0; cell < 16; cell++) {
                if ((board >>> (4 * cell) & 0xF) == code) {
                    sum += 1 << code;
                    break;
                }
            }
        }
        return sum;
    }
}
