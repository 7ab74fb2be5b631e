package g2048.play;

/**
 * The hand-made value of one line (a row or a column) of a board, tabulated for every line value
 * of a length (16^L entries, cell 0 in the low nibble). {@link HeuristicPlayer} sums it over the
 * rows and columns.
 *
 * <p>A line earns for each empty cell and each pair of equal tiles that would merge (ignoring the
 * empty cells between them), and pays for not being monotone (the smaller of the two directions'
 * sums of rank^4 drops, so either direction is fine) and for the size of its tiles (rank^3.5), which
 * makes the search prefer boards that have merged. The weights are the customary ones of expectimax
 * players of the game; {@link HeuristicPlayer} quotes what they achieve, measured with
 * {@code g2048 play --player heuristic}.
 */
final class LineHeuristic {

    static final double EMPTY = 270;
    static final double MERGE = 700;
    static final double MONOTONE = 47;
    static final double MONOTONE_POWER = 4;
    static final double SUM = 11;
    static final double SUM_POWER = 3.5;
    /** A constant per line, so that live boards score above zero. */
    static final double BASE = 200_000;

    private static final float[][] BY_LENGTH = new float[5][];

    private LineHeuristic() {
    }

    /** The table for lines of {@code length} cells (2..4), shared. */
    static synchronized float[] table(int length) {
        if (BY_LENGTH[length] == null) {
            BY_LENGTH[length] = build(length);
        }
        return BY_LENGTH[length];
    }

    private static float[] build(int length) {
        float[] table = new float[1 << (4 * length)];
        int[] rank = new int[length];
        for (int line = 0; line < table.length; line++) {
            for (int i = 0; i < length; i++) {
                rank[i] = (line >>> (4 * i)) & 0xF;
            }
            table[line] = (float) value(rank);
        }
        return table;
    }

    /** The value of one line given its tile codes. */
    static double value(int[] rank) {
        int empty = 0;
        int merges = 0;
        double sum = 0;
        int previous = 0;
        int run = 0;
        for (int r : rank) {
            sum += Math.pow(r, SUM_POWER);
            if (r == 0) {
                empty++;
                continue;
            }
            if (r == previous) {
                run++;
            } else {
                if (run > 0) {
                    merges += 1 + run;
                }
                run = 0;
                previous = r;
            }
        }
        if (run > 0) {
            merges += 1 + run;
        }
        double towardsStart = 0;
        double towardsEnd = 0;
        for (int i = 1; i < rank.length; i++) {
            double a = Math.pow(rank[i - 1], MONOTONE_POWER);
            double b = Math.pow(rank[i], MONOTONE_POWER);
            if (rank[i - 1] > rank[i]) {
                towardsStart += a - b;
            } else {
                towardsEnd += b - a;
            }
        }
        return BASE + EMPTY * empty + MERGE * merges - MONOTONE * Math.min(towardsStart, towardsEnd) - SUM * sum;
    }
}
