package g2048.solver;

import static g2048.solver.Layouts.DOUBLE;
import static g2048.solver.Layouts.INT;
import static g2048.solver.Layouts.LONG;

import java.lang.foreign.MemorySegment;

/**
 * Values stored as scaled integers: {@code round(v · 2^SCALE_BITS)}, packed in {@code width} bits
 * each, the width being the fewest bits that hold the age's largest scaled value. With
 * {@code SCALE_BITS = 20} a stored value is within {@code 2^-21 ≈ 4.8e-7} of the double the solver
 * computed (the solver itself never reads stored values back, so this error does not accumulate).
 *
 * <pre>
 * block layout (offsets in bytes from the block start, little-endian):
 *   N_OFFSET      0   long  n, the number of values
 *   WIDTH_OFFSET  8   int   width in bits (0 when every value is 0)
 *                 12  int   reserved, 0
 *   WORDS_OFFSET  16  long  number of words
 *   DATA_OFFSET   24  the words: value i occupies bits [i·width, (i+1)·width)
 * </pre>
 */
public final class PackedValues {

    /** Values are multiples of 2^-SCALE_BITS. */
    public static final int SCALE_BITS = 20;
    static final double SCALE = 1 << SCALE_BITS;
    /** The largest difference between a stored value and the value the solver computed. */
    public static final double ERROR_BOUND = 0.5 / SCALE;

    static final long N_OFFSET = 0;
    static final long WIDTH_OFFSET = 8;
    static final long WORDS_OFFSET = 16;
    static final long DATA_OFFSET = 24;

    private PackedValues() {
    }

    static long scaled(double v) {
        if (!(v >= 0) || v > 1e12) {
            throw new IllegalStateException("value " + v + " outside the stored range [0, 1e12]");
        }
        return Math.round(v * SCALE);
    }

    private static int width(MemorySegment values, long n) {
        long max = 0;
        for (long i = 0; i < n; i++) {
            max = Math.max(max, scaled(values.getAtIndex(DOUBLE, i)));
        }
        return 64 - Long.numberOfLeadingZeros(max);
    }

    /** The size in bytes of the block for {@code n} doubles. */
    static long blockBytes(MemorySegment values, long n) {
        return DATA_OFFSET + 8 * ((n * width(values, n) + 63) >>> 6);
    }

    /** Writes {@code n} doubles as a block at {@code offset}; returns the block's size in bytes. */
    static long write(MemorySegment values, long n, MemorySegment dst, long offset) {
        int w = width(values, n);
        long words = (n * w + 63) >>> 6;
        long size = DATA_OFFSET + 8 * words;
        dst.asSlice(offset, size).fill((byte) 0);
        dst.set(LONG, offset + N_OFFSET, n);
        dst.set(INT, offset + WIDTH_OFFSET, w);
        dst.set(LONG, offset + WORDS_OFFSET, words);
        long base = offset + DATA_OFFSET;
        if (w == 0) {
            return size;
        }
        for (long i = 0; i < n; i++) {
            long v = scaled(values.getAtIndex(DOUBLE, i));
            long p = i * w;
            long wi = p >>> 6;
            int off = (int) (p & 63);
            long at = base + 8 * wi;
            dst.set(LONG, at, dst.get(LONG, at) | (v << off));
            if (off + w > 64) {
                dst.set(LONG, at + 8, dst.get(LONG, at + 8) | (v >>> (64 - off)));
            }
        }
        return size;
    }

    /**
     * The size in bytes of the block at {@code offset} of {@code src} as its header announces it, or
     * -1 when the header is malformed or the block runs past the end of {@code src}.
     */
    static long blockBytesAt(MemorySegment src, long offset) {
        if (offset < 0 || offset > src.byteSize() - DATA_OFFSET) {
            return -1;
        }
        long n = src.get(LONG, offset + N_OFFSET);
        int w = src.get(INT, offset + WIDTH_OFFSET);
        long words = src.get(LONG, offset + WORDS_OFFSET);
        long room = (src.byteSize() - offset - DATA_OFFSET) / 8;
        // with width 0 (every value 0) n is bounded by nothing in the block
        if (n < 0 || w < 0 || w > 63 || (w > 0 && n > 64 * room) || words < 0 || words > room
                || words != ((n * w + 63) >>> 6)) {
            return -1;
        }
        return DATA_OFFSET + 8 * words;
    }

    /** Read access to a block. */
    public static final class Reader {
        private final MemorySegment data;
        private final long n;
        private final int w;
        private final long mask;
        private final long bytes;

        public Reader(MemorySegment src, long offset) {
            n = src.get(LONG, offset + N_OFFSET);
            w = src.get(INT, offset + WIDTH_OFFSET);
            long words = src.get(LONG, offset + WORDS_OFFSET);
            if (n < 0 || w < 0 || w > 63 || words != ((n * w + 63) >>> 6)) {
                throw new IllegalArgumentException("value block at offset " + offset + " is malformed");
            }
            bytes = DATA_OFFSET + 8 * words;
            data = src.asSlice(offset + DATA_OFFSET, 8 * words);
            mask = w == 0 ? 0 : -1L >>> (64 - w);
        }

        public long size() {
            return n;
        }

        public long blockBytes() {
            return bytes;
        }

        /** The scaled integer of value {@code i}. */
        public long scaledAt(long i) {
            if (w == 0) {
                return 0;
            }
            long p = i * w;
            long wi = p >>> 6;
            int off = (int) (p & 63);
            long v = data.getAtIndex(LONG, wi) >>> off;
            if (off + w > 64) {
                v |= data.getAtIndex(LONG, wi + 1) << (64 - off);
            }
            return v & mask;
        }

        /** Value {@code i}. */
        public double get(long i) {
            return scaledAt(i) / SCALE;
        }
    }
}
