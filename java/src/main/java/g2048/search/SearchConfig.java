package g2048.search;

import static g2048.settings.BadSetting.field;

import g2048.settings.BadSetting;
import g2048.settings.Numbers;

/**
 * How an {@link Expectimax} search runs. The one check of search settings: a bad value is a
 * {@link BadSetting} naming its field as every front end knows it ({@code depth}, {@code timeMs},
 * {@code timeBank}, {@code cutoff}, {@code ttBits}, {@code ttLeaves}, {@code downgrade}), which the
 * front end renders in its own words ({@code --time-ms} on the command line, {@code time_ms} in a
 * session or a request).
 *
 * @param depth             plies as Matsuzaki 2021 counts them: 1 = greedy (reward + V(afterstate)), 2 = move,
 *                          spawn, move, evaluate the afterstates, 3 = one more spawn and move; with a time
 *                          budget, the deepest depth iterative deepening may reach
 * @param probabilityCutoff 0 for none; else a chance node reached with a cumulative spawn probability
 *                          below it is not expanded and is valued as a leaf, V(afterstate)
 * @param timeBudgetNanos   0 for none; else iterative deepening from depth 1 up to {@code depth}, stopping
 *                          the depth in progress when the budget is spent and keeping the deepest
 *                          finished one (depth 1 always finishes)
 * @param ttLog2Slots       0 for no transposition table; else a table of 2^this slots (32 bytes each)
 * @param ttLeaves          also keep the values of leaves (afterstates valued by the evaluator) in the table
 * @param batchedLeaves     gather the unique leaves of the tree, value them in batch calls, back them up
 * @param downgrade         0 for none; else tile-downgrading ({@link g2048.game.Downgrade}): a board whose
 *                          tile set (the sum of its distinct tiles) reaches this threshold is searched and
 *                          evaluated translated to smaller tiles; for a power of two T, once a tile of T or
 *                          more is on the board. {@link #DOWNGRADE_AUTO}: the threshold the value function
 *                          plays best with ({@link g2048.eval.Evaluator#downgradeThreshold()}), chosen when a
 *                          player is built ({@link #resolvedFor})
 * @param timeBank          with a time budget: the budget is a mean per move instead of a limit. A depth
 *                          predicted not to finish is not started, and the time a move leaves unspent is
 *                          kept for later moves (at most {@link #BANK_BUDGETS} budgets on one move), so the
 *                          deeper searches go to the positions where they are cheap: those with few empty cells
 */
