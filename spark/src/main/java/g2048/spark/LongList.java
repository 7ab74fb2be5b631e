package g2048.spark;

import java.util.Arrays;

/** A growing array of longs, turned into sorted unique IDs at the end; compacted in place when full. */
final class LongList {

    private long[] a = new long[1 << 10];
    private int n;
    private int sortedUpTo = -1;

    void add(long x) {
        if (n == a.length) {
            grow();
        }
        a[n++] = x;
    }

    int size() {
        return n;
    }

    long get(int i) {
        return a[i];
    }

    /** Sorts and deduplicates (when asked to) before growing, so that repeats never make the array larger. */
    private void grow() {
        if (sortedUpTo >= 0) {
            sortUnique();
            if (n <= a.length / 2) {
                return;
            }
        }
        if (a.length >= Integer.MAX_VALUE / 2) {
            throw new IllegalStateException("a task's buffer exceeds 2^30 IDs: use more partitions (a smaller --partition-states)");
        }
        a = Arrays.copyOf(a, a.length * 2);
    }

    /** From now on, duplicates may be dropped whenever the array fills (for sets, not for paired lists). */
    LongList asSet() {
        sortedUpTo = 0;
        return this;
    }

    private void sortUnique() {
        Arrays.sort(a, 0, n);
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (m == 0 || a[i] != a[m - 1]) {
                a[m++] = a[i];
            }
        }
        n = m;
        sortedUpTo = n;
    }

    /** The sorted unique IDs. */
    long[] sortedUnique() {
        sortUnique();
        return Arrays.copyOf(a, n);
    }

    long[] toArray() {
        return Arrays.copyOf(a, n);
    }

    /** Sorted unique IDs of several sorted unique arrays. */
    static long[] union(Iterable<long[]> parts) {
        LongList all = new LongList().asSet();
        for (long[] p : parts) {
            for (long x : p) {
                all.add(x);
            }
        }
        return all.sortedUnique();
    }
}
