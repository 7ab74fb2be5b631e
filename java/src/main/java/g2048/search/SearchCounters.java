package g2048.search;

/**
 * Work done by searches, summed: searches (moves), nodes expanded, afterstates valued by the
 * evaluator, transposition-table probes and hits, batch calls, and searches cut short by time.
 */
public record SearchCounters(long searches, long nodes, long leaves, long ttProbes, long ttHits, long batches,
                             long cutShort, long depthSum) {

    public static final SearchCounters ZERO = new SearchCounters(0, 0, 0, 0, 0, 0, 0, 0);

    public SearchCounters plus(SearchCounters o) {
        return new SearchCounters(searches + o.searches, nodes + o.nodes, leaves + o.leaves, ttProbes + o.ttProbes,
                ttHits + o.ttHits, batches + o.batches, cutShort + o.cutShort, depthSum + o.depthSum);
    }

    /** Hits per probe, 0 without probes. */
    public double ttHitRate() {
        return ttProbes == 0 ? 0 : (double) ttHits / ttProbes;
    }

    /** The mean finished depth per search. */
    public double meanDepth() {
        return searches == 0 ? 0 : (double) depthSum / searches;
    }
}
