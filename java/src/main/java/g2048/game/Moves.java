package g2048.game;

/**
 * Table-driven moves for one shape. Instances are immutable and shared by all threads; get one
 * with {@link #of(Shape)}.
 *
 * <p>Rules: a move slides every tile as far as it goes towards the move's side; two equal tiles
 * that collide merge into their sum, the pair nearest that side first, and a merged tile does not
 * merge again in the same move. The reward is the sum of the tiles the merges create. A move is
 * legal only if it changes the board; the afterstate is the board after the slide, before the
 * spawn.
 *
 * <p><b>The largest tile.</b> A nibble holds at most code 15 (32768). Two 32768 tiles never merge:
 * they slide like unequal tiles and the move earns nothing for them. This can only happen on 4×4
 * (a board of n cells cannot build a tile beyond 2^(n+1), see {@link Shape#maxReachableCode()}),
 * and it means a board never wraps a nibble silently; a game that would need a 65536 tile simply
 * continues without that merge.
 *
 * <p>Rows move through {@link RowTables}; columns are moved as rows of the transposed board.
 * Legality comes from the tables' per-row flags (does this slide change the row?), without
 * building afterstates.
 */
public final class Moves {

    private static final Moves[] CACHE = new Moves[25];

    private final Shape shape;
    // package-private: RandomPlayout reads the tables directly to slide all four ways at once
    final char[] rowLeft;
    final char[] rowRight;
    final char[] rowReward;
    final char[] colUp;
    final char[] colDown;
    final char[] colReward;
    private final byte[] rowMoved;
    private final byte[] colMoved;

    private Moves(Shape shape) {
        this.shape = shape;
        RowTables rows = RowTables.of(shape.cols());
        RowTables cols = RowTables.of(shape.rows());
        rowLeft = rows.left;
        rowRight = rows.right;
        rowReward = rows.reward4;
        colUp = cols.left;
        colDown = cols.right;
        colReward = cols.reward4;
        rowMoved = rows.moved;
        colMoved = cols.moved;
    }

    /** The shared move tables of a shape. */
    public static Moves of(Shape shape) {
        int key = shape.rows() * 5 + shape.cols();
        Moves m = CACHE[key];
        if (m == null) {
            synchronized (CACHE) {
                m = CACHE[key];
                if (m == null) {
                    m = new Moves(shape);
                    CACHE[key] = m;
                }
            }
        }
        return m;
    }

    public Shape shape() {
        return shape;
    }

    /** The afterstate of moving {@code board} in direction {@code dir} (0..3, see {@link Direction}). */
    public long move(long board, int dir) {
        return switch (dir) {
            case 0 -> up(board);
            case 1 -> right(board);
            case 2 -> down(board);
            case 3 -> left(board);
            default -> throw new IllegalArgumentException("direction " + dir + " outside 0..3");
        };
    }

    public long move(long board, Direction dir) {
        return move(board, dir.ordinal());
    }

    /** The reward of moving {@code board} in direction {@code dir}; 0 for an illegal move. */
    public int reward(long board, int dir) {
        return switch (dir) {
            case 1, 3 -> rowsReward(board, rowReward);
            case 0, 2 -> rowsReward(Board.transpose(board), colReward);
            default -> throw new IllegalArgumentException("direction " + dir + " outside 0..3");
        };
    }

    public long left(long b) {
        return slideRows(b, rowLeft);
    }

    public long right(long b) {
        return slideRows(b, rowRight);
    }

    public long up(long b) {
        return Board.transpose(slideRows(Board.transpose(b), colUp));
    }

    public long down(long b) {
        return Board.transpose(slideRows(Board.transpose(b), colDown));
    }

    /**
     * One row (a 16-bit lane of a board) slid towards its low nibble, as {@link #left} slides each
     * row. On a square shape a column is a row of the transposed board and uses the same tables.
     */
    public int slideLow(int row) {
        return rowLeft[row];
    }

    /** One row slid towards its high nibble, as {@link #right} slides each row. */
    public int slideHigh(int row) {
        return rowRight[row];
    }

