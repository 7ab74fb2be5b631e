package g2048.ntuple;

import g2048.files.AtomicFile;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * Writing a model file of either form (see {@link NtupleModels}): the full form's float32 tables
 * and accumulators, or the compact form's steps, range coded by {@link StepCoder}; the data first,
 * the header after it (it holds the data's size and checksum), the whole file written beside its
 * destination and renamed over it.
 */
final class ModelFileWriter {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    private static final int CHUNK = 1 << 20;

    private ModelFileWriter() {
    }

    /**
     * Writes {@code model} to {@code file} atomically, compact ({@link NtupleModels#isCompact}) with steps of
     * {@code compactBits} bits, and then with its accumulators when {@code accumulators} and it has them.
     */
    static void write(NtupleModel model, Path file, int compactBits, boolean accumulators) {
        try {
            boolean compact = NtupleModels.isCompact(file);
            AtomicFile.write(file, ch -> {
                if (compact) {
                    writeCompact(model, ch, compactBits, accumulators ? model.coherence() : null);
                } else {
                    writeFull(model, ch);
                }
            });
        } catch (IOException e) {
            throw new ModelFileException(file, "cannot write: " + e.getMessage(), e);
        }
    }

    private static ModelHeader header(NtupleModel m, int type, long dataBytes, int crc, double step, boolean coherent) {
        TupleNetwork net = m.network();
        return new ModelHeader(type, m.method(), net.banks(), net.shape(), net.weights(), dataBytes, crc, m.training(),
                step, net.spec(), m.terminal(), m.stages(), m.initialValue(), coherent);
    }

    private static void writeFull(NtupleModel model, FileChannel ch) throws IOException {
        MemorySegment table = model.network().table();
        Coherence tc = model.coherence();
        ch.position(ModelHeader.HEADER_BYTES);
        CRC32C crc = new CRC32C();
        long bytes = write(ch, table, crc);
        if (tc != null) {
            bytes += write(ch, tc.segment(), crc);
        }
        // The header goes last: it holds the data's size and checksum.
        AtomicFile.writeFully(ch.position(0), header(model, ModelHeader.FLOAT32, bytes, (int) crc.getValue(), 0,
                tc != null).encode());
    }


    /** The largest |q| of a compact file whose steps have {@code bits} bits, the sign's included. */
    static int largestStep(int bits) {
        return (1 << (bits - 1)) - 1;
    }

    /**
     * The compact form: the steps as {@link StepCoder} codes them; with {@code tc}, the data is instead
     * the steps' byte count (int64, little-endian), the steps, the A codes' byte count, the A codes (each
     * against its prediction) and the E codes ({@link AccumulatorCoding}), each coded as steps are.
     */
    private static void writeCompact(NtupleModel model, FileChannel ch, int bits, Coherence tc) throws IOException {
        MemorySegment table = model.network().table();
        long n = table.byteSize() / Float.BYTES;
        float max = 0;
        for (long i = 0; i < n; i++) {
            max = Math.max(max, Math.abs(table.getAtIndex(F, i)));
        }
        double step = max == 0 ? 1.0 : max / largestStep(bits);
        // A later stage starts as a copy of the one before and learns only on the boards it serves:
        // each of its entries is coded against the same entry one stage earlier.
        long stride = model.stages().count() > 1 ? ModelHeader.stageStride(model.method(), model.network().weights()) : 0;
        long weights = model.network().weights();
        ch.position(ModelHeader.HEADER_BYTES);
        CountingCrcStream counted = new CountingCrcStream(Channels.newOutputStream(ch));
        // shared: the coder's chunks are coded on several threads
        try (Arena scratch = Arena.ofShared();
             OutputStream out = new BufferedOutputStream(counted, 1 << 16)) {
            MemorySegment q = scratch.allocate(n * Short.BYTES, Short.BYTES);
            for (long i = 0; i < n; i++) {
                q.setAtIndex(ValueLayout.JAVA_SHORT, i, (short) quantise(table.getAtIndex(F, i), step));
            }
            if (tc == null) {
                StepCoder.encode(i -> q.getAtIndex(ValueLayout.JAVA_SHORT, i), n, weights, stride, out);
            } else {
                MemorySegment e = tc.segment();
                writeSection(out, StepCoder.encode(i -> q.getAtIndex(ValueLayout.JAVA_SHORT, i), n, weights, stride));
                MemorySegment a = scratch.allocate(n * Short.BYTES, Short.BYTES);
                for (long i = 0; i < n; i++) {
                    a.setAtIndex(ValueLayout.JAVA_SHORT, i, (short) AccumulatorCoding.aCode(e.getAtIndex(F, 2 * i + 1)));
                }
                AccumulatorCoding.Codes codes = i -> a.getAtIndex(ValueLayout.JAVA_SHORT, i);
                writeSection(out, StepCoder.encode(i -> AccumulatorCoding.against(codes.at(i),
                        AccumulatorCoding.prediction(codes, i)), n, weights, stride));
                out.write(StepCoder.encode(i -> AccumulatorCoding.eCode(e.getAtIndex(F, 2 * i), e.getAtIndex(F, 2 * i + 1)),
                        n, weights, stride));
            }
        }
        AtomicFile.writeFully(ch.position(0), header(model, ModelHeader.CODED, counted.count,
                (int) counted.crc.getValue(), step, tc != null).encode());
    }

    /** {@code bytes} preceded by their count (int64, little-endian). */
    private static void writeSection(OutputStream out, byte[] bytes) throws IOException {
        out.write(ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(bytes.length).array());
        out.write(bytes);
    }

    /** Writes {@code data} at the channel's position, adding it to {@code crc}; returns its bytes. */
    private static long write(FileChannel ch, MemorySegment data, CRC32C crc) throws IOException {
        for (long off = 0; off < data.byteSize(); off += CHUNK) {
            ByteBuffer bb = data.asSlice(off, Math.min(CHUNK, data.byteSize() - off)).asByteBuffer();
            crc.update(bb.duplicate());
            while (bb.hasRemaining()) {
                ch.write(bb);
            }
        }
        return data.byteSize();
    }

    private static int quantise(float w, double step) {
        return (int) Math.round(w / step);
    }

    /** Counts and checksums what passes through to the file. */
    private static final class CountingCrcStream extends java.io.FilterOutputStream {
        final CRC32C crc = new CRC32C();
        long count;

        CountingCrcStream(OutputStream out) {
            super(out);
        }

        /** Flushes but keeps the channel open: the header is written after the data. */
        @Override
        public void close() throws IOException {
            out.flush();
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            crc.update(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            crc.update(b, off, len);
            count += len;
        }
    }}
