package g2048.search;

import g2048.eval.Evaluator;
import java.util.Arrays;

/**
 * The unique leaves of one search tree in the order first met, with their values once evaluated:
 * an open-addressing hash set (linear probing) over {@code long} afterstates mapping each to its
 * index. Cleared in O(1) by a generation stamp; grows (rarely, between trees' worth of inserts)
 * when more than half full. Not thread-safe: one per search.
 */
final class LeafSet {

    private long[] keys;
    private int[] index;
    private int[] generation;
    private int mask;
    private int shift;
    private int current = 1;

    /** The leaves in the order first met: {@code boards[0..size)}; {@code values} after evaluation. */
    long[] boards;
    double[] values;
    int size;
    /** The batch calls' buffers when the leaves are more than one call takes. */
    private long[] chunkBoards = new long[0];
    private double[] chunkValues = new double[0];

    LeafSet(int log2Capacity) {
        allocate(log2Capacity);
        boards = new long[1 << (log2Capacity - 1)];
        values = new double[boards.length];
    }

    private void allocate(int log2) {
        keys = new long[1 << log2];
        index = new int[1 << log2];
        generation = new int[1 << log2];
        mask = (1 << log2) - 1;
        shift = 64 - log2;
    }

    void clear() {
        size = 0;
        if (++current == Integer.MAX_VALUE) {
            Arrays.fill(generation, 0);
            current = 1;
        }
    }

    private int slot(long key) {
        return (int) ((key * 0x9E37_79B9_7F4A_7C15L) >>> shift);
    }

    /** Adds a leaf if new. */
    void add(long key) {
        int i = slot(key);
        while (generation[i] == current) {
            if (keys[i] == key) {
                return;
            }
            i = (i + 1) & mask;
        }
        generation[i] = current;
        keys[i] = key;
        index[i] = size;
        if (size == boards.length) {
            boards = Arrays.copyOf(boards, 2 * size);
            values = Arrays.copyOf(values, 2 * size);
        }
        boards[size++] = key;
        if (2 * size > mask + 1) {
            rehash();
        }
    }

    /** The value of a leaf added since the last {@link #clear()}; throws if it was not. */
    double value(long key) {
        int i = slot(key);
        while (generation[i] == current) {
            if (keys[i] == key) {
                return values[index[i]];
            }
            i = (i + 1) & mask;
        }
        throw new IllegalStateException("leaf 0x" + Long.toHexString(key) + " was not gathered");
    }

    private void rehash() {
        int log2 = Integer.numberOfTrailingZeros(mask + 1) + 1;
        allocate(log2);
        current = 1;
        for (int k = 0; k < size; k++) {
            long key = boards[k];
            int i = slot(key);
            while (generation[i] == current) {
                i = (i + 1) & mask;
            }
            generation[i] = current;
            keys[i] = key;
            index[i] = k;
        }
    }

    /**
     * Values the leaves in batch calls of at most the evaluator's maximum batch size, {@code afterCall}
     * told after each call (it may throw to abandon the rest).
     */
    void evaluate(Evaluator evaluator, Runnable afterCall) {
        int n = size;
        int max = Math.max(1, evaluator.maxBatchSize());
        if (n <= max) {
            if (n > 0) {
                evaluator.values(boards, n, values);
                afterCall.run();
            }
            return;
        }
        if (chunkBoards.length < max) {
            chunkBoards = new long[max];
            chunkValues = new double[max];
        }
        for (int from = 0; from < n; from += max) {
            int count = Math.min(max, n - from);
            System.arraycopy(boards, from, chunkBoards, 0, count);
            evaluator.values(chunkBoards, count, chunkValues);
            System.arraycopy(chunkValues, 0, values, from, count);
            afterCall.run();
        }
    }
}
