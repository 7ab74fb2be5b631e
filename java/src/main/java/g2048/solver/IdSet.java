package g2048.solver;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A sorted set of unique, non-negative IDs held off-heap in one {@link MemorySegment}, with a
 * bucket index on the top bits that narrows each {@link #rank} look-up to a short binary search.
 * Closing the set frees its memory.
 */
public final class IdSet implements AutoCloseable {

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;

    private final Arena arena;
    private final MemorySegment ids;
    private final long size;
    private int shift;
    private int[] bucketStart;

    private IdSet(Arena arena, MemorySegment ids, long size) {
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("an age holds " + size + " IDs, more than this solver indexes (2^31)");
        }
        this.arena = arena;
        this.ids = ids;
        this.size = size;
    }

    /** An empty set. */
    public static IdSet empty() {
        return new IdSet(null, MemorySegment.NULL, 0);
    }

    /** A set of {@code size} IDs to be written by the caller, sorted and unique, then {@link #index}ed. */
    static IdSet allocate(long size) {
        if (size == 0) {
            return empty();
        }
        Arena arena = Arena.ofShared();
        return new IdSet(arena, arena.allocate(size * Long.BYTES, Long.BYTES), size);
    }

    /** A set holding the given sorted unique IDs (tests and small inputs). */
    public static IdSet of(long... sortedUnique) {
        IdSet set = allocate(sortedUnique.length);
        for (int i = 0; i < sortedUnique.length; i++) {
            set.set(i, sortedUnique[i]);
        }
        return set.index();
    }

    /** The union of the threads' buffers, each sorted and unique first. */
    public static IdSet union(IdBuffer[] buffers) {
        long total = 0;
        for (IdBuffer b : buffers) {
            b.sortUnique();
            total += b.size;
        }
        if (total == 0) {
            return empty();
        }
        IdSet out = allocate(total);
        int k = buffers.length;
        int[] pos = new int[k];
        long n = 0;
        long last = -1;
        while (true) {
            int min = -1;
            long minId = Long.MAX_VALUE;
            for (int j = 0; j < k; j++) {
                if (pos[j] < buffers[j].size && buffers[j].ids[pos[j]] <= minId) {
                    minId = buffers[j].ids[pos[j]];
                    min = j;
                }
            }
            if (min < 0) {
                break;
            }
            pos[min]++;
            if (minId != last) {
                out.set(n++, minId);
                last = minId;
            }
        }
        return out.shrink(n).index();
    }

    private IdSet shrink(long n) {
        if (n == size) {
            return this;
        }
        return new IdSet(arena, ids.asSlice(0, n * Long.BYTES), n);
    }

    void set(long i, long id) {
        ids.setAtIndex(LONG, i, id);
    }

    /** Builds the bucket index; call once after the IDs are written. */
    IdSet index() {
        if (size == 0) {
            return this;
        }
        long max = get(size - 1);
        int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, max));
        int want = Math.min(24, Math.max(1, 64 - Long.numberOfLeadingZeros(size)));
        shift = Math.max(0, bits - want);
        int buckets = (int) (max >>> shift) + 1;
        int[] start = new int[buckets + 1];
        int b = 0;
        for (long i = 0; i < size; i++) {
            int bi = (int) (get(i) >>> shift);
            while (b <= bi) {
                start[b++] = (int) i;
            }
        }
        while (b <= buckets) {
            start[b++] = (int) size;
        }
        bucketStart = start;
        return this;
    }

    public long size() {
        return size;
    }

    public long get(long i) {
        return ids.getAtIndex(LONG, i);
    }

    /** The index of {@code id} in the set, or -1 if it is absent. */
    public long rank(long id) {
        if (size == 0 || id < 0) {
            return -1;
        }
        long bucket = id >>> shift;
        if (bucket >= bucketStart.length - 1) {
            return -1;
        }
        int lo = bucketStart[(int) bucket];
        int hi = bucketStart[(int) bucket + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long v = ids.getAtIndex(LONG, mid);
            if (v < id) {
                lo = mid + 1;
            } else if (v > id) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /** The IDs' memory, {@code size} longs in native order. */
    MemorySegment segment() {
        return ids;
    }

    @Override
    public void close() {
        if (arena != null) {
            arena.close();
        }
    }
}
