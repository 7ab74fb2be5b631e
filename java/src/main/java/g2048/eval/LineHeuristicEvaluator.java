package g2048.eval;

import g2048.game.Board;
import g2048.game.Shape;

/**
 * A hand-made value that needs no model: every row and every column is scored from a table
 * indexed by the line's nibbles (16^L entries for a line of L cells, 65,536 on 4×4), and the
 * afterstate's value is the sum over its lines. A line earns points for empty cells and for
 * neighbouring equal tiles (ignoring gaps), and loses points for breaking monotonicity (rank^4
 * drops, the smaller of the two directions, so either direction is fine) and, mildly, for the size
 * of its tiles (rank^3.5, so that merging pays). The weights are the customary ones of expectimax
 * players of the game. The cost is 2·4 table look-ups, close to a small n-tuple network, which
 * makes it a stand-in for benchmarks and the value of the {@code heuristic} and {@code lines}
 * players; its values are not in units of score.
 *
 * <p>Stateless after construction: one instance is shared by every thread.
 */
public final class LineHeuristicEvaluator implements Evaluator {

    /**
     * A constant per line. Search values a lost game 0, so this sets what losing costs against a
     * live board (8 × this on 4×4): larger makes play more cautious, and weaker. The {@code heuristic}
     * player, 3 × 1,000 games (seeds 1, 2, 3): mean 61,842 with 5,000,000, 63,990 with 1,000,000.
     * Every line whose tiles are at most 2048 scores above 0; a board, the sum of its 8 lines,
     * falls below 0 only with several lines holding large tiles out of order, as
     * {@code 4096,2,4096,4096}.
     */
    static final double LINE_BASE = 1_000_000.0;
    static final double EMPTY_WEIGHT = 270.0;
    static final double MERGE_WEIGHT = 700.0;
    static final double MONOTONICITY_WEIGHT = 47.0;
    static final double MONOTONICITY_POWER = 4.0;
    static final double SUM_WEIGHT = 11.0;
    static final double SUM_POWER = 3.5;

    private final Shape shape;
    /** Scores of rows (lines of {@code cols} cells), indexed by the row's 4·cols bits. */
    private final float[] rowTable;
    /** Scores of columns (lines of {@code rows} cells), indexed by the transposed row's bits. */
    private final float[] colTable;

    public LineHeuristicEvaluator(Shape shape) {
        this.shape = shape;
        this.rowTable = table(shape.cols());
        this.colTable = shape.rows() == shape.cols() ? rowTable : table(shape.rows());
    }

    /** The score of one line of codes (cell 0 first); package-private for tests. */
    static double lineScore(int[] codes) {
        int empty = 0;
        int merges = 0;
        int previous = 0;
        double sum = 0;
        for (int c : codes) {
            if (c == 0) {
                empty++;
                continue;
            }
            sum += Math.pow(c, SUM_POWER);
            if (c == previous) {
                merges++;
                previous = 0; // a tile merges once
            } else {
                previous = c;
            }
        }
        double towardsStart = 0;
        double towardsEnd = 0;
        for (int i = 0; i + 1 < codes.length; i++) {
            double a = Math.pow(codes[i], MONOTONICITY_POWER);
            double b = Math.pow(codes[i + 1], MONOTONICITY_POWER);
            if (a > b) {
                towardsStart += a - b;
            } else {
                towardsEnd += b - a;
            }
        }
        return LINE_BASE + EMPTY_WEIGHT * empty + MERGE_WEIGHT * merges
                - MONOTONICITY_WEIGHT * Math.min(towardsStart, towardsEnd) - SUM_WEIGHT * sum;
    }

    private static float[] table(int length) {
        float[] t = new float[1 << (4 * length)];
        int[] codes = new int[length];
        for (int index = 0; index < t.length; index++) {
            for (int i = 0; i < length; i++) {
                codes[i] = (index >>> (4 * i)) & 0xF;
            }
            t[index] = (float) lineScore(codes);
        }
        return t;
    }

    @Override
    public Shape shape() {
        return shape;
    }

    @Override
    public double value(long afterstate) {
        long t = Board.transpose(afterstate);
        // Rows and columns past the shape are 0; their entries are skipped by the loop bounds.
        double v = 0;
        for (int r = 0; r < shape.rows(); r++) {
            v += rowTable[(int) ((afterstate >>> (16 * r)) & 0xFFFF)];
        }
        for (int c = 0; c < shape.cols(); c++) {
            v += colTable[(int) ((t >>> (16 * c)) & 0xFFFF)];
        }
        return v;
    }

    @Override
    public String describe() {
        return "lines (hand-made row and column tables, " + shape + ")";
    }
}
