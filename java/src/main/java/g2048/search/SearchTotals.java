package g2048.search;

/** The work of every search of one {@link Expectimax}, summed as each search ends. */
final class SearchTotals {

    private long searches;
    private long nodes;
    private long leaves;
    private long probes;
    private long hits;
    private long batches;
    private long cutShort;
    private long depth;

    void add(SearchResult out) {
        searches++;
        nodes += out.nodes;
        leaves += out.leaves;
        probes += out.ttProbes;
        hits += out.ttHits;
        batches += out.batches;
        cutShort += out.cutShort ? 1 : 0;
        depth += out.depth;
    }

    SearchCounters counters() {
        return new SearchCounters(searches, nodes, leaves, probes, hits, batches, cutShort, depth);
    }
}
