package g2048.search;

import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.play.Player;

/** 1-ply play: the legal move maximising reward + V(afterstate). Ties go to the lowest direction. */
public final class GreedyPlayer implements Player {

    private final Evaluator evaluator;
    private final Moves moves;
    private final boolean square;

    public GreedyPlayer(Evaluator evaluator) {
        this.evaluator = evaluator;
        this.moves = Moves.of(evaluator.shape());
        this.square = evaluator.shape().isSquare();
    }

    @Override
    public int chooseMove(long board) {
        if (square) {
            return chooseSquare(board);
        }
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

    /**
     * {@link #chooseMove} on a square board: the board is transposed once for both column moves,
     * and one reward serves both directions of an axis. Same values, order and ties.
     */
    private int chooseSquare(long board) {
        long t = Board.transpose(board);
        long ut = moves.left(t);
        long rb = moves.right(board);
        long dt = moves.right(t);
        long lb = moves.left(board);
        int columnReward = ut != t ? moves.reward(t, 3) : 0;
        int rowReward = rb != board ? moves.reward(board, 1) : 0;
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        if (ut != t) {
            bestValue = columnReward + evaluator.value(Board.transpose(ut));
            best = 0;
        }
        if (rb != board) {
            double v = rowReward + evaluator.value(rb);
            if (v > bestValue) {
                bestValue = v;
                best = 1;
            }
        }
        if (dt != t) {
            double v = columnReward + evaluator.value(Board.transpose(dt));
            if (v > bestValue) {
                bestValue = v;
                best = 2;
            }
        }
        if (lb != board && rowReward + evaluator.value(lb) > bestValue) {
            best = 3;
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
