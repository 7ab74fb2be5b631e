package g2048.search;

import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Downgrade;
import g2048.game.Moves;
import g2048.game.Spawns;

/**
 * Expectimax over an {@link Evaluator}, depth counted as Matsuzaki 2021 counts it.
 *
 * <pre>
 * value(move a at board s, depth d)  = reward(s, a) + chance(afterstate s'_a, d − 1, 1)
 * chance(s', 0, q)                   = V(s')                                     (a leaf)
 * chance(s', k, q), q &lt; cutoff       = V(s')                                     (pruned: a leaf)
 * chance(s', k, q)                   = ( Σ over the empty cells e of s', in nibble order,
 *                                          0.9 · max(s' + 2 at e, k, q · 0.9 / n)
 *                                        + 0.1 · max(s' + 4 at e, k, q · 0.1 / n) ) / n
 *                                      (n empty cells; an afterstate without one is a leaf)
 * max(s, k, q)                       = max over legal a of reward(s, a) + chance(s'_a, k − 1, q);
 *                                      0 when no move is legal (the game is over)
 * </pre>
 *
 * So depth 1 is greedy play, depth 2 is move, spawn, move, evaluate the afterstates, depth 3 one
 * more spawn and move. The chosen move has the highest value, ties going to the lowest direction.
 *
 * <p><b>Modes.</b> Recursive: leaves are valued one by one as met. Batched leaves: a first pass
 * walks the tree and gathers its unique leaves, the evaluator values them in batch calls of at
 * most {@link Evaluator#maxBatchSize()}, and a second pass walks the same tree reading the leaf
 * values back. Both passes are the code of the recursive mode with a different leaf, so the two
 * modes return identical values (bit for bit) whenever the evaluator's batch and single values agree.
 *
 * <p><b>Transposition table</b> ({@link TranspositionTable}): chance nodes with at least one ply
 * below them, and optionally leaves, keyed exactly, fresh for every tree: it changes the work
 * done, never a value. <b>Time budget</b>: iterative deepening from depth 1; the depth in progress
 * is abandoned when the budget is spent (checked every hundred nodes or so, and between batch calls) and the deepest finished
 * depth decides; depth 1 always finishes.
 *
 * <p><b>Tile-downgrading</b> ({@link SearchConfig#downgrade()}): the root is replaced by
 * {@link Downgrade#searchRoot}, and the whole tree is that board's; the result says which board was searched.
 *
 * <p>Not thread-safe: one instance per thread, over that thread's {@link Evaluator#forThread()}.
 * Searching allocates nothing once the leaf set has grown to the largest tree.
 */
public final class Expectimax {

    private static final int EVALUATE = 0;
    private static final int GATHER = 1;
    private static final int LOOKUP = 2;
    private static final double P2 = Spawns.P_TWO;
    /** 1 − P_TWO written exactly (the subtraction would give 0.09999999999999998). */
    private static final double P4 = 0.1;
    /** The nibbles of column 0 (a row's four nibbles spread one per row). */
    private static final long COLUMN = 0x000F_000F_000F_000FL;

    /** Unwinds a search whose time is up; preallocated, without a stack trace. */
    private static final class OutOfTime extends RuntimeException {
        OutOfTime() {
            super("out of time", null, false, false);
        }
    }

    private static final OutOfTime OUT_OF_TIME = new OutOfTime();

    private final Evaluator evaluator;
    private final SearchConfig config;
    private final Moves moves;
    private final long cellMask;
    private final boolean square;
    private final double cutoff;
    private final boolean useCutoff;
    private final TranspositionTable table;
    private final boolean tableLeaves;
    /** {@link #tableLeaves} for the tree in progress: off at depth 1, whose four leaves cannot repeat. */
    private boolean leavesInTable;
    private final LeafSet leafSet;
    private final double[] iteration = new double[4];
    /** Told after each batch call of {@link LeafSet#evaluate}: counts it, and unwinds when the time is up. */
    private final Runnable afterBatch = () -> {
        this.batches++;
        checkTime();
    };

    private int mode = EVALUATE;
    private boolean timed;
    private long deadline;
    /** {@link #searchBy}'s deadline, and whether the search in progress has one and has passed it. */
    private boolean hasHardDeadline;
    private long hardDeadline;
    private boolean abandoned;
    private final IterativeDeepening deepening = new IterativeDeepening(new Depths());

