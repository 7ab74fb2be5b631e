package g2048.solver;

import static g2048.solver.Layouts.INT;
import static g2048.solver.Layouts.LONG;

import java.lang.foreign.MemorySegment;

/**
 * A sorted set of unique non-negative IDs in Elias-Fano form: each ID splits into its low
 * {@code L} bits, packed one after the other, and its high part {@code h}, written in unary as a 1
 * at position {@code h + i} of the high bit vector (element {@code i}); the zeros separate the high
 * buckets. {@code L = floor(log2(u / n))} for {@code n} IDs below {@code u}, which takes about
 * {@code 2 + log2(u / n)} bits an ID.
 *
 * <pre>
 * block layout (offsets in bytes from the block start, little-endian):
 *   N_OFFSET        0   long  n, the number of IDs
 *   LOW_BITS_OFFSET 8   int   L, the width of the low parts
 *                   12  int   reserved, 0
 *   HI_WORDS_OFFSET 16  long  words of the high bit vector (n + (max >>> L) + 1 bits)
 *   LO_WORDS_OFFSET 24  long  words of the packed low parts (n·L bits)
 *   WORDS_OFFSET    32  the high words, then the low words (bit j of a vector is bit j % 64 of word j / 64)
 * </pre>
 *
 * A look-up ({@link Reader#rank}) finds the start of the ID's high bucket by a sampled select on
 * the zeros, then compares the low parts of the bucket's few IDs.
 */
public final class EliasFano {

    static final long N_OFFSET = 0;
    static final long LOW_BITS_OFFSET = 8;
    static final long HI_WORDS_OFFSET = 16;
    static final long LO_WORDS_OFFSET = 24;
    static final long WORDS_OFFSET = 32;

    /** Every SAMPLE-th zero of the high vector has its position remembered. */
    private static final int SAMPLE = 512;

    private EliasFano() {
    }

    static int lowBits(long n, long max) {
        if (n == 0) {
            return 0;
        }
        long ratio = (max + 1) / n;
        return ratio <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(ratio);
    }

    private static long hiWords(long n, long max, int lowBits) {
        if (n == 0) {
            return 0;
        }
        long bits = n + (max >>> lowBits) + 1;
        return (bits + 63) >>> 6;
    }

    private static long loWords(long n, int lowBits) {
        return (n * lowBits + 63) >>> 6;
    }

    /** The size in bytes of the block that {@link #write} makes of {@code ids}. */
    public static long blockBytes(IdSet ids) {
        return blockBytes(ids, x -> x);
    }

    /** As {@link #blockBytes(IdSet)} for the IDs mapped by an order-preserving {@code map}. */
    public static long blockBytes(IdSet ids, java.util.function.LongUnaryOperator map) {
        long n = ids.size();
        return blockBytes(n, n == 0 ? 0 : map.applyAsLong(ids.get(n - 1)));
    }

    /** The size in bytes of the block of {@code n} IDs whose largest is {@code max} (0 when {@code n} is 0). */
    public static long blockBytes(long n, long max) {
        int l = lowBits(n, max);
        return WORDS_OFFSET + 8 * (hiWords(n, max, l) + loWords(n, l));
    }

    /**
     * The size in bytes of the block at {@code offset} of {@code src} as its header announces it, or
     * -1 when the header is malformed or the block runs past the end of {@code src}: a file's
     * geometry is checked before its checksum is computed and its blocks are opened.
     */
    public static long blockBytesAt(MemorySegment src, long offset) {
        if (offset < 0 || offset > src.byteSize() - WORDS_OFFSET) {
            return -1;
        }
        long n = src.get(LONG, offset + N_OFFSET);
        int l = src.get(INT, offset + LOW_BITS_OFFSET);
        long hw = src.get(LONG, offset + HI_WORDS_OFFSET);
        long lw = src.get(LONG, offset + LO_WORDS_OFFSET);
        long room = (src.byteSize() - offset - WORDS_OFFSET) / 8;
        // bounds first, so that no product below overflows
        if (n < 0 || n > 64 * room || l < 0 || l > 63 || hw < 0 || hw > room || lw < 0 || lw > room
                || lw != loWords(n, l) || 64 * hw < n || hw + lw > room) {
            return -1;
        }
        return WORDS_OFFSET + 8 * (hw + lw);
    }

