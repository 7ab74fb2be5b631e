package g2048.game;

/**
 * The rules of 2048 written straight from the specification on a plain {@code int[][]} grid of
 * tile values (0 = empty), independent of the bit layout and of {@link RowTables}: the slow,
 * obviously correct reference the fast core is checked against.
 *
 * <p>A move reads each line starting at the side the tiles move towards, drops the empty cells,
 * merges equal neighbours pairwise from that side (a merged tile does not merge again; two 32768
 * tiles do not merge), and writes the line back from that side.
 */
public final class ReferenceGame {

    static final int LARGEST_TILE = 32768;

    /** The result of a move: the grid after it, its reward, and whether it changed anything. */
    public record Result(int[][] grid, long reward, boolean changed) {
    }

    private ReferenceGame() {
    }

    /** Moves {@code grid} (not modified) in {@code dir}: 0 up, 1 right, 2 down, 3 left. */
    public static Result move(int[][] grid, int dir) {
        int[][] out = new int[grid.length][grid[0].length];
        long reward = slide(grid, dir, out, new int[4], new int[4]);
        return new Result(out, reward, !java.util.Arrays.deepEquals(grid, out));
    }

    /**
     * Moves {@code grid} in {@code dir} into {@code out} (same size) and returns the reward;
     * {@code tiles} and {@code merged} are scratch lines of at least 4 cells. For loops that
     * check millions of boards without allocating.
     */
    public static long slide(int[][] grid, int dir, int[][] out, int[] tiles, int[] merged) {
        int rows = grid.length;
        int cols = grid[0].length;
        long reward = 0;
        boolean vertical = dir == 0 || dir == 2;
        int lines = vertical ? cols : rows;
        int length = vertical ? rows : cols;
        for (int line = 0; line < lines; line++) {
            // position i of the line counts from the side the tiles move towards
            int n = 0;
            for (int i = 0; i < length; i++) {
                int v = grid[row(dir, line, i, length)][col(dir, line, i, length)];
                if (v != 0) {
                    tiles[n++] = v;
                }
            }
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (i + 1 < n && tiles[i] == tiles[i + 1] && tiles[i] != LARGEST_TILE) {
                    merged[m++] = 2 * tiles[i];
                    reward += 2L * tiles[i];
                    i++; // the partner is used up; the merged tile does not merge again
                } else {
                    merged[m++] = tiles[i];
                }
            }
            while (m < length) {
                merged[m++] = 0;
            }
            for (int i = 0; i < length; i++) {
                out[row(dir, line, i, length)][col(dir, line, i, length)] = merged[i];
            }
        }
        return reward;
    }

    private static int row(int dir, int line, int i, int length) {
        return switch (dir) {
            case 0 -> i;                  // up: position 0 is the top row
            case 2 -> length - 1 - i;     // down: position 0 is the bottom row
            default -> line;              // left, right: the line is a row
        };
    }

    private static int col(int dir, int line, int i, int length) {
        return switch (dir) {
            case 3 -> i;                  // left: position 0 is the leftmost column
            case 1 -> length - 1 - i;     // right: position 0 is the rightmost column
            default -> line;              // up, down: the line is a column
        };
    }

    /**
     * A move on a board of {@code shape} (the bit layout of {@link Board}) by the grid rules above:
     * {@code {afterstate, reward}}, the afterstate equal to {@code board} when the move is illegal.
     */
    public static long[] move(long board, Shape shape, int dir) {
        Result r = move(toGrid(board, shape), dir);
        return new long[] {toBoard(r.grid()), r.reward()};
    }

    /** The empty cells of a board of {@code shape} as nibble indices ({@code 4r + c}), ascending, read cell by cell. */
    public static int[] empties(long board, Shape shape) {
        int[][] grid = toGrid(board, shape);
        int[] cells = new int[shape.cells()];
        int n = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                if (grid[r][c] == 0) {
                    cells[n++] = 4 * r + c;
                }
            }
        }
        return java.util.Arrays.copyOf(cells, n);
    }

    /** True if no move changes the grid. */
    public static boolean isTerminal(int[][] grid) {
        for (int d = 0; d < 4; d++) {
            if (move(grid, d).changed()) {
                return false;
            }
        }
        return true;
    }

    /** The grid of tile values of a board of the given shape (read cell by cell, not by table). */
    public static int[][] toGrid(long board, Shape shape) {
        return toGrid(board, new int[shape.rows()][shape.cols()]);
    }

    /** Fills {@code grid} (the shape's size) with the tile values of {@code board} and returns it. */
    public static int[][] toGrid(long board, int[][] grid) {
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid[r].length; c++) {
                int code = (int) (board >>> (4 * (4 * r + c))) & 0xF;
                grid[r][c] = code == 0 ? 0 : 1 << code;
            }
        }
        return grid;
    }

    /** The board of a grid of tile values. */
    public static long toBoard(int[][] grid) {
        long board = 0;
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid[r].length; c++) {
                int v = grid[r][c];
                long code = v == 0 ? 0 : Integer.numberOfTrailingZeros(v);
                board |= code << (4 * (4 * r + c));
            }
        }
        return board;
    }

    /** A grid written row by row, e.g. {@code grid(4, 2, 2, 2, 0, ...)} for a shape. */
    static int[][] grid(Shape shape, int... values) {
        int[][] g = new int[shape.rows()][shape.cols()];
        for (int i = 0; i < values.length; i++) {
            g[i / shape.cols()][i % shape.cols()] = values[i];
        }
        return g;
    }
}
