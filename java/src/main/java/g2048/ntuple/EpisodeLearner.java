package g2048.ntuple;

import g2048.game.Rng;

/**
 * TD-afterstate with the targets of a {@link TdRule} other than online TD(0): n-step TD and
 * TD(λ), forward or backward. Moves are chosen by {@link AfterstateLearner}'s choice
 * (maximising {@code r + V(s')}, first direction on ties); the game's afterstates, the rewards that
 * made them and their values at choice time are kept, so that a forward update can run once its
 * horizon is played and a backward pass can run at the end. A forward update measures its error
 * against the afterstate's value at choice time, as online TD(0) does; a backward pass, which comes
 * a whole game of updates later, reads it afresh. One instance per thread.
 */
final class EpisodeLearner extends AfterstateLearner {

    private final TdRule rule;
    private final int horizon;
    private final double lambda;
    /** Afterstate t of the game, the reward of the move that made it, and its value when chosen. */
    private long[] afters = new long[4096];
    private int[] rewards = new int[4096];
    private float[] values = new float[4096];
    /** The backward pass's entry numbers of the afterstate before the one being updated (numbered a step ahead). */
    private final int[] aheadEntries;

    EpisodeLearner(TupleNetwork net, float alpha, Stages stages, Coherence coherence, TdRule rule) {
        // the updates come after the game (backward) or a horizon later (forward), not one choice later
        super(net, alpha, stages, coherence, false);
        this.rule = rule;
        this.horizon = rule.steps();
        this.lambda = rule.lambda();
        this.aheadEntries = new int[net.features()];
    }

    @Override
    public Outcome play(Rng rng, boolean learn, long start) {
        long s = start(start, rng);
        long score = 0;
        int t = 0;
        while (true) {
            visit(s);
            if (choose(s) < 0) {
                break;
            }
            record(t, chosenAfter(), chosenReward(), chosenValue());
            score += chosenReward();
            if (learn && !rule.backward() && t >= horizon) {
                learnForward(t - horizon, t, false);
            }
            t++;
            s = spawn(chosenAfter(), rng);
        }
        if (learn && t > 0) {
            int last = t - 1;
            if (rule.backward()) {
                learnBackward(last);
            } else {
                for (int j = Math.max(0, last - horizon + 1); j <= last; j++) {
                    learnForward(j, last, true);
                }
            }
        }
        return outcome(score, t, s);
    }

    private void record(int t, long after, int reward, float value) {
        if (t == afters.length) {
            afters = java.util.Arrays.copyOf(afters, 2 * t);
            rewards = java.util.Arrays.copyOf(rewards, 2 * t);
            values = java.util.Arrays.copyOf(values, 2 * t);
        }
        afters[t] = after;
        rewards[t] = reward;
        values[t] = value;
    }

    /**
     * The forward update of afterstate {@code j} once afterstates up to {@code known} are played;
     * at the end of the game ({@code ended}) {@code known} is the last afterstate, after which the
     * game is over (a terminal state, worth 0).
     */
    private void learnForward(int j, int known, boolean ended) {
        double target = lambda == 0 ? kStepReturn(j, horizon, known, ended) : lambdaReturn(j, known, ended);
        long after = afters[j];
        // the error against the value when chosen, as online TD(0) measures it (AfterstateLearner)
        net.entryNumbers(stages.of(after), after, entries);
        update(values[j], (float) target);
    }

    /**
     * {@code G^(k)} of afterstate {@code j}: the next k rewards and the value (at choice time) of
     * afterstate {@code j + k}; when the game ended before it, the rewards to the end.
     */
    private double kStepReturn(int j, int k, int known, boolean ended) {
        boolean whole = ended && j + k > known;
        int end = whole ? known : j + k;
        double g = 0;
        for (int i = j + 1; i <= end; i++) {
            g += rewards[i];
        }
        return whole ? g : g + values[j + k];
    }

    /** The λ-return of afterstate {@code j} truncated at the horizon n: (1−λ) Σ_{k<n} λ^(k−1) G^(k) + λ^(n−1) G^(n). */
    private double lambdaReturn(int j, int known, boolean ended) {
        double g = 0;
        double weight = 1 - lambda;
        for (int k = 1; k < horizon; k++) {
            g += weight * kStepReturn(j, k, known, ended);
            weight *= lambda;
        }
        return g + Math.pow(lambda, horizon - 1) * kStepReturn(j, horizon, known, ended);
    }

    /**
     * After the game: last afterstate first, every target read from the values just updated. The
     * λ-return's value of afterstate j + 1 is read from the entry numbers its update used, and the
     * numbers of afterstate j − 1 are made before afterstate j's update: the same sums in the same
     * order as numbering each afterstate twice.
     */
    private void learnBackward(int last) {
        int[] now = entries;
        int[] ahead = aheadEntries;
        net.entryNumbers(stages.of(afters[last]), afters[last], now);
        double g = 0;
        for (int j = last; j >= 0; j--) {
            if (j > 0) {
                long before = afters[j - 1];
                net.entryNumbers(stages.of(before), before, ahead);
            }
            long after = afters[j];
            double target;
            if (lambda > 0) {
                // G_j = r_{j+1} + (1 − λ) V(s'_{j+1}) + λ G_{j+1}; G_last = 0 (made after s'_{j+1}'s update, below)
                target = g;
            } else {
                int end = Math.min(j + horizon, last);
                target = 0;
                for (int i = j + 1; i <= end; i++) {
                    target += rewards[i];
                }
                if (j + horizon <= last) {
                    long at = afters[j + horizon];
                    target += net.value(stages.of(at), at);
                }
            }
            update(now, net.sumOfNumbered(now), (float) target);
            if (lambda > 0 && j > 0) {
                g = rewards[j] + (1 - lambda) * net.valueOfNumbered(stages.of(after), after, now) + lambda * g;
            }
            int[] swap = now;
            now = ahead;
            ahead = swap;
        }
    }
}