    /** Writes {@code ids} as a block at {@code offset} of {@code dst}; returns the block's size in bytes. */
    public static long write(IdSet ids, MemorySegment dst, long offset) {
        return write(ids, x -> x, dst, offset);
    }

    /** As {@link #write(IdSet, MemorySegment, long)} for the IDs mapped by an order-preserving {@code map}. */
    public static long write(IdSet ids, java.util.function.LongUnaryOperator map, MemorySegment dst, long offset) {
        long n = ids.size();
        long max = n == 0 ? 0 : map.applyAsLong(ids.get(n - 1));
        int l = lowBits(n, max);
        long hw = hiWords(n, max, l);
        long lw = loWords(n, l);
        long size = WORDS_OFFSET + 8 * (hw + lw);
        dst.asSlice(offset, size).fill((byte) 0);
        dst.set(LONG, offset + N_OFFSET, n);
        dst.set(INT, offset + LOW_BITS_OFFSET, l);
        dst.set(LONG, offset + HI_WORDS_OFFSET, hw);
        dst.set(LONG, offset + LO_WORDS_OFFSET, lw);
        long hiBase = offset + WORDS_OFFSET;
        long loBase = hiBase + 8 * hw;
        long lowMask = l == 0 ? 0 : -1L >>> (64 - l);
        long hiWord = 0;
        long hiWordIndex = 0;
        long loWord = 0;
        long loWordIndex = 0;
        int loFill = 0;
        for (long i = 0; i < n; i++) {
            long x = map.applyAsLong(ids.get(i));
            long pos = (x >>> l) + i;
            long w = pos >>> 6;
            if (w != hiWordIndex) {
                dst.set(LONG, hiBase + 8 * hiWordIndex, hiWord);
                hiWord = 0;
                hiWordIndex = w;
            }
            hiWord |= 1L << (pos & 63);
            if (l > 0) {
                long low = x & lowMask;
                loWord |= low << loFill;
                if (loFill + l >= 64) {
                    dst.set(LONG, loBase + 8 * loWordIndex++, loWord);
                    loWord = loFill == 0 ? 0 : low >>> (64 - loFill);
                    loFill = loFill + l - 64;
                } else {
                    loFill += l;
                }
            }
        }
        if (n > 0) {
            dst.set(LONG, hiBase + 8 * hiWordIndex, hiWord);
        }
        if (loFill > 0) {
            dst.set(LONG, loBase + 8 * loWordIndex, loWord);
        }
        return size;
    }

    /** Read access to a block, with the select samples built on opening. Safe for concurrent readers. */
    public static final class Reader {

        private final MemorySegment hi;
        private final MemorySegment lo;
        private final long n;
        private final int l;
        private final long lowMask;
        private final long hiBits;
        private final long zeros;
        private final long[] zeroSamples;
        private final long bytes;

        /** Opens the block at {@code offset} of {@code src}. */
        public Reader(MemorySegment src, long offset) {
            n = src.get(LONG, offset + N_OFFSET);
            l = src.get(INT, offset + LOW_BITS_OFFSET);
            long hw = src.get(LONG, offset + HI_WORDS_OFFSET);
            long lw = src.get(LONG, offset + LO_WORDS_OFFSET);
            if (n < 0 || l < 0 || l > 63 || hw < 0 || lw < 0 || lw != loWords(n, l)) {
                throw new IllegalArgumentException("Elias-Fano block at offset " + offset + " is malformed");
            }
            bytes = WORDS_OFFSET + 8 * (hw + lw);
            hi = src.asSlice(offset + WORDS_OFFSET, 8 * hw);
            lo = src.asSlice(offset + WORDS_OFFSET + 8 * hw, 8 * lw);
            lowMask = l == 0 ? 0 : -1L >>> (64 - l);
            hiBits = 64 * hw;
            long z = 0;
            long[] samples = new long[16];
            int ns = 0;
            long lastOne = -1;
            for (long w = 0; w < hw; w++) {
                long word = hi.getAtIndex(LONG, w);
                if (word != 0) {
                    lastOne = 64 * w + 63 - Long.numberOfLeadingZeros(word);
                }
                long zw = ~word;
                int c = Long.bitCount(zw);
                while ((long) ns * SAMPLE < z + c) {
                    if (ns == samples.length) {
                        samples = java.util.Arrays.copyOf(samples, ns * 2);
                    }
                    samples[ns] = 64 * w + selectInWord(zw, (int) ((long) ns * SAMPLE - z));
                    ns++;
                }
                z += c;
            }
            if (n > 0 && lastOne < 0) {
                throw new IllegalArgumentException("Elias-Fano block at offset " + offset + " has no IDs in its high vector");
            }
            // The buckets: one zero closes each, up to the last ID's high part.
            zeros = n == 0 ? 0 : lastOne - (n - 1) + 1;
            zeroSamples = java.util.Arrays.copyOf(samples, ns);
        }

