package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.game.Symmetries;
import org.junit.jupiter.api.Test;

/**
 * The field's refinements (multi-stage tables, temporal coherence, optimistic initialisation)
 * checked against a slow, independent TD-afterstate learner written from their definitions: a
 * plain float array, indices computed digit by digit, the stage from the tiles on the board, E and
 * A kept in their own arrays. The engine's trainer and the reference play the same seeded games;
 * their tables must be identical entry by entry, so any difference in a move choice, an index, a
 * stage or a rate shows.
 */
class ReferenceLearnerTest {

    private static final Shape SHAPE = Shape.S3x3;
    private static final NetworkSpec SPEC = NetworkSpec.parse("012,456,0145:sym:c11");

    @Test
    void stagesCoherenceAndOptimismMatchTheReference() {
        Object[][] cases = {
            {"none", false, 0.0}, {"64", false, 0.0}, {"none", true, 0.0}, {"none", false, 300.0},
            {"32,128", true, 0.0}, {"64", true, 500.0}};
        for (int k = 0; k < cases.length; k++) {
            Object[] c = cases[k];
            check(Stages.parse((String) c[0]), (Boolean) c[1], (Double) c[2], 0.02f, 31 + 7 * k);
        }
    }

    private static void check(Stages stages, boolean tc, double v0, float alpha, long seed) {
        int games = 250;
        try (NtupleModel model = NtupleModel.create(SPEC, SHAPE, Method.TD_AFTERSTATE, TerminalValue.ZERO, stages, v0, tc,
                seed, alpha)) {
            Reference ref = new Reference(stages, tc, v0, alpha);
            new Trainer(model, alpha, 1).train(games, null);
            Rng rng = new Rng(0);
            for (int i = 0; i < games; i++) {
                rng.reseed(Rng.gameSeed(seed, i));
                ref.play(rng);
            }
            TupleNetwork net = model.network();
            long n = (long) net.banks() * net.weights();
            assertEquals(ref.w.length, n);
            int changed = 0;
            for (int i = 0; i < n; i++) {
                assertEquals(ref.w[i], net.entry(i), "entry " + i + " with stages " + stages + ", tc " + tc + ", V0 " + v0);
                if (ref.w[i] != (float) (v0 / net.features())) {
                    changed++;
                }
            }
            assertTrue(changed > 100, "the games trained the tables (" + changed + " entries moved)");
            if (stages.count() > 1) {
                long later = 0;
                for (int i = (int) net.weights(); i < n; i++) {
                    later += ref.w[i] != (float) (v0 / net.features()) ? 1 : 0;
                }
                assertTrue(later > 0, "later stages were trained too");
            }
        }
    }

    /** TD-afterstate from its definition, with the refinements written out. */
    private static final class Reference {
        final Stages stages;
        final boolean tc;
        final float alpha;
        final float[] w;
        final float[] e;
        final float[] a;
        final Moves moves = Moves.of(SHAPE);
        final Symmetries sym = new Symmetries(SHAPE);
        final long perStage = SPEC.weights();

        Reference(Stages stages, boolean tc, double v0, float alpha) {
            this.stages = stages;
            this.tc = tc;
            this.alpha = alpha;
            int n = (int) (stages.count() * perStage);
            w = new float[n];
            e = new float[n];
            a = new float[n];
            java.util.Arrays.fill(w, (float) (v0 / (sym.count() * SPEC.tuples().length)));
        }

        int stage(long board) {
            int set = 0;
            for (int cell = 0; cell < 16; cell++) {
                int code = (int) (board >>> (4 * cell)) & 0xF;
                if (code > 0) {
                    set |= 1 << code;
                }
            }
            int k = 0;
            for (int t : stages.thresholds()) {
                if (set >= t) {
                    k++;
                }
            }
            return k;
        }

        /** Entries in the engine's order: image after image, tuple after tuple. */
        int[] features(long board) {
            int[] out = new int[sym.count() * SPEC.tuples().length];
            int f = 0;
            long stageBase = stage(board) * perStage;
            for (int s = 0; s < sym.count(); s++) {
                long x = sym.apply(s, board);
                long tupleBase = 0;
                for (int t = 0; t < SPEC.tuples().length; t++) {
                    int[] cells = SPEC.tuples()[t];
                    long index = 0;
                    long mul = 1;
                    for (int cell : cells) {
                        index += Math.min((int) (x >>> (4 * cell)) & 0xF, SPEC.values() - 1) * mul;
                        mul *= SPEC.values();
                    }
                    out[f++] = (int) (stageBase + tupleBase + index);
                    tupleBase += mul;
                }
            }
            return out;
        }

        float value(long board) {
            float sum = 0;
            for (int i : features(board)) {
                sum += w[i];
            }
            return sum;
        }

        /** The best (reward, afterstate) of {@code s}, first direction on ties; null when none is legal. */
        long[] best(long s) {
            long[] best = null;
            float top = Float.NEGATIVE_INFINITY;
            for (int d = 0; d < 4; d++) {
                long after = moves.move(s, d);
                if (after == s) {
                    continue;
                }
                int r = moves.reward(s, d);
                float v = value(after);
                if (r + v > top) {
                    top = r + v;
                    best = new long[] {r, after, Float.floatToIntBits(v)};
                }
            }
            return best;
        }

        void learn(long after, float target) {
            int[] fs = features(after);
            float delta = target - value(after);
            for (int i : fs) {
                if (!tc) {
                    w[i] += alpha * delta;
                    continue;
                }
                float rate = a[i] == 0f ? alpha : alpha * Math.abs(e[i]) / a[i];
                w[i] += rate * delta;
                e[i] += delta;
                a[i] += Math.abs(delta);
            }
        }

        void play(Rng rng) {
            long s = Spawns.initial(SHAPE, rng);
            long[] choice = best(s);
            if (choice == null) {
                return;
            }
            while (true) {
                long after = choice[1];
                long next = Spawns.spawn(after, SHAPE.cellMask(), rng);
                choice = best(next);
                learn(after, choice == null ? 0f : choice[0] + Float.intBitsToFloat((int) choice[2]));
                if (choice == null) {
                    return;
                }
            }
        }
    }
}
