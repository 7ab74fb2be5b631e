package g2048.solver;

import g2048.game.Board;
import g2048.game.Shape;
import g2048.game.Symmetries;

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
        long m = Symmetries.mirrorColumns(b) >>> colShift;
        long f = Symmetries.flipRows(b) >>> rowShift;
        long mf = Symmetries.flipRows(m) >>> rowShift;
        long best = Math.min(Math.min(b, m), Math.min(f, mf));
        if (square) {
            long t = Math.min(Math.min(Board.transpose(b), Board.transpose(m)),
                    Math.min(Board.transpose(f), Board.transpose(mf)));
            best = Math.min(best, t);
        }
        return best;
    }
}
