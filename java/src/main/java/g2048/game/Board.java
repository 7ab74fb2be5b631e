package g2048.game;

/**
 * A board is a {@code long}; this class holds the static helpers that read and write it.
 *
 * <pre>
 * bit layout (cell (r, c) is nibble 4r + c, least significant first):
 *
 *   bits  0..15  row 0:  c0 = bits 0..3, c1 = 4..7, c2 = 8..11, c3 = 12..15
 *   bits 16..31  row 1
 *   bits 32..47  row 2
 *   bits 48..63  row 3
 *
 *   a nibble holds k for the tile 2^k, 0 for an empty cell; k is at most 15 (32768).
 * </pre>
 *
 * Smaller shapes use the top-left {@code rows × cols} cells; the other nibbles are 0 (see
 * {@link Shape}). Because a board is a value, boards are shared freely between threads.
 */
public final class Board {

    /** The largest tile code a nibble holds: 2^15 = 32768. */
    public static final int MAX_CODE = 15;

    /** The low bit of every nibble. */
    static final long NIBBLE_LOW_BITS = 0x1111_1111_1111_1111L;

    private Board() {
    }

    /** The code (log2 of the tile, 0 if empty) at nibble {@code cell}. */
    public static int code(long board, int cell) {
        return (int) (board >>> (4 * cell)) & 0xF;
    }

    /** The code at row {@code r}, column {@code c}. */
    public static int code(long board, int r, int c) {
        return code(board, Shape.nibble(r, c));
    }

    /** The board with nibble {@code cell} set to {@code code}. */
    public static long withCode(long board, int cell, int code) {
        if (code < 0 || code > MAX_CODE) {
            throw new IllegalArgumentException("tile code " + code + " outside 0.." + MAX_CODE);
        }
        int shift = 4 * cell;
        return (board & ~(0xFL << shift)) | ((long) code << shift);
    }

    /** The tile value of a code: 0 for empty, else 2^code. */
    public static int tileValue(int code) {
        return code == 0 ? 0 : 1 << code;
    }

    /** A mask with the low bit of the nibble set for every empty cell of the shape. */
    public static long emptyCells(long board, Shape shape) {
        return emptyCells(board, shape.cellMask());
    }

    /** As {@link #emptyCells(long, Shape)} with the shape's {@link Shape#cellMask()} precomputed. */
    public static long emptyCells(long board, long cellMask) {
        long x = board | (board >>> 1);
        x |= x >>> 2;
        return ~x & cellMask & NIBBLE_LOW_BITS;
    }

    /** The number of empty cells of the shape. */
    public static int countEmpty(long board, Shape shape) {
        return Long.bitCount(emptyCells(board, shape));
    }

    /** The largest code on the board. */
    public static int maxCode(long board) {
        int max = 0;
        for (long b = board; b != 0; b >>>= 4) {
            max = Math.max(max, (int) (b & 0xF));
        }
        return max;
    }

    /** The sum of the tile values on the board (the solver's "age"). */
    public static long tileSum(long board) {
        long sum = 0;
        for (long b = board; b != 0; b >>>= 4) {
            int c = (int) (b & 0xF);
            if (c != 0) {
                sum += 1L << c;
            }
        }
        return sum;
    }

    /**
     * The sum of the distinct tile values on the board: bit k is set when a 2^k tile is present.
     * Multi-stage networks and tile-downgrading compare it with their thresholds.
     */
    public static int tileSet(long board) {
        int set = 0;
        for (long b = board; b != 0; b >>>= 4) {
            set |= 1 << (int) (b & 0xF);
        }
        return set & ~1;
    }

    /** True if every nibble outside the shape is zero. */
    public static boolean fits(long board, Shape shape) {
        return (board & ~shape.cellMask()) == 0;
    }

    /** The codes of the shape's cells, row-major. */
    public static int[] toCodes(long board, Shape shape) {
        int[] codes = new int[shape.cells()];
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                codes[r * shape.cols() + c] = code(board, r, c);
            }
        }
        return codes;
    }

    /** The board holding the given codes, row-major over the shape. */
    public static long fromCodes(int[] codes, Shape shape) {
        if (codes.length != shape.cells()) {
            throw new IllegalArgumentException("expected " + shape.cells() + " codes for " + shape + ", got " + codes.length);
        }
        long board = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                board = withCode(board, Shape.nibble(r, c), codes[r * shape.cols() + c]);
            }
        }
        return board;
    }

    /** The nibble-level transpose of the 4×4 layout: cell (r, c) goes to (c, r). */
    public static long transpose(long x) {
        long a1 = x & 0xF0F0_0F0F_F0F0_0F0FL;
        long a2 = x & 0x0000_F0F0_0000_F0F0L;
        long a3 = x & 0x0F0F_0000_0F0F_0000L;
        long a = a1 | (a2 << 12) | (a3 >>> 12);
        long b1 = a & 0xFF00_FF00_00FF_00FFL;
        long b2 = a & 0x00FF_00FF_0000_0000L;
        long b3 = a & 0x0000_0000_FF00_FF00L;
        return b1 | (b2 >>> 24) | (b3 << 24);
    }
}
