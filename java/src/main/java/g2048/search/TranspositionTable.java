package g2048.search;

/**
 * The values of chance nodes already searched, keyed by (afterstate, plies below, cumulative
 * probability): bounded memory, open addressing in one {@code long[]}, buckets of two slots.
 *
 * <pre>
 * slot layout (4 longs, 32 bytes; a bucket is 2 slots = one 64-byte cache line):
 *   KEY   = 0   the afterstate
 *   VALUE = 1   Double.doubleToRawLongBits(value)
 *   META  = 2   stamp &lt;&lt; 8 | plies          (stamps start at 1: 0 = never written)
 *   PROB  = 3   Double.doubleToRawLongBits(cumulative probability), 0 when no cutoff is in force
 * </pre>
 *
 * A hit needs all of KEY, plies, PROB and the current stamp to match exactly, so a hit returns the
 * value that node would get if searched again: with a probability cutoff a node's value depends
 * on the probability of reaching it, and only an equal probability is a transposition.
 * {@link #newStamp()} invalidates every entry at once (no clearing), which a search does before
 * each tree so that a table never serves values from another evaluator state.
 *
 * <p><b>Threading: one table per search thread, not shared.</b> The games of a run are played by
 * different threads and share no positions, so a shared table would earn no hits across threads
 * while every probe paid for atomics or torn-entry checks; a private table keeps the inner loop
 * free of fences and its verification exact.
 */
final class TranspositionTable {

    static final int KEY = 0;
    static final int VALUE = 1;
    static final int META = 2;
    static final int PROB = 3;
    static final int SLOT_LONGS = 4;

    private final long[] slots;
    private final int bucketShift;
    private long stamp = 1;
    /** Slot offset of the last successful {@link #find}. */
    private int found;

    TranspositionTable(int log2Slots) {
        this.slots = new long[SLOT_LONGS << log2Slots];
        this.bucketShift = 64 - (log2Slots - 1);
    }

    /** Starts a fresh generation: every entry written before is a miss from now on. */
    void newStamp() {
        stamp++;
    }

    private int bucket(long key, int plies, long probBits) {
        long h = (key ^ (probBits * 0xC2B2_AE3D_27D4_EB4FL) ^ (plies * 0x1656_67B1_9E37_79F9L)) * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> bucketShift) * (2 * SLOT_LONGS);
    }

    /** True if the entry is present; its value is then {@link #foundValue()}. */
    boolean find(long key, int plies, long probBits) {
        long meta = stamp << 8 | plies;
        int b = bucket(key, plies, probBits);
        long[] s = slots;
        if (s[b + KEY] == key && s[b + META] == meta && s[b + PROB] == probBits) {
            found = b;
            return true;
        }
        int b1 = b + SLOT_LONGS;
        if (s[b1 + KEY] == key && s[b1 + META] == meta && s[b1 + PROB] == probBits) {
            found = b1;
            return true;
        }
        return false;
    }

    double foundValue() {
        return Double.longBitsToDouble(slots[found + VALUE]);
    }

    /**
     * Stores a value over the same key if present, else in a stale slot of its bucket if there is one, else over the entry with fewer
     * plies (deeper subtrees cost more to redo), the first slot on a tie.
     */
    void store(long key, int plies, long probBits, double value) {
        long meta = stamp << 8 | plies;
        int b = bucket(key, plies, probBits);
        long[] s = slots;
        long m0 = s[b + META];
        long m1 = s[b + SLOT_LONGS + META];
        int at;
        if (s[b + KEY] == key && m0 == meta && s[b + PROB] == probBits) {
            at = b;
        } else if (s[b + SLOT_LONGS + KEY] == key && m1 == meta && s[b + SLOT_LONGS + PROB] == probBits) {
            at = b + SLOT_LONGS;
        } else if ((m0 >>> 8) != stamp) {
            at = b;
        } else if ((m1 >>> 8) != stamp) {
            at = b + SLOT_LONGS;
        } else {
            at = (m0 & 0xFF) <= (m1 & 0xFF) ? b : b + SLOT_LONGS;
        }
        s[at + KEY] = key;
        s[at + VALUE] = Double.doubleToRawLongBits(value);
        s[at + META] = meta;
        s[at + PROB] = probBits;
    }

    /** Bytes held. */
    long bytes() {
        return 8L * slots.length;
    }
}
