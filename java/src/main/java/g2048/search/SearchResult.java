package g2048.search;

import g2048.player.BestMove;
import java.util.Arrays;

/**
 * What one {@link Expectimax#search} found: the value of each move (NaN for an illegal one), the
 * chosen move (−1 when none is legal), the deepest finished depth, and the work it took. Mutable
 * and reused from move to move so that searching allocates nothing; copy what you keep.
 */
public final class SearchResult {

    final double[] values = new double[4];
    int best = -1;
    int depth;
    boolean cutShort;
    long nodes;
    long leaves;
    long ttProbes;
    long ttHits;
    long batches;
    long nanos;
    long searched;

    void reset() {
        Arrays.fill(values, Double.NaN);
        best = -1;
        depth = 0;
        cutShort = false;
        nodes = 0;
        leaves = 0;
        ttProbes = 0;
        ttHits = 0;
        batches = 0;
        nanos = 0;
    }

    /** Takes a finished depth's move values ({@code NaN}: illegal) and chooses the best. */
    void finish(double[] moveValues, int finishedDepth) {
        int legal = 0;
        for (int d = 0; d < 4; d++) {
            values[d] = moveValues[d];
            legal |= Double.isNaN(moveValues[d]) ? 0 : 1 << d;
        }
        best = BestMove.of(moveValues, legal);
        depth = finishedDepth;
    }

    /** Records the work a search took. */
    void work(long nodes, long leaves, long ttProbes, long ttHits, long batches, long nanos) {
        this.nodes = nodes;
        this.leaves = leaves;
        this.ttProbes = ttProbes;
        this.ttHits = ttHits;
        this.batches = batches;
        this.nanos = nanos;
    }

    /**
     * The board the tree was grown from: the board asked about, or its tile-downgraded translation
     * ({@link SearchConfig#downgrade()}); the values are those of this board's moves.
     */
    public long searchedBoard() {
        return searched;
    }

    /** The value of moving in {@code direction}: reward + expected value below; NaN if illegal. */
    public double value(int direction) {
        return values[direction];
    }

    /** The chosen direction (0..3, highest value, ties to the lowest direction), or −1 if none is legal. */
    public int best() {
        return best;
    }

    /** The value of the chosen move, NaN when there is none. */
    public double bestValue() {
        return best < 0 ? Double.NaN : values[best];
    }

    /** The deepest depth finished (0 when no move is legal). */
    public int depth() {
        return depth;
    }

    /** True if the time budget stopped iterative deepening before the configured depth (mid-iteration or before one). */
    public boolean cutShort() {
        return cutShort;
    }

    /** Max and chance nodes expanded (both passes in batched mode). */
    public long nodes() {
        return nodes;
    }

    /** Afterstates valued by the evaluator (unique leaves in batched mode). */
    public long leaves() {
        return leaves;
    }

    public long ttProbes() {
        return ttProbes;
    }

    public long ttHits() {
        return ttHits;
    }

    /** Batch calls to the evaluator (batched mode only). */
    public long batches() {
        return batches;
    }

    /** Wall time of the search in nanoseconds. */
    public long nanos() {
        return nanos;
    }
}