public record SearchConfig(int depth, double probabilityCutoff, long timeBudgetNanos, int ttLog2Slots,
                           boolean ttLeaves, boolean batchedLeaves, int downgrade, boolean timeBank) {

    /** With {@link #timeBank}: the most one move may spend, in budgets (a 4×4 ply costs about ten times the one before). */
    public static final int BANK_BUDGETS = 16;

    /** The largest tile-downgrading threshold: the tile set of a 4×4 board is below 2^16. */
    public static final int MAX_DOWNGRADE = 65535;
    /** The smallest: a board holding only 2s is never translated. */
    public static final int MIN_DOWNGRADE = 4;
    /**
     * The default: the threshold of the value function searched ({@link g2048.eval.Evaluator#downgradeThreshold()}:
     * 24576 for the n-tuple networks of 4x4, none for the others), resolved by {@link #resolvedFor}.
     */
    public static final int DOWNGRADE_AUTO = -1;

    /** The deepest search allowed (a 4×4 tree grows about 100-fold per ply). */
    public static final int MAX_DEPTH = 12;
    /**
     * Default table: 2^13 slots = 256 KiB a thread, leaves included. A 3-ply tree stores a few
     * thousand entries. The table must leave room in the core's L2 cache for the n-tuple network's
     * lines: on a core with 512 KiB of L2, 3-ply search ran 7–25% faster with 2^13 slots than with
     * 2^14 (which fills it), 2^11 and 2^12 about as fast, and a 4 MiB table slower still; keeping
     * leaves halves the evaluator's calls.
     */
    public static final int DEFAULT_TT_LOG2_SLOTS = 13;
    public static final int MAX_TT_LOG2_SLOTS = 28;
    /** The longest time budget of a move: an hour, in milliseconds as users give it. */
    public static final long MAX_TIME_MS = 3_600_000;
    /**
     * The deepest search of one board without a time budget: each ply beyond multiplies the work by
     * about ten on a 4x4 board (depth 7 takes seconds, 9 minutes); deeper searches need a budget.
     */
    public static final int MAX_UNTIMED_DEPTH = 6;

    private static final String DOWNGRADE_EXPECTED = ": expected auto, 0 (off) or a tile sum " + MIN_DOWNGRADE + ".."
            + MAX_DOWNGRADE + " (e.g. 24576), got ";

    public SearchConfig {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new BadSetting(field("depth"), ": expected 1.." + MAX_DEPTH + ", got " + depth);
        }
        if (!(probabilityCutoff >= 0 && probabilityCutoff < 1)) {
            throw new BadSetting(field("cutoff"), ": expected a probability in [0, 1), got " + probabilityCutoff);
        }
        if (timeBudgetNanos < 0 || timeBudgetNanos > MAX_TIME_MS * 1_000_000) {
            throw new BadSetting(field("timeMs"), ": expected 0.." + MAX_TIME_MS + " ms, got " + timeBudgetNanos / 1e6);
        }
        if (ttLog2Slots != 0 && (ttLog2Slots < 4 || ttLog2Slots > MAX_TT_LOG2_SLOTS)) {
            throw new BadSetting(field("ttBits"), ": expected 0 (off) or 4.." + MAX_TT_LOG2_SLOTS + ", got " + ttLog2Slots);
        }
        if (ttLeaves && ttLog2Slots == 0) {
            throw new BadSetting(field("ttLeaves"), ": needs a transposition table (", field("ttBits"), " above 0)");
        }
        checkDowngrade(downgrade);
        if (timeBank && timeBudgetNanos == 0) {
            throw new BadSetting(field("timeBank"), ": needs ", field("timeMs"), ", the mean time per move");
        }
    }

    /**
     * Refuses a tile-downgrading threshold other than 0 (off), {@link #DOWNGRADE_AUTO} or
     * {@link #MIN_DOWNGRADE}..{@link #MAX_DOWNGRADE}.
     */
    public static int checkDowngrade(int threshold) {
        if (threshold != 0 && threshold != DOWNGRADE_AUTO && (threshold < MIN_DOWNGRADE || threshold > MAX_DOWNGRADE)) {
            throw new BadSetting(field("downgrade"), DOWNGRADE_EXPECTED + threshold);
        }
        return threshold;
    }

    /**
     * A tile-downgrading threshold as typed: {@code auto} ({@link #DOWNGRADE_AUTO}), 0 (off) or a tile
     * sum; the one reader of the text, for options and requests alike.
     */
    public static int parseDowngrade(String text) {
        if ("auto".equals(text)) {
            return DOWNGRADE_AUTO;
        }
        int t;
        try {
            t = Numbers.parseInt(text);
        } catch (NumberFormatException e) {
            throw BadSetting.causedBy(e, field("downgrade"), DOWNGRADE_EXPECTED + "'" + text + "'");
        }
        if (t == DOWNGRADE_AUTO) {
            throw new BadSetting(field("downgrade"), DOWNGRADE_EXPECTED + t);
        }
        return checkDowngrade(t);
    }

    /** A time budget given in milliseconds (as users give it), in nanoseconds; refused unless 0..{@link #MAX_TIME_MS}. */
    public static long nanosOfMs(double ms) {
        if (!(ms >= 0 && ms <= MAX_TIME_MS)) {
            throw new BadSetting(field("timeMs"), ": expected 0.." + MAX_TIME_MS + " ms, got " + ms);
        }
        return Math.round(ms * 1e6);
    }

    /**
     * This configuration, refused for the search of one board when it is deeper than
     * {@link #MAX_UNTIMED_DEPTH} without a time budget: such a search could run for minutes.
     */
    public SearchConfig boundedForOneBoard() {
        if (depth > MAX_UNTIMED_DEPTH && timeBudgetNanos == 0) {
            throw new BadSetting(field("depth"), ": " + depth + " plies without a time budget could run for minutes; give ",
                    field("timeMs"), " (iterative deepening up to ", field("depth"), " " + depth + ") or at most "
                    + MAX_UNTIMED_DEPTH + " plies");
        }
        return this;
    }

    /**
     * This configuration for a search of {@code evaluator}: {@link #DOWNGRADE_AUTO} replaced by the
     * evaluator's own threshold, everything else as it is.
     */
    public SearchConfig resolvedFor(g2048.eval.Evaluator evaluator) {
        return downgrade == DOWNGRADE_AUTO ? withDowngrade(resolvedDowngrade(downgrade, evaluator)) : this;
    }

    /** {@code threshold} (checked) for a search of {@code evaluator}: its own threshold for {@link #DOWNGRADE_AUTO}. */
    public static int resolvedDowngrade(int threshold, g2048.eval.Evaluator evaluator) {
        return checkDowngrade(threshold) == DOWNGRADE_AUTO ? evaluator.downgradeThreshold() : threshold;
    }

    /** Without tile-downgrading: the configuration of the same search, all else equal. */
    public SearchConfig(int depth, double probabilityCutoff, long timeBudgetNanos, int ttLog2Slots,
                        boolean ttLeaves, boolean batchedLeaves) {
        this(depth, probabilityCutoff, timeBudgetNanos, ttLog2Slots, ttLeaves, batchedLeaves, 0, false);
    }

    /**
     * This configuration {@link #resolvedFor} {@code evaluator}, with batched leaves when it prefers
     * batches (a value network): both modes return identical values, so only the speed changes.
     */
    public SearchConfig suitedTo(g2048.eval.Evaluator evaluator) {
        SearchConfig c = resolvedFor(evaluator);
        return c.batchedLeaves || evaluator.preferredBatchSize() <= 1 ? c : c.withBatchedLeaves(true);
    }

    /**
     * Depth {@code depth}, no cutoff, no time budget, the default table with leaves, recursive leaves,
     * tile-downgrading {@link #DOWNGRADE_AUTO}.
     */
    public static SearchConfig ofDepth(int depth) {
        return new SearchConfig(depth, 0, 0, DEFAULT_TT_LOG2_SLOTS, true, false, DOWNGRADE_AUTO, false);
    }

    public SearchConfig withDepth(int d) {
        return new SearchConfig(d, probabilityCutoff, timeBudgetNanos, ttLog2Slots, ttLeaves, batchedLeaves, downgrade, timeBank);
    }

    public SearchConfig withProbabilityCutoff(double p) {
        return new SearchConfig(depth, p, timeBudgetNanos, ttLog2Slots, ttLeaves, batchedLeaves, downgrade, timeBank);
    }

    /** This configuration with a time budget of {@code nanos} per move (0: none, which also drops the time bank). */
    public SearchConfig withTimeBudgetNanos(long nanos) {
        return new SearchConfig(depth, probabilityCutoff, nanos, ttLog2Slots, ttLeaves, batchedLeaves, downgrade,
                timeBank && nanos > 0);
    }

    /** This configuration with the time budget a mean per move ({@code on}) or a limit on each move. */
    public SearchConfig withTimeBank(boolean on) {
        return new SearchConfig(depth, probabilityCutoff, timeBudgetNanos, ttLog2Slots, ttLeaves, batchedLeaves, downgrade, on);
    }

    public SearchConfig withTable(int log2Slots, boolean leaves) {
        return new SearchConfig(depth, probabilityCutoff, timeBudgetNanos, log2Slots, leaves, batchedLeaves, downgrade, timeBank);
    }

    public SearchConfig withBatchedLeaves(boolean batched) {
        return new SearchConfig(depth, probabilityCutoff, timeBudgetNanos, ttLog2Slots, ttLeaves, batched, downgrade, timeBank);
    }

    /**
     * This configuration with tile-downgrading from {@code threshold} on (0: off): see
     * {@link g2048.game.Downgrade#searchRoot}.
     */
    public SearchConfig withDowngrade(int threshold) {
        return new SearchConfig(depth, probabilityCutoff, timeBudgetNanos, ttLog2Slots, ttLeaves, batchedLeaves, threshold, timeBank);
    }

    /** A short description for reports, e.g. {@code depth 3, tt 2^13 with leaves, cutoff 1e-4}. */
    public String describe() {
        StringBuilder sb = new StringBuilder("depth ").append(depth);
        if (timeBudgetNanos > 0) {
            sb.append(" (iterative, ").append(timeBudgetNanos / 1_000_000.0).append(timeBank ? " ms a move on average)" : " ms a move)");
        }
        sb.append(ttLog2Slots == 0 ? ", no tt" : ", tt 2^" + ttLog2Slots + (ttLeaves ? " with leaves" : ""));
        if (probabilityCutoff > 0) {
            sb.append(", cutoff ").append(probabilityCutoff);
        }
        if (batchedLeaves) {
            sb.append(", batched leaves");
        }
        if (downgrade > 0) {
            sb.append(", downgrade from ").append(downgrade);
        } else if (downgrade == DOWNGRADE_AUTO) {
            sb.append(", downgrade auto");
        }
        return sb.toString();
    }
}
