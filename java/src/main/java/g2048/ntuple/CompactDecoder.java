package g2048.ntuple;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * Decoding the compact form's data (see {@link NtupleModels}): each weight an int16 step
 * {@code q}, range coded by {@link StepCoder}, or in the form before it (zero runs, deflated, a later
 * stage as its difference from the one before), which still loads; into int16 steps or into float32
 * weights {@code (float) step · q}. The tables it decodes into are sized by the header's claim,
 * bounded first ({@link #tables}).
 */
final class CompactDecoder {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    private CompactDecoder() {
    }

    /** Decodes compact {@code data} into the float32 {@code table} (zeroed): each weight {@code (float) step · q}. */
    static void decodeFloats(String file, byte[] data, ModelHeader h, MemorySegment table) throws IOException {
        float step = (float) h.step();
        // shared: the coder's chunks are decoded on several threads
        try (Arena scratch = Arena.ofShared()) {
            MemorySegment q = scratch.allocate(h.banks() * h.weights() * Short.BYTES, Short.BYTES);
            decodeSteps(file, data, h, q);
            for (long i = 0, n = h.banks() * h.weights(); i < n; i++) {
                short v = q.getAtIndex(ValueLayout.JAVA_SHORT, i);
                if (v != 0) {
                    table.setAtIndex(F, i, step * v);
                }
            }
        }
    }

    /**
     * Decodes compact {@code data} into the zeroed int16 steps {@code q}: coded by {@link StepCoder}, or in
     * the earlier form of zero runs and deflate (still read: files written before the coder).
     */
    static void decodeSteps(String file, byte[] data, ModelHeader h, MemorySegment q) throws IOException {
        if (h.valueType() == ModelHeader.CODED) {
            try {
                Sections s = Sections.of(data, h.coherent());
                StepCoder.decode(data, s.steps, s.stepsEnd, q, h.weights(), stride(h));
            } catch (RangeDecoder.CorruptException e) {
                throw new ModelFileException(file, "corrupt compact data (" + e.getMessage() + ")");
            }
            return;
        }
        inflate(file, new java.io.ByteArrayInputStream(data), h, (i, v) -> q.setAtIndex(ValueLayout.JAVA_SHORT, i, v));
        if (h.stageDeltas()) {
            addStageDifferences(file, q, h.stageStride());
        }
    }

    private static long stride(ModelHeader h) {
        return h.stages().count() > 1 ? h.stageStride() : 0;
    }

    /**
     * Decodes the accumulators of a compact file that holds them ({@link ModelHeader#coherent()}) into the
     * zeroed {@code accumulators} (E, A interleaved, as {@link Coherence} keeps them).
     */
    static void decodeAccumulators(String file, byte[] data, ModelHeader h, MemorySegment accumulators) {
        long n = h.banks() * h.weights();
        // shared: the coder's chunks are decoded on several threads
        try (Arena scratch = Arena.ofShared()) {
            Sections s = Sections.of(data, true);
            MemorySegment a = scratch.allocate(n * Short.BYTES, Short.BYTES);
            MemorySegment e = scratch.allocate(n * Short.BYTES, Short.BYTES);
            StepCoder.decode(data, s.a, s.e, a, h.weights(), stride(h));
            StepCoder.decode(data, s.e, data.length, e, h.weights(), stride(h));
            AccumulatorCoding.Codes codes = i -> a.getAtIndex(ValueLayout.JAVA_SHORT, i);
            for (long i = 0; i < n; i++) {
                // in order: the prediction reads codes already restored
                int ac = AccumulatorCoding.from(codes.at(i), AccumulatorCoding.prediction(codes, i));
                int ec = e.getAtIndex(ValueLayout.JAVA_SHORT, i);
                if (!AccumulatorCoding.valid(ac, ec)) {
                    throw new ModelFileException(file, "corrupt compact data (accumulator codes " + ac + ", " + ec
                            + " at weight " + i + ")");
                }
                a.setAtIndex(ValueLayout.JAVA_SHORT, i, (short) ac);
                if (ac != 0) {
                    float abs = AccumulatorCoding.abs(ac);
                    accumulators.setAtIndex(F, 2 * i, AccumulatorCoding.sum(ec, abs));
                    accumulators.setAtIndex(F, 2 * i + 1, abs);
                }
            }
        } catch (RangeDecoder.CorruptException e) {
            throw new ModelFileException(file, "corrupt compact data (" + e.getMessage() + ")");
        }
    }

    /**
     * Where the coded steps start ({@code steps}), and with accumulators where the A codes ({@code a})
     * and the E codes ({@code e}) do: each section but the last is preceded by its byte count.
     */
    private record Sections(int steps, int stepsEnd, int a, int e) {
        static Sections of(byte[] data, boolean accumulators) {
            if (!accumulators) {
                return new Sections(0, data.length, data.length, data.length);
            }
            int stepsEnd = section(data, 0);
            int e = section(data, stepsEnd);
            return new Sections(Long.BYTES, stepsEnd, stepsEnd + Long.BYTES, e);
        }

        /** The end of the section whose byte count is at {@code at}. */
        private static int section(byte[] data, int at) {
            if (data.length - at < Long.BYTES) {
                throw new RangeDecoder.CorruptException("ends in a section's length");
            }
            long length = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).getLong(at);
            if (length < 0 || length > data.length - at - Long.BYTES) {
                throw new RangeDecoder.CorruptException("a section of " + length + " bytes runs past the end");
            }
            return (int) (at + Long.BYTES + length);
        }
    }

    /** Where the inflated weights go: entry {@code i} (over all banks) is {@code step · q}. */
    private interface WeightSink {
        void put(long i, short q);
    }

    /**
     * The tables a compact file decodes into. Its header claims their size, which a few kilobytes of
     * zero runs can make gigabytes (a decompression bomb): a claim beyond this machine's memory is
     * refused before allocating, and the pages are faulted in while loading (for play's speed) only
     * when the stored data is dense enough to fill them; a sparse table's untouched pages take no memory.
     */
    static OffHeap.Table tables(String file, ModelHeader h, long bytes, Arena arena) {
        long memory = physicalMemory();
        if (bytes > FREE_CLAIM && bytes / BOMB_RATIO > h.dataBytes()) {
            throw new ModelFileException(file, "claims " + bytes + " bytes of tables from " + h.dataBytes()
                    + " bytes of compact data, more than " + BOMB_RATIO + " times as many (a decompression bomb?)");
        }
        if (bytes > memory) {
            throw new ModelFileException(file, "claims " + bytes + " bytes of tables from " + h.dataBytes()
                    + " bytes of compact data, more than this machine's " + memory + " bytes of memory");
        }
        return h.dataBytes() * DENSE_RATIO >= bytes ? OffHeap.allocateTouched(bytes, arena) : OffHeap.allocate(bytes, arena);
    }

    /**
     * Tables above {@link #FREE_CLAIM} bytes may be at most this many times their compact data: a
     * model trained for a single game stores about one entry in 2,000; a bomb of zero runs one in millions.
     */
    private static final long BOMB_RATIO = 1L << 16;
    private static final long FREE_CLAIM = 64L << 20;

    /** Tables at most this many times their compact data are dense: a trained model's are about 3 times. */
    private static final long DENSE_RATIO = 64;

    private static long physicalMemory() {
        try {
            if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    instanceof com.sun.management.OperatingSystemMXBean os && os.getTotalMemorySize() > 0) {
                return os.getTotalMemorySize();
            }
        } catch (RuntimeException | LinkageError e) {
            // no management beans: bound by the heap's limit times a margin instead
        }
        return Math.max(Runtime.getRuntime().maxMemory() * 4, 1L << 32);
    }

    /**
     * Decodes the compact form's banks × weights entries into {@code sink}, one by one; entries in
     * zero runs are not written (the tables start zeroed).
     */
    private static void inflate(String file, InputStream raw, ModelHeader h, WeightSink sink)
            throws IOException {
        Inflater inflater = new Inflater();
        long n = h.banks() * h.weights();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(
                new InflaterInputStream(raw, inflater, 1 << 16), 1 << 16))) {
            long i = 0;
            while (i < n) {
                long zeros = readVarint(in);
                long lit = readVarint(in);
                if (zeros < 0 || lit < 0 || i + zeros + lit > n) {
                    throw new ModelFileException(file, "corrupt compact data (runs overflow the table)");
                }
                i += zeros;
                for (long k = 0; k < lit; k++) {
                    int lo = in.readUnsignedByte();
                    int hi = in.readByte();
                    sink.put(i++, (short) ((hi << 8) | lo));
                }
            }
            if (in.read() >= 0) {
                throw new ModelFileException(file, "corrupt compact data (bytes after the table)");
            }
        } catch (EOFException e) {
            throw new ModelFileException(file, "corrupt compact data (ends early)");
        } catch (java.util.zip.ZipException e) {
            throw new ModelFileException(file, "corrupt compact data (" + e.getMessage() + ")");
        } finally {
            inflater.end();
        }
    }

    /** Undoes stage differences in place: each entry past the first stage adds the same entry one stage earlier. */
    private static void addStageDifferences(String file, MemorySegment q, long stride) {
        long n = q.byteSize() / Short.BYTES;
        for (long i = stride; i < n; i++) {
            int v = q.getAtIndex(ValueLayout.JAVA_SHORT, i) + q.getAtIndex(ValueLayout.JAVA_SHORT, i - stride);
            if (v != (short) v) {
                throw new ModelFileException(file, "corrupt compact data (a stage difference overflows 16 bits at entry "
                        + i + ")");
            }
            q.setAtIndex(ValueLayout.JAVA_SHORT, i, (short) v);
        }
    }

    private static long readVarint(DataInputStream in) throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new IOException("varint longer than 64 bits");
    }}
