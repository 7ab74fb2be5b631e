package g2048.solver;

import java.util.Arrays;

/**
 * One thread's output of IDs: appended unsorted, sorted and deduplicated in place whenever the
 * buffer fills (so duplicates never grow it), and finally merged with the other threads' buffers
 * by {@link IdSet#union}.
 */
final class IdBuffer {

    long[] ids = new long[1 << 16];
    int size;

    void add(long id) {
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
        Arrays.sort(ids, 0, size);
        int m = 0;
        for (int i = 0; i < size; i++) {
            if (m == 0 || ids[i] != ids[m - 1]) {
                ids[m++] = ids[i];
            }
        }
        size = m;
    }

    void clear() {
        size = 0;
    }
}
