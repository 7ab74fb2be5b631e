package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Rng;
import g2048.player.BestMove;

/**
 * TD-state (Szubert and Jaśkowski 2014, Fig. 5): moves maximise {@code r + Σ P(s'') V(s'')} over every spawn the
 * afterstate allows (each empty cell × {2: 0.9, 4: 0.1}); after each move the state is moved
 * towards {@code r + V(s'')}. A terminal {@code s''} counts 0 in both, consistent with the targets
 * the network learns, unless the model says {@link TerminalValue#NETWORK}: then the network's value,
 * as the paper's figure reads.
 */
final class StateLearner extends Learner {

    /** Whether terminal states take the network's value rather than 0. */
    private final boolean networkAtTerminal;
    /** reward + expected value by legal direction, for the choice. */
    private final double[] totals = new double[4];

    StateLearner(TupleNetwork net, float alpha, TerminalValue terminal, Stages stages, Coherence coherence) {
        super(net, alpha, stages, coherence);
        this.networkAtTerminal = terminal == TerminalValue.NETWORK;
    }

    /** The expectation of V over the spawns of {@code after} (which has at least one empty cell). */
    float expectation(long after) {
        long empty = Board.emptyCells(after, cellMask);
        int n = Long.bitCount(empty);
        // Only when one cell is left can the spawn end the game.
        boolean mayEnd = n == 1 && !networkAtTerminal;
        float sum = 0;
        for (long e = empty; e != 0; e &= e - 1) {
            int shift = Long.numberOfTrailingZeros(e);
            long two = after | (1L << shift);
            long four = after | (2L << shift);
            float v2 = mayEnd && moves.isTerminal(two) ? 0f : net.value(stages.of(two), two);
            float v4 = mayEnd && moves.isTerminal(four) ? 0f : net.value(stages.of(four), four);
            sum += 0.9f * v2 + 0.1f * v4;
        }
        return n == 0 ? 0f : sum / n;
    }

    @Override
    public int chooseMove(long s) {
        int legal = 0;
        for (int d = 0; d < 4; d++) {
            long after = moves.move(s, d);
            if (after != s) {
                legal |= 1 << d;
                totals[d] = moves.reward(s, d) + expectation(after);
            }
        }
        return BestMove.of(totals, legal);
    }

    @Override
    public Outcome play(Rng rng, boolean learn, long start) {
        long s = start(start, rng);
        long score = 0;
        int n = 0;
        int a;
        while (true) {
            visit(s);
            if ((a = chooseMove(s)) < 0) {
                break;
            }
            long after = moves.move(s, a);
            int r = moves.reward(s, a);
            long next = spawn(after, rng);
            if (learn) {
                float vNext = !networkAtTerminal && moves.isTerminal(next) ? 0f : net.value(stages.of(next), next);
                update(net.indices(stages.of(s), s, entries), r + vNext);
            }
            score += r;
            n++;
            s = next;
        }
        return outcome(score, n, s);
    }
}
