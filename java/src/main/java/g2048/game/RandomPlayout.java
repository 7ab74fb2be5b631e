package g2048.game;

/**
 * Games played with uniformly random legal moves, as fast as the tables allow: the engine's
 * random-playout loop (Monte Carlo evaluation, benchmarks). Not thread-safe: one per thread.
 *
 * <p>A step computes all four afterstates at once (they are independent, so the table look-ups
 * overlap), derives the legal moves from them, picks one with a single draw of the generator and
 * selects its afterstate and reward without a branch on the direction: a random direction would
 * be mispredicted about every other move.
 */
public final class RandomPlayout {

    private final Moves moves;
    private final Shape shape;
    private final long cellMask;
    private final Rng rng;
    private long board;
    private long score;
    private int moveCount;

    public RandomPlayout(Shape shape, Rng rng) {
        this.shape = shape;
        this.moves = Moves.of(shape);
        this.cellMask = shape.cellMask();
        this.rng = rng;
        newGame();
    }

    /** Starts a new game from two spawns. */
    public void newGame() {
        start(Spawns.initial(shape, rng));
    }

    /** Continues from {@code state} (a board before a move) with score and move count 0. */
    public void start(long state) {
        board = state;
        score = 0;
        moveCount = 0;
    }

    /**
     * Plays one move: a uniformly random legal direction, its reward added to the score, a spawn.
     * Returns false, changing nothing, when no move is legal (the game is over).
     */
    public boolean step() {
        long b = board;
        long t = Board.transpose(b);
        long left = Moves.slideRows(b, moves.rowLeft);
        long right = Moves.slideRows(b, moves.rowRight);
        long up = Moves.slideRows(t, moves.colUp);
        long down = Moves.slideRows(t, moves.colDown);
        int legal = (up != t ? 1 : 0) | (right != b ? 2 : 0) | (down != t ? 4 : 0) | (left != b ? 8 : 0);
        if (legal == 0) {
            return false;
        }
        int d = Integer.numberOfTrailingZeros(Integer.expand(1 << rng.nextInt(Integer.bitCount(legal)), legal));
        // d: 0 up, 1 right, 2 down, 3 left. Bit 0 says horizontal, bit 1 the second of the pair.
        long second = -(long) (d >>> 1);
        long horizontal = -(long) (d & 1);
        long vertical = Board.transpose(up ^ ((up ^ down) & second));
        long after = vertical ^ ((vertical ^ (right ^ ((right ^ left) & second))) & horizontal);
        int rowReward = Moves.rowsReward(b, moves.rowReward);
        int colReward = Moves.rowsReward(t, moves.colReward);
        score += colReward ^ ((colReward ^ rowReward) & (int) horizontal);
        board = Spawns.spawn(after, cellMask, rng);
        moveCount++;
        return true;
    }

    /** Plays to the end of the game and returns its score. */
    public long playToEnd() {
        while (step()) {
            // each step is one move
        }
        return score;
    }

    /** The current state (before the next move). */
    public long board() {
        return board;
    }

    /** The sum of the rewards since the game started. */
    public long score() {
        return score;
    }

    /** The number of moves since the game started. */
    public int moveCount() {
        return moveCount;
    }
}
