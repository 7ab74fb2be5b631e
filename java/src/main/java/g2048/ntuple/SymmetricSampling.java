package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Shape;
import g2048.game.Symmetries;

/**
 * The explicit form of symmetric sampling: every tuple expanded into its images, one cell list per
 * feature, and the index computed cell by cell. It is the plain definition that
 * {@link TupleNetwork}'s fast path is checked against, and it documents which board cells a feature
 * reads. Not for hot paths.
 *
 * <p>Feature {@code (s, t)} (symmetry {@code s}, tuple {@code t}) reads, at its {@code j}-th cell,
 * the code that tuple cell {@code t_j} shows on the board's image under {@code s}; that is board cell
 * {@code k_j} with {@code apply(s, board)[t_j] = board[k_j]}, i.e. {@code k_j} is where
 * {@code apply(inverse(s), ·)} sends cell {@code t_j}. Features are listed symmetry-major.
 */
public final class SymmetricSampling {

    private SymmetricSampling() {
    }

    /** The board cells each feature reads, in tuple-cell order. */
    public static int[][] expand(TupleSpec spec, Shape shape) {
        spec.checkFits(shape);
        Symmetries sym = new Symmetries(shape);
        int images = spec.symmetric() ? sym.count() : 1;
        int[][] tuples = spec.tuples();
        int[][] features = new int[images * tuples.length][];
        int f = 0;
        for (int s = 0; s < images; s++) {
            int inv = sym.inverse(s);
            for (int[] tuple : tuples) {
                int[] cells = new int[tuple.length];
                for (int j = 0; j < tuple.length; j++) {
                    long image = sym.apply(inv, 1L << (4 * tuple[j]));
                    cells[j] = Long.numberOfTrailingZeros(image) / 4;
                }
                features[f++] = cells;
            }
        }
        return features;
    }

    /** The entry a feature reads: {@code Σ min(v_j, c−1)·c^(j−1)} over its cells. */
    public static long index(long board, int[] cells, int values) {
        long idx = 0;
        long mul = 1;
        for (int cell : cells) {
            idx += Math.min(Board.code(board, cell), values - 1) * mul;
            mul *= values;
        }
        return idx;
    }
}
