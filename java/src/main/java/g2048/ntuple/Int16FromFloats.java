package g2048.ntuple;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * A full (float32) TD-afterstate model read for play straight into int16 tables, a chunk at a time,
 * so that playing a checkpoint holds its int16 tables and no float32 tables beside them.
 *
 * <p>Two passes over the file: the first checks the whole checksum and that every weight and
 * accumulator is finite, and finds each bank's largest magnitude; the second rounds the weights into
 * the int16 tables. Each bank gets the step and the entries {@link Int16Network}'s copy of the
 * float32 tables would give it ({@link Int16Network#stepFor}, {@link Int16Network#rounded}), so the
 * values are the same. The tables' checksum is taken again in the second pass:
 * a file changed between the passes is refused.
 *
 * <p>The tables and each bank's step are then kept in {@link Int16Cache}, under the model's header
 * and the file's identity ({@link Int16Cache#keyOf}): the next start of the same, unchanged file reads
 * them there and makes neither pass (seconds for a checkpoint of gigabytes); a file whose data changed
 * misses the entry and is read and checked in full.
 */
final class Int16FromFloats {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    private static final ValueLayout.OfShort S = ValueLayout.JAVA_SHORT;
    private static final int CHUNK = 1 << 20;
    /** The rounding below, as the cache knows it: a change to {@link Int16Network#stepFor} or {@link Int16Network#rounded} bumps it. */
    private static final int CONVERSION = 1;

    private Int16FromFloats() {
    }

    /**
     * Reads the model of header {@code h} (whose bytes are {@code header}) from {@code ch} (any
     * position) into int16 tables owned by {@code arena}, or takes them and their steps from
     * {@link Int16Cache}, where the first load leaves them.
     */
    static NtupleModel load(Path file, FileChannel ch, ModelHeader h, byte[] header, Arena arena) throws IOException {
        long tableBytes = h.banks() * h.weights() * Short.BYTES;
        TupleLayout layout = new TupleLayout(h.spec(), h.shape());
        Int16Network[] int16 = null;
        OffHeap.Table t = null;
        // the header holds the data's checksum but the cache never reads the data: the file's identity goes in the key
        byte[] key = Int16Cache.keyOf(header, file);
        if (key != null && Int16Cache.present(key, tableBytes)) {
            t = OffHeap.allocateTouched(tableBytes, arena);
            byte[] kept = new byte[keptBytes(h.banks())];
            if (Int16Cache.read(key, t.segment(), kept)) {
                int16 = fromKept(h, layout, t, kept);
            }
        }
        if (int16 == null) {
            Converted c = convert(file, ch, h, layout, t, arena);
            int16 = c.banks();
            if (key != null) {
                Int16Cache.write(key, c.tables().segment(), kept(int16));
            }
        }
        return new NtupleModel(h.method(), h.stages(), int16, layout, arena, h.training(), file.toString(),
                h.initialValue(), file);
    }

    /** Bytes kept with the tables in the cache: {@link #CONVERSION}, then each bank's step and whether it is exact. */
    private static int keptBytes(int banks) {
        return Integer.BYTES + banks * (Double.BYTES + 1);
    }

    private static byte[] kept(Int16Network[] banks) {
        ByteBuffer b = ByteBuffer.allocate(keptBytes(banks.length)).order(ByteOrder.LITTLE_ENDIAN).putInt(CONVERSION);
        for (Int16Network n : banks) {
            b.putDouble(n.step()).put((byte) (n.exact() ? 1 : 0));
        }
        return b.array();
    }

    /** The banks over cached tables {@code t} with the steps kept beside them; null when those are not this conversion's. */
    private static Int16Network[] fromKept(ModelHeader h, TupleLayout layout, OffHeap.Table t, byte[] kept) {
        ByteBuffer b = ByteBuffer.wrap(kept).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt() != CONVERSION) {
            return null;
        }
        long bankBytes = h.weights() * Short.BYTES;
        Int16Network[] int16 = new Int16Network[h.banks()];
        for (int k = 0; k < int16.length; k++) {
            double step = b.getDouble();
            byte exact = b.get();
            if (!(step > 0 && Double.isFinite(step)) || (exact & ~1) != 0) {
                return null;
            }
            int16[k] = new Int16Network(layout, new OffHeap.Table(t.segment().asSlice(k * bankBytes, bankBytes),
                    t.hugePages()), step, exact == 1);
        }
        return int16;
    }

    /** The int16 tables of all banks and each bank over its part of them. */
    private record Converted(OffHeap.Table tables, Int16Network[] banks) {
    }

    /**
     * The two passes over the file, the second rounding into {@code into} (made after the first,
     * so that a refused file costs no tables, when null).
     */
    private static Converted convert(Path file, FileChannel ch, ModelHeader h, TupleLayout layout,
                                          OffHeap.Table into, Arena arena) throws IOException {
        int banks = h.banks();
        long weights = h.weights();
        long tableEntries = banks * weights;
        float[] largest = new float[banks];
        float limit = WeightCheck.limit(h.spec());
        CRC32C all = new CRC32C();
        CRC32C tables = new CRC32C();
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment buf = scratch.allocate(CHUNK, 64);
            ch.position(ModelHeader.HEADER_BYTES);
            for (int b = 0; b < banks; b++) {
                long first = b * weights;
                for (long done = 0; done < weights; ) {
                    MemorySegment part = buf.asSlice(0, Math.min(CHUNK / Float.BYTES, weights - done) * Float.BYTES);
                    ModelFileReader.readFully(file, ch, part, all);
                    tables.update(part.asByteBuffer());
                    WeightCheck.check(file.toString(), part, first + done, limit);
                    float max = largest[b];
                    for (long i = 0, n = part.byteSize() / Float.BYTES; i < n; i++) {
                        max = Math.max(max, Math.abs(part.getAtIndex(F, i)));
                    }
                    largest[b] = max;
                    done += part.byteSize() / Float.BYTES;
                }
            }
            long accumulatorBytes = h.dataBytes() - tableEntries * Float.BYTES;
            for (long done = 0; done < accumulatorBytes; done += CHUNK) {
                MemorySegment part = buf.asSlice(0, Math.min(CHUNK, accumulatorBytes - done));
                ModelFileReader.readFully(file, ch, part, all);
                FiniteCheck.checkFinite(file.toString(), part, tableEntries + done / Float.BYTES);
            }
            if ((int) all.getValue() != h.dataCrc()) {
                throw new ModelFileException(file, "corrupt data (checksum mismatch)");
            }
            OffHeap.Table t = into != null ? into : OffHeap.allocateTouched(tableEntries * Short.BYTES, arena);
            Int16Network[] int16 = new Int16Network[banks];
            CRC32C again = new CRC32C();
            ch.position(ModelHeader.HEADER_BYTES);
            for (int b = 0; b < banks; b++) {
                double step = Int16Network.stepFor(largest[b]);
                MemorySegment lut = t.segment().asSlice(b * weights * Short.BYTES, weights * Short.BYTES);
                boolean exact = true;
                for (long done = 0; done < weights; ) {
                    MemorySegment part = buf.asSlice(0, Math.min(CHUNK / Float.BYTES, weights - done) * Float.BYTES);
                    ModelFileReader.readFully(file, ch, part, again);
                    for (long i = 0, n = part.byteSize() / Float.BYTES; i < n; i++) {
                        float w = part.getAtIndex(F, i);
                        short q = Int16Network.rounded(w, step);
                        lut.setAtIndex(S, done + i, q);
                        exact &= (float) (step * q) == w;
                    }
                    done += part.byteSize() / Float.BYTES;
                }
                int16[b] = new Int16Network(layout, new OffHeap.Table(lut, t.hugePages()), step, exact);
            }
            if (again.getValue() != tables.getValue()) {
                throw new ModelFileException(file, "changed while being read");
            }
            return new Converted(t, int16);
        }
    }
}
