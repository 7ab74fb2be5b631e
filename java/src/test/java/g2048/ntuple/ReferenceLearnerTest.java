package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
    private static final TupleSpec SPEC = TupleSpec.parse("012,456,0145:sym:c11");

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

    @Test
    void multiStepRulesMatchTheReference() {
        TdRule[] rules = {
            new TdRule(3, 0, false), new TdRule(1, 0, true), new TdRule(4, 0, true),
            new TdRule(4, 0.5, false), new TdRule(2, 0.3, false), new TdRule(1, 0.5, true)};
        for (int k = 0; k < rules.length; k++) {
            boolean tc = k % 2 == 1;
            check(k % 3 == 0 ? Stages.parse("64") : Stages.SINGLE, tc, 0, 0.01f, 101 + 13 * k, rules[k], Shaping.NONE);
        }
    }

    @Test
    void oneStepForwardRuleIsTheSeedsTdZero() {
        // The general learner with n = 1 forward learns exactly what the seed's TD(0) learner does.
        try (NtupleModel a = NtupleModel.create(SPEC, SHAPE, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.SINGLE, 0,
                false, 3, 0.02);
             NtupleModel b = NtupleModel.create(SPEC, SHAPE, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.SINGLE, 0,
                false, 3, 0.02)) {
            new SelfPlay(a, 0.02, 1).train(200, null);
            // The model hands TD(0) to the seed's learner; drive the general one with n = 1 directly.
            Learner one = new EpisodeLearner(b.network(), 0.02f, Stages.SINGLE, null, TdRule.TD0);
            Rng rng = new Rng(0);
            for (int i = 0; i < 200; i++) {
                rng.reseed(Rng.gameSeed(3, i));
                one.play(rng, true);
            }
            for (long i = 0; i < SPEC.weights(); i++) {
                assertEquals(a.network().entry(i), b.network().entry(i), "entry " + i);
            }
        }
    }

    @Test
    void shapingStartsMatchTheReference() {
        check(Stages.SINGLE, false, 0, 0.02f, 7, TdRule.TD0, Shaping.RESTART);
        check(Stages.parse("32,64"), true, 0, 0.02f, 8, TdRule.TD0, Shaping.CAROUSEL);
        check(Stages.SINGLE, false, 0, 0.02f, 9, new TdRule(3, 0, true), Shaping.RESTART);
    }

    @Test
    void lateEpisodesMatchTheReferenceAndTrainOnlyTheLateStage() {
        check(Stages.parse("64"), true, 0, 0.02f, 10, new TdRule(1, 0.5, true), Shaping.LATE);
        check(Stages.parse("16,32"), false, 0, 0.02f, 11, TdRule.TD0, Shaping.LATE);
    }

    @Test
    void lateEpisodesFromAnotherModelsPrefixesMatchTheReference() {
        // the prefix model: a single-stage network trained a little, so that its greedy games differ from the learner's
        try (NtupleModel prefix = NtupleModel.create(SPEC, SHAPE, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.SINGLE,
                0, false, 5, 0.02)) {
            new SelfPlay(prefix, 0.02, 1).train(100, null);
            check(Stages.parse("64"), true, 0, 0.02f, 12, new TdRule(1, 0.5, true), Shaping.LATE, prefix);
            check(Stages.parse("32"), false, 0, 0.02f, 13, TdRule.TD0, Shaping.LATE, prefix);
        }
    }

    @Test
    void aPrefixModelIsRefusedWithoutLateShapingOrOnAnotherBoard() {
        try (NtupleModel model = NtupleModel.create(SPEC, SHAPE, Method.TD_AFTERSTATE, 1, 0.02);
             NtupleModel other = NtupleModel.create(TupleSpec.parse("0123:sym"), Shape.S4x4, Method.TD_AFTERSTATE, 1, 0.02)) {
            SelfPlay play = new SelfPlay(model, 0.02, 1);
            assertThrows(IllegalArgumentException.class, () -> play.setShaping(Shaping.RESTART, model));
            assertThrows(IllegalArgumentException.class, () -> play.setShaping(Shaping.LATE, other));
            play.setShaping(Shaping.LATE, model);
        }
    }

    private static void check(Stages stages, boolean tc, double v0, float alpha, long seed) {
        check(stages, tc, v0, alpha, seed, TdRule.TD0, Shaping.NONE);
    }

    private static void check(Stages stages, boolean tc, double v0, float alpha, long seed, TdRule rule, Shaping shaping) {
        check(stages, tc, v0, alpha, seed, rule, shaping, null);
    }

    /** As above; {@code prefix}, when not null, plays the late episodes' prefixes (a single-stage model of {@link #SPEC}). */
    private static void check(Stages stages, boolean tc, double v0, float alpha, long seed, TdRule rule, Shaping shaping,
                              NtupleModel prefix) {
        int games = 250;
        try (NtupleModel model = NtupleModel.create(SPEC, SHAPE, Method.TD_AFTERSTATE, TerminalValue.ZERO, stages, v0, tc,
                seed, alpha)) {
            Reference ref = new Reference(stages, tc, v0, alpha);
            Reference prefixRef = ref;
            if (prefix != null) {
                prefixRef = new Reference(Stages.SINGLE, false, 0, 0f);
                for (int i = 0; i < prefixRef.w.length; i++) {
                    prefixRef.w[i] = prefix.network().entry(i);
                }
            }
            SelfPlay trainer = new SelfPlay(model, alpha, 1);
            trainer.setRule(rule);
            trainer.setShaping(shaping, prefix);
            trainer.train(games, null);
            Rng rng = new Rng(0);
            long start = 0;
            int turn = 0;
            long[] carousel = new long[2];
            int[] points = stages.count() > 1 ? stages.thresholds() : new int[] {8192, 16384};
            for (int i = 0; i < games; i++) {
                rng.reseed(Rng.gameSeed(seed, i));
                if (shaping == Shaping.CAROUSEL) {
                    start = turn == 0 ? 0 : carousel[turn - 1];
                    turn = (turn + 1) % 3;
                } else if (shaping == Shaping.LATE) {
                    start = prefixRef.latePoint(rng, points[points.length - 1]);
                }
                Game game = ref.play(rng, rule, start);
                if (shaping == Shaping.RESTART || shaping == Shaping.LATE) {
                    // an episode: while a segment made more than 10 moves, its middle afterstate and a fresh tile,
                    // on the game's own seed
                    while (game.afters().size() > 10) {
                        long from = Spawns.spawn(game.afters().get(game.afters().size() / 2), SHAPE.cellMask(), rng);
                        game = ref.play(rng, rule, from);
                    }
                } else if (shaping == Shaping.CAROUSEL) {
                    for (int p = 0; p < 2; p++) {
                        for (long st : game.states()) {
                            if (ref.tileSum(st) >= points[p]) {
                                carousel[p] = st;
                                break;
                            }
                        }
                    }
                }
            }
            TupleNetwork net = model.network();
            long n = (long) net.banks() * net.weights();
            assertEquals(ref.w.length, n);
            int changed = 0;
            for (int i = 0; i < n; i++) {
                assertEquals(ref.w[i], net.entry(i), "entry " + i + " with stages " + stages + ", tc " + tc + ", V0 " + v0
                        + ", " + rule.text() + ", shaping " + shaping.text());
                if (ref.w[i] != (float) (v0 / net.features())) {
                    changed++;
                }
            }
            assertTrue(changed > 100, "the games trained the tables (" + changed + " entries moved)");
            if (shaping == Shaping.LATE) {
                // every learned state is in the last stage: the earlier stages' tables never move
                for (long i = 0; i < (stages.count() - 1) * net.weights(); i++) {
                    assertEquals((float) (v0 / net.features()), net.entry(i), "early-stage entry " + i);
                }
            }
            if (stages.count() > 1) {
                long later = 0;
                for (int i = (int) net.weights(); i < n; i++) {
                    later += ref.w[i] != (float) (v0 / net.features()) ? 1 : 0;
                }
                assertTrue(later > 0, "later stages were trained too");
            }
        }
    }

    /** The states and the afterstates of one game, in order. */
    private record Game(java.util.List<Long> states, java.util.List<Long> afters) {
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

        int tileSum(long board) {
            java.util.Set<Integer> tiles = new java.util.TreeSet<>();
            for (int cell = 0; cell < 16; cell++) {
                int code = (int) (board >>> (4 * cell)) & 0xF;
                if (code > 0) {
                    tiles.add(1 << code);
                }
            }
            return tiles.stream().mapToInt(Integer::intValue).sum();
        }

        int stage(long board) {
            int set = tileSum(board);
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

        /**
         * The first state at which a greedy game, unlearned, holds a tile sum of {@code point} or
         * more; games that end first are played again on the same stream.
         */
        long latePoint(Rng rng, int point) {
            while (true) {
                long s = Spawns.initial(SHAPE, rng);
                long[] choice;
                while (tileSum(s) < point && (choice = best(s)) != null) {
                    s = Spawns.spawn(choice[1], SHAPE.cellMask(), rng);
                }
                if (tileSum(s) >= point) {
                    return s;
                }
            }
        }

        /** Moves {@code after} towards {@code target} from {@code current}, its value when chosen or read afresh. */
        void learn(long after, float current, float target) {
            int[] fs = features(after);
            float delta = target - current;
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

        /**
         * Plays one game from {@code start} (0: the initial spawns) learning by {@code rule}; returns
         * the states it went through, the last one terminal, and its afterstates.
         */
        Game play(Rng rng, TdRule rule, long start) {
            java.util.List<Long> states = new java.util.ArrayList<>();
            java.util.List<Long> afters = new java.util.ArrayList<>();
            java.util.List<Integer> rewards = new java.util.ArrayList<>();
            java.util.List<Float> values = new java.util.ArrayList<>();
            long s = start != 0 ? start : Spawns.initial(SHAPE, rng);
            int n = rule.steps();
            while (true) {
                states.add(s);
                long[] choice = best(s);
                if (choice == null) {
                    break;
                }
                afters.add(choice[1]);
                rewards.add((int) choice[0]);
                values.add(Float.intBitsToFloat((int) choice[2]));
                int t = afters.size() - 1;
                if (!rule.backward() && t >= n) {
                    learn(afters.get(t - n), values.get(t - n), (float) forwardReturn(rule, rewards, values, t - n, t, false));
                }
                s = Spawns.spawn(choice[1], SHAPE.cellMask(), rng);
            }
            int last = afters.size() - 1;
            if (!rule.backward()) {
                for (int j = Math.max(0, last - n + 1); j <= last; j++) {
                    learn(afters.get(j), values.get(j), (float) forwardReturn(rule, rewards, values, j, last, true));
                }
            } else if (rule.lambda() == 0) {
                for (int j = last; j >= 0; j--) {
                    double target = 0;
                    for (int i = j + 1; i <= j + n; i++) {
                        target += i <= last ? rewards.get(i) : 0;
                    }
                    target += j + n <= last ? value(afters.get(j + n)) : 0;
                    learn(afters.get(j), value(afters.get(j)), (float) target);
                }
            } else {
                double lam = rule.lambda();
                double g = 0;
                for (int j = last; j >= 0; j--) {
                    g = j == last ? 0 : rewards.get(j + 1) + (1 - lam) * value(afters.get(j + 1)) + lam * g;
                    learn(afters.get(j), value(afters.get(j)), (float) g);
                }
            }
            return new Game(states, afters);
        }

        /**
         * The forward target of afterstate j knowing afterstates up to {@code known}: after the
         * end of a game every later reward and value is 0.
         */
        double forwardReturn(TdRule rule, java.util.List<Integer> rewards, java.util.List<Float> values, int j, int known,
                             boolean ended) {
            int n = rule.steps();
            double[] g = new double[n + 1];
            for (int k = 1; k <= n; k++) {
                double sum = 0;
                for (int i = j + 1; i <= j + k; i++) {
                    sum += i <= known ? rewards.get(i) : 0;
                }
                g[k] = sum + (j + k <= known ? values.get(j + k) : 0);
                if (!ended && j + k > known) {
                    throw new AssertionError("a forward target before its horizon was played");
                }
            }
            if (rule.lambda() == 0) {
                return g[n];
            }
            double lam = rule.lambda();
            double sum = 0;
            double weight = 1 - lam;
            for (int k = 1; k < n; k++) {
                sum += weight * g[k];
                weight *= lam;
            }
            return sum + Math.pow(lam, n - 1) * g[n];
        }
    }
}