    // work of the search in progress
    private long nodes;
    private long leaves;
    private long ttProbes;
    private long ttHits;
    private long batches;
    private final SearchTotals totals = new SearchTotals();

    /**
     * A search over {@code evaluator}, which must be the calling thread's instance, as {@code config}
     * says ({@link SearchConfig#resolvedFor resolved for} the evaluator).
     */
    public Expectimax(Evaluator evaluator, SearchConfig config) {
        this.evaluator = evaluator;
        this.config = config.resolvedFor(evaluator);
        this.moves = Moves.of(evaluator.shape());
        this.cellMask = evaluator.shape().cellMask();
        this.square = evaluator.shape().isSquare();
        this.cutoff = config.probabilityCutoff();
        this.useCutoff = cutoff > 0;
        this.table = config.ttLog2Slots() == 0 ? null : new TranspositionTable(config.ttLog2Slots());
        this.tableLeaves = config.ttLeaves();
        this.leafSet = config.batchedLeaves() ? new LeafSet(16) : null;
    }

    public SearchConfig config() {
        return config;
    }

    public Evaluator evaluator() {
        return evaluator;
    }

    /** Searches {@code board} and returns a new result (see {@link #search(long, SearchResult)}). */
    public SearchResult search(long board) {
        SearchResult r = new SearchResult();
        search(board, r);
        return r;
    }

    /** Searches {@code board} into {@code out}: every legal move's value and the choice. */
    public void search(long board, SearchResult out) {
        search(board, config.depth(), out);
    }

    /**
     * {@link #search(long, SearchResult)} to {@code depth} (1..{@link SearchConfig#MAX_DEPTH}) instead of
     * the configuration's depth; with a time budget, the deepest depth iterative deepening may reach.
     */
    public void search(long board, int depth, SearchResult out) {
        if (depth < 1 || depth > SearchConfig.MAX_DEPTH) {
            throw new IllegalArgumentException("depth must be 1.." + SearchConfig.MAX_DEPTH + ", got " + depth);
        }
        long start = System.nanoTime();
        out.reset();
        nodes = leaves = ttProbes = ttHits = batches = 0;
        board = Downgrade.searchRoot(board, config.downgrade(), moves);
        out.searched = board;
        if (moves.legalMask(board) != 0) {
            if (config.timeBudgetNanos() == 0 && hasHardDeadline) {
                if (!depthBy(board, depth, out, hardDeadline)) {
                    out.cutShort = true;
                    abandoned = true;
                }
            } else if (config.timeBudgetNanos() == 0) {
                runDepth(board, depth);
                finish(out, depth);
            } else {
                deepening.run(config, board, depth, out, start);
            }
        }
        out.work(nodes, leaves, ttProbes, ttHits, batches, System.nanoTime() - start);
        if (config.timeBank() && !hasHardDeadline) {
            deepening.settle(config.timeBudgetNanos(), out.nanos);
        }
        totals.add(out);
    }

    /** Searches {@code depth} into {@code out} unless {@code until} passes first: false when it was abandoned. */
    private boolean depthBy(long board, int depth, SearchResult out, long until) {
        timed = true;
        deadline = until;
        try {
            runDepth(board, depth);
            finish(out, depth);
            return true;
        } catch (OutOfTime e) {
            return false;
        } finally {
            timed = false;
        }
    }

    /** Empties the time bank: a new game does not spend what an earlier one left, nor pay for its overruns. */
    public void emptyBank() {
        deepening.emptyBank();
    }

    /** The time bank's balance: what earlier moves left unspent of their budget (negative after an overrun). */
    public long bankNanos() {
        return deepening.bankNanos();
    }

    /**
     * {@link #search(long, SearchResult)} abandoned at {@code deadline} (a {@link System#nanoTime()}
     * instant, checked as the time budget is): true when the tree was finished, false when it was
     * abandoned and {@code out} holds nothing. For a server, whose request must not hold a thread
     * beyond its timeout whatever depth it asked for.
     */
    public boolean searchBy(long board, SearchResult out, long deadline) {
        return searchBy(board, config.depth(), out, deadline);
    }

