package g2048.tables;

import g2048.game.Shape;
import g2048.game.Symmetries;

/**
 * Sets of cells of a 4×4 board (bit {@code 4r + c} for cell {@code (r, c)}, as
 * {@link Formation#fixedCells}) up to the board's 8 symmetries. A set's canonical image is the least
 * of its 8 images as a number: that draws its cells toward the top-left, as the named formations'
 * pictures are drawn, so each of those is its own canonical image.
 */
public final class CanonicalCells {

    private static final Symmetries SYMMETRIES = new Symmetries(Shape.S4x4);
    /** By symmetry, the cell each cell goes to. */
    private static final int[][] TO = targets();

    private CanonicalCells() {
    }

    private static int[][] targets() {
        int[][] to = new int[8][16];
        for (int s = 0; s < 8; s++) {
            for (int c = 0; c < 16; c++) {
                to[s][c] = Long.numberOfTrailingZeros(SYMMETRIES.apply(s, 1L << (4 * c))) / 4;
            }
        }
        return to;
    }

    /** The least of the 8 images of {@code cells}. */
    public static int of(int cells) {
        int best = cells;
        for (int s = 1; s < 8; s++) {
            int[] to = TO[s];
            int image = 0;
            for (int rest = cells; rest != 0; rest &= rest - 1) {
                image |= 1 << to[Integer.numberOfTrailingZeros(rest)];
            }
            best = Math.min(best, image);
        }
        return best;
    }

    /** Whether {@code a} and {@code b} are the same set of cells under one of the 8 symmetries. */
    public static boolean same(int a, int b) {
        return of(a) == of(b);
    }
}
