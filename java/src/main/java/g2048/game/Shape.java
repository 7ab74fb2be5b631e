package g2048.game;

import g2048.settings.Numbers;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A board shape: {@code rows × cols}, each 2..4. Shapes are always named rows×columns; {@code 3x4}
 * (3 rows of 4) and {@code 4x3} (4 rows of 3) are the same game transposed.
 *
 * <p>A shape's cells sit at the top-left of the 4×4 bit layout (see {@link Board}): cell
 * (r, c) is nibble {@code 4r + c}; the nibbles of cells outside the shape are always 0.
 */
public record Shape(int rows, int cols) {

    public static final Shape S4x4 = new Shape(4, 4);
    public static final Shape S2x2 = new Shape(2, 2);
    public static final Shape S2x3 = new Shape(2, 3);
    public static final Shape S3x3 = new Shape(3, 3);

    private static final Pattern TEXT = Pattern.compile("\\s*([0-9]+)\\s*[xX×*]\\s*([0-9]+)\\s*");

    public Shape {
        if (rows < 2 || rows > 4 || cols < 2 || cols > 4) {
            throw new IllegalArgumentException("shape must be RxC with R and C in 2..4, got " + rows + "x" + cols);
        }
    }

    /** Parses {@code "4x4"}, {@code "3×4"} and similar. */
    public static Shape parse(String text) {
        Matcher m = TEXT.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("shape '" + text + "': expected RxC, e.g. 4x4 or 3x3");
        }
        try {
            return new Shape(Numbers.parseInt(m.group(1)), Numbers.parseInt(m.group(2)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("shape must be RxC with R and C in 2..4, got " + text.strip());
        }
    }

    public int cells() {
        return rows * cols;
    }

    public boolean isSquare() {
        return rows == cols;
    }

    /** The shape with rows and columns swapped. */
    public Shape transposed() {
        return new Shape(cols, rows);
    }

    /** Nibble index of cell (r, c) in the board's {@code long}. */
    public static int nibble(int r, int c) {
        return 4 * r + c;
    }

    /** A mask with {@code 0xF} in the nibble of every cell of this shape. */
    public long cellMask() {
        long rowMask = (1L << (4 * cols)) - 1;
        long mask = 0;
        for (int r = 0; r < rows; r++) {
            mask |= rowMask << (16 * r);
        }
        return mask;
    }

    /**
     * The largest tile code that can ever occur on this shape, 15 on 4×4. With n cells the
     * largest reachable tile is 2^(n+1) (every cell full, the spawns all 4s), so codes stay
     * below 15 on every smaller shape and the merge cap of {@link Moves} only binds on 4×4.
     */
    public int maxReachableCode() {
        return Math.min(Board.MAX_CODE, cells() + 1);
    }

    @Override
    public String toString() {
        return rows + "x" + cols;
    }

    /** A compact name for file names and JSON, identical to {@link #toString()}. */
    public String name() {
        return toString().toLowerCase(Locale.ROOT);
    }
}