    /** {@link #searchBy(long, SearchResult, long)} to {@code depth} instead of the configuration's depth. */
    public boolean searchBy(long board, int depth, SearchResult out, long deadline) {
        hardDeadline = deadline;
        hasHardDeadline = true;
        abandoned = false;
        try {
            search(board, depth, out);
            return !abandoned;
        } finally {
            hasHardDeadline = false;
        }
    }

    /** Work done by all searches of this instance. */
    public SearchCounters counters() {
        return totals.counters();
    }

    /** One depth of the search in progress, for {@link IterativeDeepening}. */
    private final class Depths implements IterativeDeepening.Depths {
        @Override
        public void search(long board, int depth, SearchResult out) {
            runDepth(board, depth);
            finish(out, depth);
        }

        @Override
        public boolean searchBy(long board, int depth, SearchResult out, long until) {
            return depthBy(board, depth, out, until);
        }
    }

    private void finish(SearchResult out, int depth) {
        out.finish(iteration, depth);
    }

    private void runDepth(long board, int depth) {
        leavesInTable = tableLeaves && depth > 1;
        if (table != null) {
            table.newStamp();
        }
        if (leafSet == null) {
            mode = EVALUATE;
            root(board, depth);
            return;
        }
        mode = GATHER;
        leafSet.clear();
        root(board, depth);
        leaves += leafSet.size;
        leafSet.evaluate(evaluator, afterBatch);
        checkTime();
        if (table != null) {
            table.newStamp();
        }
        mode = LOOKUP;
        root(board, depth);
    }

    private void root(long board, int depth) {
        for (int d = 0; d < 4; d++) {
            long after = moves.move(board, d);
            iteration[d] = after == board ? Double.NaN : moves.reward(board, d) + chance(after, depth - 1, 1.0);
        }
    }

    /** A max node of any shape: its four afterstates and the two axes' rewards, then {@link #bestOf}. */
    private double maxNode(long board, int plies, double q) {
        return bestOf(board, moves.up(board), moves.right(board), moves.down(board), moves.left(board),
                moves.reward(board, 0), moves.reward(board, 1), plies, q);
    }

    /**
     * A max node given its four afterstates (each equal to {@code board} when illegal) and the
     * rewards of a column and of a row move: the best of reward + chance, in the order up, right,
     * down, left; 0 when no move is legal.
     */
    private double bestOf(long board, long up, long right, long down, long left, int columnReward, int rowReward,
                          int plies, double q) {
        if ((++nodes & 127) == 0 && timed) {
            checkTime();
        }
        if (plies == 1) {
            return bestOfLeaves(board, up, right, down, left, columnReward, rowReward);
        }
        // Math.max, not a compare and branch: the children's values arrive late from memory, and a
        // mispredicted branch on them would discard the work already started on the next child.
        double best = Double.NEGATIVE_INFINITY;
        if (up != board) {
            best = columnReward + chance(up, plies - 1, q);
        }
        if (right != board) {
            best = Math.max(best, rowReward + chance(right, plies - 1, q));
        }
        if (down != board) {
            best = Math.max(best, columnReward + chance(down, plies - 1, q));
        }
        if (left != board) {
            best = Math.max(best, rowReward + chance(left, plies - 1, q));
        }
        if (best == Double.NEGATIVE_INFINITY) {
            best = 0;
        }
        return best;
    }

    /**
     * {@link #bestOf} one ply above the leaves, valuing the children with {@link #leaf} directly
     * (what {@code chance(child, 0, q)} returns) so that a leaf costs no recursive call.
     */
    private double bestOfLeaves(long board, long up, long right, long down, long left, int columnReward, int rowReward) {
        double best = Double.NEGATIVE_INFINITY;
        if (up != board) {
            best = columnReward + leaf(up);
        }
        if (right != board) {
            best = Math.max(best, rowReward + leaf(right));
        }
        if (down != board) {
            best = Math.max(best, columnReward + leaf(down));
        }
        if (left != board) {
            best = Math.max(best, rowReward + leaf(left));
        }
        return best == Double.NEGATIVE_INFINITY ? 0 : best;
    }

