package g2048.game;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The text form of a board: rows separated by {@code /}, cells by {@code ,}; a cell is a tile
 * value (2, 4, 8, ...) or {@code 0} / {@code .} for an empty cell. The shape is read from the
 * text, e.g. {@code 2,2,2,0/0,0,0,0/0,0,0,0/0,0,0,0} is a 4×4 board.
 *
 * <p>The grammar is strict, so that a board is read one way only:
 * <pre>
 *   board := space* row ('/' row)* space*      space: ' ', tab, CR or LF, only around the whole board
 *   row   := cell (',' cell)*                  2..4 rows of equally many cells, 2..4
 *   cell  := '0' | '.' | tile
 *   tile  := [1-9][0-9]*                       ASCII digits: a power of two from 2 to 32768 that fits the shape
 * </pre>
 * Anything else is refused with one line: non-ASCII digits (fullwidth, Arabic-Indic, Devanagari),
 * spaces or control characters inside the board, signs, leading zeros, other placeholders.
 */
public final class BoardText {

    private static final Pattern CELL = Pattern.compile("0|\\.|[1-9][0-9]{0,5}");

    private BoardText() {
    }

    /** A parsed board and the shape its text describes. */
    public record Parsed(long board, Shape shape) {
    }

    /**
     * Parses a board. Throws {@link IllegalArgumentException} with a one-line message for text
     * outside the grammar above, ragged rows, a shape outside 2..4, a value that is not a power of
     * two, or a tile too large for the shape (beyond 32768 on 4×4, beyond 2^(cells+1) on a smaller
     * board).
     */
    public static Parsed parse(String text) {
        String body = text == null ? "" : strip(text);
        if (body.isEmpty()) {
            throw new IllegalArgumentException("board is empty: expected rows separated by '/' and cells by ','");
        }
        for (int i = 0; i < body.length(); i++) {
            char ch = body.charAt(i);
            if (ch <= ' ' || ch > '~') {
                // named by code point: the character itself may be invisible, or break the line
                throw new IllegalArgumentException("board character " + (i + 1) + " is " + describe(body.codePointAt(i))
                        + ": a board is ASCII digits, '.', ',' and '/', with spaces only around it");
            }
        }
        String[] rows = body.split("/", -1);
        int nRows = rows.length;
        int nCols = -1;
        int[][] codes = new int[nRows][];
        for (int r = 0; r < nRows; r++) {
            String[] cells = rows[r].split(",", -1);
            if (nCols < 0) {
                nCols = cells.length;
            } else if (cells.length != nCols) {
                throw new IllegalArgumentException("board row " + (r + 1) + " has " + cells.length
                        + " cells, row 1 has " + nCols + " (rows must be equally long)");
            }
            codes[r] = new int[cells.length];
            for (int c = 0; c < cells.length; c++) {
                codes[r][c] = parseCell(cells[c], r, c);
            }
        }
        if (nRows < 2 || nRows > 4 || nCols < 2 || nCols > 4) {
            throw new IllegalArgumentException("board is " + nRows + "x" + nCols + ": rows and columns must be 2..4");
        }
        Shape shape = new Shape(nRows, nCols);
        long board = 0;
        for (int r = 0; r < nRows; r++) {
            for (int c = 0; c < nCols; c++) {
                int code = codes[r][c];
                if (code > shape.maxReachableCode()) {
                    throw new IllegalArgumentException("board cell (" + (r + 1) + "," + (c + 1) + ") holds " + (1 << code)
                            + ", too large for a " + shape + " board (largest " + (1 << shape.maxReachableCode()) + ")");
                }
                board = Board.withCode(board, Shape.nibble(r, c), code);
            }
        }
        return new Parsed(board, shape);
    }

    /** {@code text} without the spaces, tabs and line breaks around it (only ASCII ones: {@link String#strip} takes more). */
    private static String strip(String text) {
        int from = 0;
        int to = text.length();
        while (from < to && isSpace(text.charAt(from))) {
            from++;
        }
        while (to > from && isSpace(text.charAt(to - 1))) {
            to--;
        }
        return text.substring(from, to);
    }

    private static boolean isSpace(char ch) {
        return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
    }

    private static String describe(int codePoint) {
        String u = String.format(Locale.ROOT, "U+%04X", codePoint);
        if (codePoint == ' ') {
            return "a space (" + u + ")";
        }
        if (Character.isISOControl(codePoint)) {
            return "a control character (" + u + ")";
        }
        if (Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint)) {
            return "a space (" + u + ")";
        }
        // shown only when it is a visible letter or digit: a format character could garble the line
        return Character.isLetterOrDigit(codePoint) ? "'" + Character.toString(codePoint) + "' (" + u + ", not ASCII)"
                : u + " (not ASCII)";
    }

    /** A cell as quoted in a message: its first dozen characters, so that a client's long text is not echoed whole. */
    private static String cut(String cell) {
        return cell.length() <= 12 ? cell : cell.substring(0, 9) + "...";
    }

    private static int parseCell(String cell, int r, int c) {
        if (!CELL.matcher(cell).matches()) {
            throw new IllegalArgumentException("board cell (" + (r + 1) + "," + (c + 1) + ") is '" + cut(cell)
                    + "': expected a tile value (2, 4, 8, ...) or 0 or '.' for empty, in ASCII digits without sign or leading zero");
        }
        if (cell.equals(".") || cell.equals("0")) {
            return 0;
        }
        long value = Long.parseLong(cell);
        if (value < 2 || Long.bitCount(value) != 1) {
            throw new IllegalArgumentException("board cell (" + (r + 1) + "," + (c + 1) + ") is " + cut(cell)
                    + ": not a power of two of at least 2");
        }
        int code = Long.numberOfTrailingZeros(value);
        if (code > Board.MAX_CODE) {
            throw new IllegalArgumentException("board cell (" + (r + 1) + "," + (c + 1) + ") holds " + cut(cell)
                    + ", larger than the largest tile 32768");
        }
        return code;
    }

    /** The board in text form, {@code 0} for empty cells. */
    public static String format(long board, Shape shape) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < shape.rows(); r++) {
            if (r > 0) {
                sb.append('/');
            }
            for (int c = 0; c < shape.cols(); c++) {
                if (c > 0) {
                    sb.append(',');
                }
                sb.append(Board.tileValue(Board.code(board, r, c)));
            }
        }
        return sb.toString();
    }

    /** The board as a grid of right-aligned tiles, one row a line, {@code .} for empty cells. */
    public static String grid(long board, Shape shape) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                int code = Board.code(board, r, c);
                String cell = code == 0 ? "." : Integer.toString(1 << code);
                sb.append(" ".repeat(Math.max(0, 6 - cell.length()))).append(cell);
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