        public long size() {
            return n;
        }

        /** The bytes of the block. */
        public long blockBytes() {
            return bytes;
        }

        private long low(long i) {
            if (l == 0) {
                return 0;
            }
            long p = i * l;
            long w = p >>> 6;
            int off = (int) (p & 63);
            long v = lo.getAtIndex(LONG, w) >>> off;
            if (off + l > 64) {
                v |= lo.getAtIndex(LONG, w + 1) << (64 - off);
            }
            return v & lowMask;
        }

        /** The position of the {@code j}-th zero (from 0) of the high vector. */
        private long select0(long j) {
            int s = (int) (j / SAMPLE);
            long p = zeroSamples[s];
            long r = j - (long) s * SAMPLE;
            if (r == 0) {
                return p;
            }
            long start = p + 1;
            long w = start >>> 6;
            long word = ~hi.getAtIndex(LONG, w) & (-1L << (start & 63));
            while (true) {
                int c = Long.bitCount(word);
                if (c >= r) {
                    return 64 * w + selectInWord(word, (int) (r - 1));
                }
                r -= c;
                w++;
                word = ~hi.getAtIndex(LONG, w);
            }
        }

        private boolean hiBit(long pos) {
            return pos < hiBits && ((hi.getAtIndex(LONG, pos >>> 6) >>> (pos & 63)) & 1) != 0;
        }

        /** The index of {@code x} among the IDs, or -1 if it is absent. */
        public long rank(long x) {
            if (n == 0 || x < 0) {
                return -1;
            }
            long h = x >>> l;
            if (h >= zeros) {
                return -1;
            }
            long pos = h == 0 ? 0 : select0(h - 1) + 1;
            long i = pos - h;
            long target = x & lowMask;
            while (hiBit(pos)) {
                long v = low(i);
                if (v == target) {
                    return i;
                }
                if (v > target) {
                    return -1;
                }
                pos++;
                i++;
            }
            return -1;
        }

        /** All IDs, decoded in order into a new off-heap set. */
        public IdSet decode() {
            return decode(x -> x);
        }

        /** All IDs, each mapped back by {@code unmap} (the inverse of the map they were written with). */
        public IdSet decode(java.util.function.LongUnaryOperator unmap) {
            IdSet out = IdSet.allocate(n);
            long i = 0;
            long hw = hiBits >>> 6;
            for (long w = 0; w < hw && i < n; w++) {
                long word = hi.getAtIndex(LONG, w);
                while (word != 0) {
                    long pos = 64 * w + Long.numberOfTrailingZeros(word);
                    out.set(i, unmap.applyAsLong(((pos - i) << l) | low(i)));
                    i++;
                    word &= word - 1;
                }
            }
            if (i != n) {
                throw new IllegalStateException("Elias-Fano block holds " + i + " IDs, its header says " + n);
            }
            return out.index();
        }
    }

    /** The position (0..63) of the {@code k}-th set bit (from 0) of {@code word}. */
    static int selectInWord(long word, int k) {
        long w = word;
        for (int i = 0; i < k; i++) {
            w &= w - 1;
        }
        return Long.numberOfTrailingZeros(w);
    }
}