    /**
     * The spawns of a chance node on a square board, Σ over empty cells of 0.9 · max(2 there) +
     * 0.1 · max(4 there), with the max nodes built incrementally: a spawn changes one row and one
     * column, so each of its four afterstates is the afterstate of {@code after} with one line
     * replaced, and each reward the total with one line's reward replaced (a line's reward does not
     * depend on the side it slides to). Same boards, rewards and order as {@link #maxNode}, so the
     * same value.
     */
    private double spawnsSquare(long after, long empty, int plies, double q2, double q4) {
        long t = Board.transpose(after);
        long left = moves.left(after);
        long right = moves.right(after);
        long up = Board.transpose(moves.left(t));
        long down = Board.transpose(moves.right(t));
        int rowReward = moves.reward(after, 1);
        int columnReward = moves.reward(t, 3);
        double sum = 0;
        for (long e = empty; e != 0; e &= e - 1) {
            int shift = Long.numberOfTrailingZeros(e);
            int r = shift >>> 4;
            int c = (shift >>> 2) & 3;
            int row = (int) (after >>> (16 * r)) & 0xFFFF;
            int column = (int) (t >>> (16 * c)) & 0xFFFF;
            sum += P2 * spawned(after, 1, r, c, row, column, left, right, up, down, rowReward, columnReward, plies, q2)
                    + P4 * spawned(after, 2, r, c, row, column, left, right, up, down, rowReward, columnReward, plies, q4);
        }
        return sum;
    }

    /** The max node of {@code after} with tile code {@code code} spawned at row {@code r}, column {@code c}. */
    private double spawned(long after, int code, int r, int c, int row, int column, long left, long right, long up,
                           long down, int rowReward, int columnReward, int plies, double q) {
        long board = after | (long) code << (16 * r + 4 * c);
        int newRow = row | code << (4 * c);
        int newColumn = column | code << (4 * r);
        long rowMask = ~(0xFFFFL << (16 * r));
        long columnMask = ~(COLUMN << (4 * c));
        return bestOf(board,
                (up & columnMask) | Long.expand(moves.slideLow(newColumn), COLUMN) << (4 * c),
                (right & rowMask) | (long) moves.slideHigh(newRow) << (16 * r),
                (down & columnMask) | Long.expand(moves.slideHigh(newColumn), COLUMN) << (4 * c),
                (left & rowMask) | (long) moves.slideLow(newRow) << (16 * r),
                columnReward - moves.rowReward(column) + moves.rowReward(newColumn),
                rowReward - moves.rowReward(row) + moves.rowReward(newRow), plies, q);
    }

    private double chance(long after, int plies, double q) {
        if (plies == 0 || q < cutoff) {
            return leaf(after);
        }
        long empty = Board.emptyCells(after, cellMask);
        int n = Long.bitCount(empty);
        if (n == 0) {
            return leaf(after);
        }
        long qBits = useCutoff ? Double.doubleToRawLongBits(q) : 0L;
        if (table != null) {
            ttProbes++;
            if (table.find(after, plies, qBits)) {
                ttHits++;
                return table.foundValue();
            }
        }
        nodes++;
        double q2 = q * P2 / n;
        double q4 = q * P4 / n;
        double sum = 0;
        if (square) {
            sum = spawnsSquare(after, empty, plies, q2, q4);
        } else {
            for (long e = empty; e != 0; e &= e - 1) {
                int shift = Long.numberOfTrailingZeros(e);
                sum += P2 * maxNode(after | (1L << shift), plies, q2) + P4 * maxNode(after | (2L << shift), plies, q4);
            }
        }
        double v = sum / n;
        if (table != null) {
            table.store(after, plies, qBits, v);
        }
        return v;
    }

    private double leaf(long after) {
        switch (mode) {
            case GATHER -> {
                leafSet.add(after);
                return 0;
            }
            case LOOKUP -> {
                return leafSet.value(after);
            }
            default -> {
                if (leavesInTable) {
                    ttProbes++;
                    if (table.find(after, 0, 0L)) {
                        ttHits++;
                        return table.foundValue();
                    }
                    leaves++;
                    double v = evaluator.value(after);
                    table.store(after, 0, 0L, v);
                    return v;
                }
                leaves++;
                return evaluator.value(after);
            }
        }
    }

    private void checkTime() {
        if (timed && System.nanoTime() - deadline > 0) {
            throw OUT_OF_TIME;
        }
    }
}
