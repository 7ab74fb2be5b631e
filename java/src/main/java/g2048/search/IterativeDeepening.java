package g2048.search;

/**
 * {@link Expectimax}'s time budget: iterative deepening from depth 1, each deeper depth until the
 * one asked for or the budget, the deepest finished one deciding; and the time bank
 * ({@link SearchConfig#timeBank}). With the bank a move may spend its budget plus what earlier moves
 * left (up to {@link SearchConfig#BANK_BUDGETS} budgets), and a depth predicted not to finish in that
 * is not started: the prediction is the growth in time from the depth before, corrected per depth by
 * what earlier moves measured. Once an instance per search, outside its recursion.
 */
final class IterativeDeepening {

    /** The search's side: one depth searched into the result. */
    interface Depths {
        /** Searches {@code depth} into {@code out}. */
        void search(long board, int depth, SearchResult out);

        /** Searches {@code depth} into {@code out} unless {@code until} passes first: false when it was abandoned. */
        boolean searchBy(long board, int depth, SearchResult out, long until);
    }

    private final Depths depths;
    private long bankNanos;
    /** Per depth, the correction of its predicted growth. */
    private final double[] growthCorrection = new double[SearchConfig.MAX_DEPTH + 1];

    IterativeDeepening(Depths depths) {
        this.depths = depths;
    }

    /** Deepens to at most {@code depth} within {@code config}'s budget from {@code start}; {@code out.cutShort} when it stopped short. */
    void run(SearchConfig config, long board, int depth, SearchResult out, long start) {
        long budget = config.timeBudgetNanos();
        boolean bank = config.timeBank();
        long end = start + (bank ? Math.min(budget + bankNanos, SearchConfig.BANK_BUDGETS * budget) : budget);
        long began = System.nanoTime();
        depths.search(board, 1, out);
        long now = System.nanoTime();
        long last = Math.max(1, now - began);
        double lastGrowth = 0;
        for (int d = 2; d <= depth; d++) {
            if (now - end >= 0 || bank && d > 2 && growthCorrection[d] > 0
                    && now + last * lastGrowth * growthCorrection[d] - end > 0) {
                out.cutShort = true;
                break;
            }
            if (!depths.searchBy(board, d, out, end)) {
                out.cutShort = true;
                if (bank && d > 2) {
                    // The growth was at least this much: learn that too, or a depth that never
                    // finishes would be started on every move.
                    learnGrowth(d, (double) Math.max(1, System.nanoTime() - now) / last / lastGrowth);
                }
                break;
            }
            long after = System.nanoTime();
            long took = Math.max(1, after - now);
            double growth = (double) took / last;
            if (d > 2) {
                learnGrowth(d, growth / lastGrowth);
            }
            lastGrowth = growth;
            last = took;
            now = after;
        }
    }

    /**
     * Learns how depth {@code d}'s growth in time compares with the depth before it's, over the
     * moves: a position's own growth foretells the next depth's once corrected by this.
     */
    private void learnGrowth(int d, double correction) {
        growthCorrection[d] = growthCorrection[d] == 0 ? correction : 0.9 * growthCorrection[d] + 0.1 * correction;
    }

    /** Puts what a move of {@code nanos} left of its budget in the bank (or takes its overrun), bounded by -1 and BANK_BUDGETS - 1 budgets. */
    void settle(long budget, long nanos) {
        bankNanos = Math.clamp(bankNanos + budget - nanos, -budget, (SearchConfig.BANK_BUDGETS - 1) * budget);
    }

    void emptyBank() {
        bankNanos = 0;
    }

    long bankNanos() {
        return bankNanos;
    }
}
