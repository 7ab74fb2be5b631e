package g2048.search;

import g2048.eval.Evaluator;
import g2048.game.Moves;
import g2048.play.Player;

/** 1-ply play: the legal move maximising reward + V(afterstate). Ties go to the lowest direction. */
public final class GreedyPlayer implements Player {

    private final Evaluator evaluator;
    private final Moves moves;

    public GreedyPlayer(Evaluator evaluator) {
        this.evaluator = evaluator;
        this.moves = Moves.of(evaluator.shape());
    }

    @Override
    public int chooseMove(long board) {
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int d = 0; d < 4; d++) {
            long after = moves.move(board, d);
            if (after == board) {
                continue;
            }
            double v = moves.reward(board, d) + evaluator.value(after);
            if (v > bestValue) {
                bestValue = v;
                best = d;
            }
        }
        return best;
    }

    @Override
    public Player forThread() {
        Evaluator own = evaluator.forThread();
        return own == evaluator ? this : new GreedyPlayer(own);
    }

    @Override
    public String name() {
        return evaluator.describe() + ", greedy";
    }
}