    /** The reward of sliding one row (either way: a row's merges do not depend on the side). */
    public int rowReward(int row) {
        return 4 * rowReward[row];
    }

    /**
     * The four afterstates of {@code board} into {@code out[0..3]}, by direction (equal to the board
     * where a move is illegal), from one transpose of the board; returns that transpose, for
     * {@link #columnsRewardOfTransposed}.
     */
    public long afterstates(long board, long[] out) {
        long t = Board.transpose(board);
        out[0] = upOfTransposed(t);
        out[1] = right(board);
        out[2] = downOfTransposed(t);
        out[3] = left(board);
        return t;
    }

    /**
     * Up for a board given as its transpose {@code t} ({@link Board#transpose}): with {@link #right},
     * {@link #downOfTransposed} and {@link #left}, the four afterstates from one transpose of the
     * board instead of one per column move.
     */
    public long upOfTransposed(long t) {
        return Board.transpose(slideRows(t, colUp));
    }

    /** Down for a board given as its transpose {@code t} (see {@link #upOfTransposed}). */
    public long downOfTransposed(long t) {
        return Board.transpose(slideRows(t, colDown));
    }

    /** The reward of moving {@code board} right or left (the same: see {@link #rowReward}). */
    public int rowsReward(long board) {
        return rowsReward(board, rowReward);
    }

    /** The reward of moving up or down the board whose transpose is {@code t} (the same either way). */
    public int columnsRewardOfTransposed(long t) {
        return rowsReward(t, colReward);
    }

    /** True if moving in {@code dir} changes the board. */
    public boolean isLegal(long board, int dir) {
        return move(board, dir) != board;
    }

    /**
     * A bit per legal direction (bit d set when direction d is legal), from the row tables' flags:
     * a move is legal if it changes at least one row (or column), so no afterstate is built.
     */
    public int legalMask(long board) {
        int h = rowMoved[(int) (board & 0xFFFF)] | rowMoved[(int) ((board >>> 16) & 0xFFFF)]
                | rowMoved[(int) ((board >>> 32) & 0xFFFF)] | rowMoved[(int) (board >>> 48)];
        long t = Board.transpose(board);
        int v = colMoved[(int) (t & 0xFFFF)] | colMoved[(int) ((t >>> 16) & 0xFFFF)]
                | colMoved[(int) ((t >>> 32) & 0xFFFF)] | colMoved[(int) (t >>> 48)];
        // row flags: bit 0 left, bit 1 right; column flags: bit 0 up, bit 1 down
        return (v & 1) | (h & 2) | (v & 2) << 1 | (h & 1) << 3;
    }

    /**
     * A uniformly random legal direction, or -1 if none is legal; at most one draw of {@code rng},
     * no allocation: the k-th legal direction for a uniform k (a bit deposit picks the k-th set bit).
     */
    public int randomLegalMove(long board, Rng rng) {
        int legal = legalMask(board);
        if (legal == 0) {
            return -1;
        }
        int k = rng.nextInt(Integer.bitCount(legal));
        return Integer.numberOfTrailingZeros(Integer.expand(1 << k, legal));
    }

    /** True if no move is legal: the game is over. */
    public boolean isTerminal(long board) {
        return legalMask(board) == 0;
    }

    // Rows past the shape are 0 and every table maps 0 to 0, so all four rows are looked up.
    static long slideRows(long b, char[] table) {
        return (long) table[(int) (b & 0xFFFF)]
                | (long) table[(int) ((b >>> 16) & 0xFFFF)] << 16
                | (long) table[(int) ((b >>> 32) & 0xFFFF)] << 32
                | (long) table[(int) (b >>> 48)] << 48;
    }

    static int rowsReward(long b, char[] table) {
        return 4 * (table[(int) (b & 0xFFFF)]
                + table[(int) ((b >>> 16) & 0xFFFF)]
                + table[(int) ((b >>> 32) & 0xFFFF)]
                + table[(int) (b >>> 48)]);
    }
}
