package g2048.cli;

import g2048.search.SearchConfig;
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

    /** The configuration for {@code depth}, each bad value refused by {@link SearchConfig} and named by its option ({@link Errors#option}). */
    SearchConfig config(int depth) {
        return new SearchConfig(depth, cutoff, SearchConfig.nanosOfMs(timeMs), ttBits, ttLeaves && ttBits > 0, batched,
                SearchConfig.parseDowngrade(downgrade), timeBank);
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
