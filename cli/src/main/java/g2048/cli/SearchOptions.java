package g2048.cli;

import g2048.search.SearchConfig;
import g2048.settings.Numbers;
import picocli.CommandLine.Option;

/** How an evaluator-backed player searches (with {@code --depth} of {@link PlayerOptions}). */
final class SearchOptions {

    @Option(names = "--time-ms", defaultValue = "0",
            description = "Time budget per move in ms: iterative deepening from depth 1 up to --depth; 0 = none, search exactly --depth (default: ${DEFAULT-VALUE}).")
    double timeMs;

    @Option(names = "--time-bank",
            description = "With --time-ms: the budget is a mean per move, not a limit. A depth predicted not to finish is not started, and the time a move leaves is kept for later moves (at most " + SearchConfig.BANK_BUDGETS + " budgets on one move), so the deeper searches go to the positions with few empty cells, where they are cheap.")
    boolean timeBank;

    @Option(names = "--cutoff", defaultValue = "0",
            description = "Probability cutoff: a chance node reached with a lower cumulative spawn probability is valued as a leaf; 0 = none (default: ${DEFAULT-VALUE}).")
    double cutoff;

    @Option(names = "--tt-bits", defaultValue = "" + SearchConfig.DEFAULT_TT_LOG2_SLOTS,
            description = "Transposition table of 2^N slots of 32 bytes per search thread; 0 = none (default: ${DEFAULT-VALUE}).")
    int ttBits;

    @Option(names = "--tt-leaves", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Keep leaf values in the transposition table too, so that a leaf met twice is valued once (default: on; --no-tt-leaves; no effect with --tt-bits 0).")
    boolean ttLeaves = true;

    @Option(names = "--batched", description = "Batched leaves: gather a tree's unique leaves and value them in batch calls.")
    boolean batched;

    @Option(names = "--downgrade", defaultValue = "auto", paramLabel = "T",
            description = "Tile-downgrading: once the board's distinct tiles sum to T or more (for a power of two, once a tile of T or more is on it), search and evaluate the board with the tiles above its largest missing one halved, as a network trained on smaller tiles knows it; 0 = off; auto = the value function's own threshold, 24576 for the n-tuple networks of 4x4 (the player line says it), off for the others (default: ${DEFAULT-VALUE}).")
    String downgrade = "auto";

    /** The configuration for {@code depth}, each bad value named by its option. */
    SearchConfig config(int depth) {
        if (depth < 1 || depth > SearchConfig.MAX_DEPTH) {
            throw new Errors.BadInput("--depth: expected 1.." + SearchConfig.MAX_DEPTH + ", got " + depth);
        }
        if (!(timeMs >= 0) || timeMs > 3_600_000) {
            throw new Errors.BadInput("--time-ms: expected 0..3600000 ms, got " + timeMs);
        }
        if (timeBank && timeMs == 0) {
            throw new Errors.BadInput("--time-bank: needs --time-ms, the mean time per move");
        }
        if (!(cutoff >= 0 && cutoff < 1)) {
            throw new Errors.BadInput("--cutoff: expected a probability in [0, 1), got " + cutoff);
        }
        if (ttBits != 0 && (ttBits < 4 || ttBits > SearchConfig.MAX_TT_LOG2_SLOTS)) {
            throw new Errors.BadInput("--tt-bits: expected 0 (off) or 4.." + SearchConfig.MAX_TT_LOG2_SLOTS + ", got " + ttBits);
        }
        return new SearchConfig(depth, cutoff, Math.round(timeMs * 1e6), ttBits, ttLeaves && ttBits > 0, batched,
                downgrade("--downgrade", downgrade), timeBank);
    }

    /**
     * A tile-downgrading threshold as typed: {@code auto} ({@link SearchConfig#DOWNGRADE_AUTO}), 0 (off) or a tile
     * sum, refused naming {@code field} otherwise.
     */
    static int downgrade(String field, String text) {
        if (text.equals("auto")) {
            return SearchConfig.DOWNGRADE_AUTO;
        }
        try {
            int t = Numbers.parseInt(text);
            if (t == 0 || t >= SearchConfig.MIN_DOWNGRADE && t <= SearchConfig.MAX_DOWNGRADE) {
                return t;
            }
        } catch (NumberFormatException e) {
            // refused below, with the rest
        }
        throw new Errors.BadInput(field + ": expected auto, 0 (off) or a tile sum " + SearchConfig.MIN_DOWNGRADE + ".."
                + SearchConfig.MAX_DOWNGRADE + " (e.g. 24576), got '" + text + "'");
    }

    /**
     * The deepest search of one board without a time budget: each ply beyond multiplies the work by
     * about ten on a 4x4 board (depth 7 takes seconds, 9 minutes); deeper searches need a budget.
     */
    static final int MAX_UNTIMED_DEPTH = 6;

    /** Refuses a search of one board deeper than {@link #MAX_UNTIMED_DEPTH} without a time budget, naming both fields. */
    static void checkBounded(int depth, double timeMs, String depthName, String timeName) {
        if (depth > MAX_UNTIMED_DEPTH && timeMs == 0) {
            throw new IllegalArgumentException(depthName + ": " + depth + " plies without a time budget could run for minutes;"
                    + " give " + timeName + " (iterative deepening up to " + depthName + " " + depth + ") or at most "
                    + MAX_UNTIMED_DEPTH + " plies");
        }
    }

    /** The defaults, for commands without these options. */
    static SearchConfig defaults(int depth) {
        return new SearchOptions().withDefaults().config(depth);
    }

    private SearchOptions withDefaults() {
        ttBits = SearchConfig.DEFAULT_TT_LOG2_SLOTS;
        return this;
    }
}
