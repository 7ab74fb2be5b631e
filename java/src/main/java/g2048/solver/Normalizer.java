package g2048.solver;

import g2048.game.Board;
import g2048.game.Shape;

/**
 * The normal form of a board (the least ID among its images under the shape's symmetries), computed
 * with all images built from four shared pieces. Gives the same result as
 * {@link g2048.game.Symmetries#normalize}; the solver's shapes keep bit 63 clear, so a signed
 * minimum is the unsigned one.
 */
public final class Normalizer {

    private final boolean square;
    private final int colShift;
    private final int rowShift;

    public Normalizer(Shape shape) {
        this.square = shape.isSquare();
        this.colShift = 4 * (4 - shape.cols());
        this.rowShift = 16 * (4 - shape.rows());
    }

    public long normalize(long b) {
        long m = mirrorColumns(b) >>> colShift;
        long f = flipRows(b) >>> rowShift;
        long mf = flipRows(m) >>> rowShift;
        long best = Math.min(Math.min(b, m), Math.min(f, mf));
        if (square) {
            long t = Math.min(Math.min(Board.transpose(b), Board.transpose(m)),
                    Math.min(Board.transpose(f), Board.transpose(mf)));
            best = Math.min(best, t);
        }
        return best;
    }

    private static long mirrorColumns(long b) {
        return ((b & 0x000F_000F_000F_000FL) << 12)
                | ((b & 0x00F0_00F0_00F0_00F0L) << 4)
                | ((b >>> 4) & 0x00F0_00F0_00F0_00F0L)
                | ((b >>> 12) & 0x000F_000F_000F_000FL);
    }

    private static long flipRows(long b) {
        return (b << 48)
                | ((b << 16) & 0x0000_FFFF_0000_0000L)
                | ((b >>> 16) & 0x0000_0000_FFFF_0000L)
                | (b >>> 48);
    }
}
