package g2048.ntuple;

import g2048.game.Rng;
import g2048.player.BestMove;

/**
 * Q-learning (Szubert and Jaśkowski 2014, Fig. 4) with four networks, one per action (banks 0..3 = up, right, down,
 * left; stage k's are banks 4k..4k+3): moves maximise {@code V_a(s)} over the legal actions; after each move {@code V_a(s)} is
 * moved towards {@code r + max_a' V_a'(s'')} (0 when {@code s''} is terminal).
 *
 * <p>The maximising action found for the target is the action then played in {@code s''}, as in
 * {@link AfterstateLearner}: one evaluation of the next state serves both.
 */
final class QLearner extends Learner {

    private float chosenValue;
    /** V_a(s) by legal action, for the choice. */
    private final double[] values = new double[4];

    QLearner(TupleNetwork net, float alpha, Stages stages, Coherence coherence) {
        super(net, alpha, stages, coherence);
        if (net.banks() != 4 * stages.count()) {
            throw new IllegalArgumentException("Q-learning needs 4 networks per stage, got " + net.banks());
        }
    }

    private int choose(long s) {
        int legal = 0;
        int first = 4 * stages.of(s);
        for (int d = 0; d < 4; d++) {
            if (moves.move(s, d) != s) {
                legal |= 1 << d;
                values[d] = net.value(first + d, s);
            }
        }
        int best = BestMove.of(values, legal);
        chosenValue = best < 0 ? Float.NEGATIVE_INFINITY : (float) values[best];
        return best;
    }

    @Override
    public int chooseMove(long board) {
        return choose(board);
    }

    @Override
    public Outcome play(Rng rng, boolean learn, long start) {
        long s = start(start, rng);
        visit(s);
        long score = 0;
        int n = 0;
        int a = choose(s);
        while (a >= 0) {
            long after = moves.move(s, a);
            int r = moves.reward(s, a);
            long next = spawn(after, rng);
            visit(next);
            int aNext = choose(next);
            if (learn) {
                float vNext = aNext < 0 ? 0f : chosenValue;
                update(net.indices(4 * stages.of(s) + a, s, entries), r + vNext);
            }
            score += r;
            n++;
            s = next;
            a = aNext;
        }
        return outcome(score, n, s);
    }
}
