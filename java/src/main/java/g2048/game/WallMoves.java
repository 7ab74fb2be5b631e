package g2048.game;

/**
 * Moves on a 4×4 board where nibble {@link #WALL} (15) is a wall: a cell that never moves and
 * never merges. The tiles between two walls (or a wall and the edge) slide and merge among
 * themselves by the rules of {@link Moves}; nothing crosses a wall. This is the game an endgame
 * table solves in the free cells of a formation, whose fixed cells hold the walls.
 *
 * <p>Rows slide through two 64K-entry tables built from {@link RowTables#slideTowardsZero} per
 * segment; columns are rows of the transposed board. A free tile never reaches code 15 in the
 * tables' games (their targets are at most 2^14), so the nibble is free to mean a wall.
 */
public final class WallMoves {

    /** The nibble of a wall. */
    public static final int WALL = Board.MAX_CODE;

    private static final char[] LEFT = new char[1 << 16];
    private static final char[] RIGHT = new char[1 << 16];

    static {
        int[] cells = new int[4];
        for (int row = 0; row < 1 << 16; row++) {
            for (int i = 0; i < 4; i++) {
                cells[i] = (row >>> (4 * i)) & 0xF;
            }
            LEFT[row] = (char) slideSegments(cells, false);
            RIGHT[row] = (char) slideSegments(cells, true);
        }
    }

    private WallMoves() {
    }

    /** The row (4 nibbles, cell 0 lowest) slid towards cell 0, or towards cell 3 if {@code high}, walls staying put. */
    private static int slideSegments(int[] cells, boolean high) {
        int[] line = new int[4];
        for (int i = 0; i < 4; i++) {
            line[i] = cells[high ? 3 - i : i];
        }
        int start = 0;
        for (int i = 0; i <= 4; i++) {
            if (i == 4 || line[i] == WALL) {
                if (i > start) {
                    int[] segment = java.util.Arrays.copyOfRange(line, start, i);
                    RowTables.slideTowardsZero(segment);
                    System.arraycopy(segment, 0, line, start, segment.length);
                }
                start = i + 1;
            }
        }
        int row = 0;
        for (int i = 0; i < 4; i++) {
            row |= line[i] << (4 * (high ? 3 - i : i));
        }
        return row;
    }

    /** The board after moving in direction {@code dir} (0..3, see {@link Direction}); the board itself when nothing moves. */
    public static long move(long board, int dir) {
        return switch (dir) {
            case 0 -> Board.transpose(Moves.slideRows(Board.transpose(board), LEFT));
            case 1 -> Moves.slideRows(board, RIGHT);
            case 2 -> Board.transpose(Moves.slideRows(Board.transpose(board), RIGHT));
            case 3 -> Moves.slideRows(board, LEFT);
            default -> throw new IllegalArgumentException("direction " + dir + " outside 0..3");
        };
    }
}
