package g2048.solver;

import java.util.Arrays;

/**
 * One thread's output of IDs: appended unsorted, sorted and deduplicated in place whenever the
 * buffer fills (so duplicates never grow it), and finally merged with the other threads' buffers
 * by {@link IdSet#union}. A small direct-mapped cache of recent IDs drops most repeats before they
 * reach the buffer (neighbouring inputs often produce the same output), and large buffers are
 * sorted by an LSD radix sort over the bits the IDs actually use.
 */
public final class IdBuffer {

    private static final int RECENT_BITS = 12;
    private static final int DIGIT_BITS = 11;
    private static final int RADIX = 1 << DIGIT_BITS;
    private static final int SMALL = 1 << 12;

    long[] ids = new long[1 << 16];
    int size;
    private long[] scratch = new long[0];
    /** The cache of recent IDs; -1 marks an empty slot (IDs are non-negative: 0, the empty board of a table's seed, is one). */
    private final long[] recent = emptyRecent();
    private final int[] counts = new int[6 * RADIX];

    public void add(long id) {
        int h = (int) ((id * 0x9E37_79B9_7F4A_7C15L) >>> (64 - RECENT_BITS));
        if (recent[h] == id) {
            return;
        }
        recent[h] = id;
        if (size == ids.length) {
            compact();
        }
        ids[size++] = id;
    }

    /** Sorts and deduplicates; grows the buffer if it is still more than half full. */
    private void compact() {
        sortUnique();
        if (size > ids.length / 2) {
            if (ids.length >= Integer.MAX_VALUE / 2) {
                throw new IllegalStateException("an age's thread-local buffer exceeds 2^30 IDs");
            }
            ids = Arrays.copyOf(ids, ids.length * 2);
        }
    }

    void sortUnique() {
        if (size < SMALL) {
            Arrays.sort(ids, 0, size);
        } else {
            radixSort();
        }
        int m = 0;
        for (int i = 0; i < size; i++) {
            if (m == 0 || ids[i] != ids[m - 1]) {
                ids[m++] = ids[i];
            }
        }
        size = m;
    }

    /** LSD radix sort of {@code ids[0, size)} (non-negative IDs), 11 bits a pass, skipping passes whose digit is constant. */
    private void radixSort() {
        long or = 0;
        for (int i = 0; i < size; i++) {
            or |= ids[i];
        }
        int bits = 64 - Long.numberOfLeadingZeros(or);
        int passes = Math.min(6, (bits + DIGIT_BITS - 1) / DIGIT_BITS);
        Arrays.fill(counts, 0);
        for (int i = 0; i < size; i++) {
            long v = ids[i];
            for (int p = 0; p < passes; p++) {
                counts[p * RADIX + (int) ((v >>> (p * DIGIT_BITS)) & (RADIX - 1))]++;
            }
        }
        if (scratch.length < ids.length) {
            scratch = new long[ids.length];
        }
        long[] src = ids;
        long[] dst = scratch;
        for (int p = 0; p < passes; p++) {
            int base = p * RADIX;
            int shift = p * DIGIT_BITS;
            if (counts[base + (int) ((src[0] >>> shift) & (RADIX - 1))] == size) {
                continue;
            }
            int sum = 0;
            for (int d = 0; d < RADIX; d++) {
                int c = counts[base + d];
                counts[base + d] = sum;
                sum += c;
            }
            for (int i = 0; i < size; i++) {
                long v = src[i];
                dst[counts[base + (int) ((v >>> shift) & (RADIX - 1))]++] = v;
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        if (src != ids) {
            scratch = ids;
            ids = src;
        }
    }

    public void clear() {
        size = 0;
        Arrays.fill(recent, -1);
    }

    private static long[] emptyRecent() {
        long[] r = new long[1 << RECENT_BITS];
        Arrays.fill(r, -1);
        return r;
    }
}
