package g2048.search;

import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Shape;

/**
 * Expectimax written plainly from its definition (plies as Matsuzaki 2021 counts them, spawn probabilities 0.9 / 0.1,
 * a lost game worth 0, an optional probability cutoff): the reference the fast search is held to.
 */
final class BruteForce {

    private final Evaluator v;
    private final Shape shape;
    private final Moves moves;
    private final double cutoff;

    BruteForce(Evaluator v, double cutoff) {
        this.v = v;
        this.shape = v.shape();
        this.moves = Moves.of(shape);
        this.cutoff = cutoff;
    }

    /** reward + the expectation below for one root move, NaN if the move is illegal. */
    double moveValue(long board, int dir, int depth) {
        long after = moves.move(board, dir);
        if (after == board) {
            return Double.NaN;
        }
        return moves.reward(board, dir) + chance(after, depth - 1, 1.0);
    }

    private double chance(long after, int plies, double q) {
        if (plies == 0 || q < cutoff) {
            return v.value(after);
        }
        int n = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                if (Board.code(after, r, c) == 0) {
                    n++;
                }
            }
        }
        if (n == 0) {
            return v.value(after);
        }
        double sum = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                if (Board.code(after, r, c) != 0) {
                    continue;
                }
                long two = Board.withCode(after, 4 * r + c, 1);
                long four = Board.withCode(after, 4 * r + c, 2);
                sum += 0.9 * best(two, plies, q * 0.9 / n) + 0.1 * best(four, plies, q * 0.1 / n);
            }
        }
        return sum / n;
    }

    private double best(long board, int plies, double q) {
        double best = Double.NaN;
        for (int dir = 0; dir < 4; dir++) {
            long after = moves.move(board, dir);
            if (after != board) {
                double value = moves.reward(board, dir) + chance(after, plies - 1, q);
                best = Double.isNaN(best) ? value : Math.max(best, value);
            }
        }
        return Double.isNaN(best) ? 0 : best;
    }
}
