package g2048.play;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Shape;

/**
 * A built-in heuristic player that needs no model: a 2-ply expectimax (move, every spawn, best
 * reply) over a hand-made value of the board that rewards a "snake" of tiles decreasing from the
 * top-left corner and empty cells. It reaches 2048 in a fair share of games on 4×4; it exists as
 * a baseline and as a player for machines without a trained model. Stateless: shared by threads.
 */
public final class HeuristicPlayer implements Player {

    private static final double EMPTY_BONUS = 0.5;

    private final Moves moves;
    private final Shape shape;
    private final long cellMask;
    /** weight of each nibble: 4^-(position along the snake), 0 outside the shape. */
    private final double[] weight = new double[16];

    public HeuristicPlayer(Shape shape) {
        this.shape = shape;
        this.moves = Moves.of(shape);
        this.cellMask = shape.cellMask();
        int pos = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int k = 0; k < shape.cols(); k++) {
                int c = (r % 2 == 0) ? k : shape.cols() - 1 - k;
                weight[Shape.nibble(r, c)] = Math.pow(0.25, pos++);
            }
        }
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
            double v = moves.reward(board, d) + chance(after);
            if (v > bestValue) {
                bestValue = v;
                best = d;
            }
        }
        return best;
    }

    /** The expected value over every spawn of the best reply's reward plus heuristic. */
    private double chance(long after) {
        long empty = Board.emptyCells(after, cellMask);
        int n = Long.bitCount(empty);
        if (n == 0) {
            return heuristic(after);
        }
        double sum = 0;
        for (long e = empty; e != 0; e &= e - 1) {
            int shift = Long.numberOfTrailingZeros(e);
            sum += 0.9 * bestReply(after | (1L << shift)) + 0.1 * bestReply(after | (2L << shift));
        }
        return sum / n;
    }

    private double bestReply(long board) {
        double best = -1e9; // a dead end scores far below any live board
        for (int d = 0; d < 4; d++) {
            long after = moves.move(board, d);
            if (after != board) {
                best = Math.max(best, moves.reward(board, d) + heuristic(after));
            }
        }
        return best;
    }

    private double heuristic(long board) {
        double h = 0;
        int empty = 0;
        for (int i = 0; i < 16; i++) {
            int code = (int) (board >>> (4 * i)) & 0xF;
            if (code != 0) {
                h += weight[i] * (1 << code);
            } else if (weight[i] > 0) {
                empty++;
            }
        }
        return h + EMPTY_BONUS * empty * Board.tileValue(Math.max(1, Board.maxCode(board)));
    }

    @Override
    public String name() {
        return "heuristic";
    }

    Shape shape() {
        return shape;
    }
}
