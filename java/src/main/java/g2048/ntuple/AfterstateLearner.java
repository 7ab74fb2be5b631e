package g2048.ntuple;

import g2048.game.Rng;
import g2048.game.Spawns;
import g2048.player.BestMove;

/**
 * TD-afterstate (Szubert and Jaśkowski 2014, Fig. 6): moves maximise {@code r + V(s')}; after each move the previous
 * afterstate is moved towards {@code r_next + V(s'_next)}, the next move's reward and afterstate
 * value (0 when the new state is terminal).
 *
 * <p>The move chosen inside the update ({@code a_next}) is the move then played: the value of
 * {@code s'_next} used by the update was computed before it, exactly as in the figure, and the
 * game goes on with that choice rather than evaluating the same state a second time.
 */
class AfterstateLearner extends Learner {

    /** Each legal direction's afterstate, reward, value and reward + value, for the choice. */
    private final long[] moveAfters = new long[4];
    private final int[] moveRewards = new int[4];
    private final float[] moveValues = new float[4];
    private final double[] moveTotals = new double[4];
    private long chosenAfter;
    private int chosenReward;
    private float chosenValue;

    AfterstateLearner(TupleNetwork net, float alpha, Stages stages, Coherence coherence) {
        super(net, alpha, stages, coherence);
    }

    /** Picks the best move of {@code s} ({@link BestMove}), leaving its afterstate, reward and value in the fields. */
    final int choose(long s) {
        int legal = 0;
        for (int d = 0; d < 4; d++) {
            long after = moves.move(s, d);
            if (after != s) {
                int r = moves.reward(s, d);
                float v = net.value(stages.of(after), after);
                legal |= 1 << d;
                moveAfters[d] = after;
                moveRewards[d] = r;
                moveValues[d] = v;
                // the float sum, as the targets use it, so that equal totals stay equal
                moveTotals[d] = r + v;
            }
        }
        int best = BestMove.of(moveTotals, legal);
        if (best >= 0) {
            chosenAfter = moveAfters[best];
            chosenReward = moveRewards[best];
            chosenValue = moveValues[best];
        }
        return best;
    }

    @Override
    public final int chooseMove(long board) {
        return choose(board);
    }

    @Override
    public Outcome play(Rng rng, boolean learn, long start) {
        long s = start(start, rng);
        visit(s);
        if (choose(s) < 0) {
            return outcome(0, 0, s);
        }
        long after = chosenAfter;
        long score = chosenReward;
        int n = 1;
        while (true) {
            long next = Spawns.spawn(after, cellMask, rng);
            visit(next);
            if (!step(after, next, learn)) {
                return outcome(score, n, next);
            }
            after = chosenAfter;
            score += chosenReward;
            n++;
        }
    }

    /**
     * One step of Fig. 6 after the spawn: chooses {@code a_next} in {@code next} and, if learning,
     * moves V({@code after}) towards {@code r_next + V(s'_next)} (0 if {@code next} is terminal).
     * Returns false when {@code next} is terminal; otherwise the chosen afterstate and reward are
     * {@link #chosenAfter()} and {@link #chosenReward()}.
     */
    boolean step(long after, long next, boolean learn) {
        boolean over = choose(next) < 0;
        if (learn) {
            float target = over ? 0f : chosenReward + chosenValue;
            update(net.indices(stages.of(after), after, entries), target);
        }
        return !over;
    }

    long chosenAfter() {
        return chosenAfter;
    }

    int chosenReward() {
        return chosenReward;
    }

    float chosenValue() {
        return chosenValue;
    }
}
