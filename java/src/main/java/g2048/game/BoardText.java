package g2048.game;

/**
 * The text form of a board: rows separated by {@code /}, cells by {@code ,}; a cell is a tile
 * value (2, 4, 8, ...) or {@code 0} / {@code .} for an empty cell. The shape is read from the
 * text, e.g. {@code 2,2,2,0/0,0,0,0/0,0,0,0/0,0,0,0} is a 4×4 board.
 */
public final class BoardText {

    private BoardText() {
    }

    /** A parsed board and the shape its text describes. */
    public record Parsed(long board, Shape shape) {
    }

    /**
     * Parses a board. Throws {@link IllegalArgumentException} with a one-line message for ragged
     * rows, a shape outside 2..4, a value that is not a power of two, or a tile too large for the
     * shape (beyond 32768 on 4×4, beyond 2^(cells+1) on a smaller board).
     */
    public static Parsed parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("board is empty: expected rows separated by '/' and cells by ','");
        }
        String[] rows = text.trim().split("/", -1);
        int nRows = rows.length;
        int nCols = -1;
        int[][] codes = new int[nRows][];
        for (int r = 0; r < nRows; r++) {
            String[] cells = rows[r].trim().split(",", -1);
            if (nCols < 0) {
                nCols = cells.length;
            } else if (cells.length != nCols) {
                throw new IllegalArgumentException("board row " + (r + 1) + " has " + cells.length
                        + " cells, row 1 has " + nCols + " (rows must be equally long)");
            }
            codes[r] = new int[cells.length];
            for (int c = 0; c < cells.length; c++) {
                codes[r][c] = parseCell(cells[c].trim(), r, c);
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

    private static int parseCell(String cell, int r, int c) {
        if (cell.equals(".") || cell.equals("0") || cell.equals("_")) {
            return 0;
        }
        long value;
        try {
            value = Long.parseLong(cell);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("board cell (" + (r + 1) + "," + (c + 1) + ") is '" + cell
                    + "': expected a tile value (2, 4, 8, ...) or 0 or '.' for empty");
        }
        if (value < 2 || Long.bitCount(value) != 1) {
            throw new IllegalArgumentException("board cell (" + (r + 1) + "," + (c + 1) + ") is " + cell
                    + ": not a power of two of at least 2");
        }
        int code = Long.numberOfTrailingZeros(value);
        if (code > Board.MAX_CODE) {
            throw new IllegalArgumentException("board cell (" + (r + 1) + "," + (c + 1) + ") holds " + cell
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
