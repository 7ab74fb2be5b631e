package g2048.game;

/**
 * The symmetries of a shape: 8 for a square board (rotations and reflections), 4 for a
 * rectangular one (identity, left-right mirror, up-down mirror, 180° rotation).
 *
 * <p>Symmetry {@code s} mirrors the columns if bit 0 is set, flips the rows if bit 1 is set and
 * then, on square boards only, transposes if bit 2 is set. Each works on the shape's cells at the
 * top-left of the 4×4 layout and leaves them there. Instances are immutable and shared.
 */
public final class Symmetries {

    private final Shape shape;
    private final int count;
    private final int colShift;
    private final int rowShift;

    public Symmetries(Shape shape) {
        this.shape = shape;
        this.count = shape.isSquare() ? 8 : 4;
        this.colShift = 4 * (4 - shape.cols());
        this.rowShift = 16 * (4 - shape.rows());
    }

    public Shape shape() {
        return shape;
    }

    /** The number of symmetries: 8 or 4. */
    public int count() {
        return count;
    }

    /** The image of {@code board} under symmetry {@code s} (0 is the identity). */
    public long apply(int s, long board) {
        long b = board;
        if ((s & 1) != 0) {
            b = mirrorColumns(b) >>> colShift;
        }
        if ((s & 2) != 0) {
            b = flipRows(b) >>> rowShift;
        }
        if ((s & 4) != 0) {
            b = Board.transpose(b);
        }
        return b;
    }

    /** The symmetry that undoes {@code s}: {@code apply(inverse(s), apply(s, b)) == b}. */
    public int inverse(int s) {
        // M, F commute and are involutions; T·M = F·T and T·F = M·T, so (T·X)^-1 = X·T = T·swap(X).
        if ((s & 4) == 0) {
            return s;
        }
        int m = s & 1;
        int f = (s >> 1) & 1;
        return 4 | (m << 1) | f;
    }

    /**
     * The direction that plays, on the image of a board, the move {@code dir} plays on the board:
     * {@code apply(s, moves.move(b, dir)) == moves.move(apply(s, b), mapDirection(s, dir))}.
     * The column mirror swaps left and right, the row flip up and down, the transpose up with
     * left and down with right; they apply in that order, as in {@link #apply}.
     */
    public int mapDirection(int s, int dir) {
        int d = dir;
        if ((s & 1) != 0 && (d & 1) != 0) {
            d ^= 2; // RIGHT (1) <-> LEFT (3)
        }
        if ((s & 2) != 0 && (d & 1) == 0) {
            d ^= 2; // UP (0) <-> DOWN (2)
        }
        if ((s & 4) != 0) {
            d = 3 - d; // UP <-> LEFT, RIGHT <-> DOWN
        }
        return d;
    }

    /** The least ID (as unsigned) among the board's images: its normal form. */
    public long normalize(long board) {
        long best = board;
        for (int s = 1; s < count; s++) {
            long b = apply(s, board);
            if (Long.compareUnsigned(b, best) < 0) {
                best = b;
            }
        }
        return best;
    }

    /** Reverses the order of the four nibbles inside each 16-bit row (mirrors the columns of a 4×4 board). */
    public static long mirrorColumns(long b) {
        return ((b & 0x000F_000F_000F_000FL) << 12)
                | ((b & 0x00F0_00F0_00F0_00F0L) << 4)
                | ((b >>> 4) & 0x00F0_00F0_00F0_00F0L)
                | ((b >>> 12) & 0x000F_000F_000F_000FL);
    }

    /** Reverses the order of the four 16-bit rows (flips the rows of a 4×4 board): the halves swapped, then the rows in each. */
    public static long flipRows(long b) {
        long halves = Long.rotateLeft(b, 32);
        return ((halves >>> 16) & 0x0000_FFFF_0000_FFFFL) | ((halves & 0x0000_FFFF_0000_FFFFL) << 16);
    }
}
