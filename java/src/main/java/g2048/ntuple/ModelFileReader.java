package g2048.ntuple;

import g2048.files.BadFileException;
import g2048.files.RegularFile;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Reading a model file of either form (see {@link NtupleModels}) into a model: the header, checked,
 * then by form and use: a full file's float32 tables onto huge pages (its accumulators for training
 * only, else checked and skipped), or into int16 tables for play ({@link Int16FromFloats}); a compact
 * file's data decoded into float32 tables ({@link CompactDecoder}), or for play into int16 tables
 * ({@link Int16Loading}). Every problem is a {@link ModelFileException} naming the file.
 */
final class ModelFileReader {

    private static final int CHUNK = 1 << 20;

    private ModelFileReader() {
    }

    /**
     * Reads a model from a stream of either form, read to its end; {@code cacheFirst}: a compact
     * TD-afterstate model takes its int16 tables from the user's cache when it holds them, its data
     * left unread (the jar's own model).
     */
    static NtupleModel read(InputStream in, String name, boolean cacheFirst) throws IOException {
        byte[] head = in.readNBytes(ModelHeader.HEADER_BYTES);
        if (head.length < ModelHeader.HEADER_BYTES) {
            throw new ModelFileException(name, "truncated: " + head.length + " bytes, the header alone needs "
                    + ModelHeader.HEADER_BYTES);
        }
        ByteBuffer hb = ByteBuffer.wrap(head);
        // the stream's length is unknown: the header is checked as if the data were all there, and the read below finds out
        long declared = hb.duplicate().order(ByteOrder.LITTLE_ENDIAN).getLong(ModelHeader.OFF_DATA_BYTES);
        ModelHeader h = ModelHeader.decode(name, hb, ModelHeader.HEADER_BYTES + Math.max(0, declared));
        long tableBytes = h.banks() * h.weights() * Float.BYTES;
        Arena arena = Arena.ofShared();
        try {
            // a compact TD-afterstate model plays from its int16 steps alone: no float32 tables (half the memory)
            boolean int16Only = h.valueType() != ModelHeader.FLOAT32 && h.method() == Method.TD_AFTERSTATE;
            if (h.valueType() == ModelHeader.FLOAT32) {
                OffHeap.Table t = OffHeap.allocate(tableBytes, arena);
                readFullStream(in, name, h, tableBytes, t.segment());
                return finish(in, name, h, t, arena);
            }
            OffHeap.Table t = int16Only ? null : CompactDecoder.tables(name, h, tableBytes, arena);
            if (h.dataBytes() > Integer.MAX_VALUE - 16) {
                throw new ModelFileException(name, "compact data of " + h.dataBytes() + " bytes is too large");
            }
            OffHeap.Table tables = null;
            if (int16Only && cacheFirst && Int16Cache.present(head, Int16Loading.tableBytes(h))) {
                NtupleModel mapped = Int16Loading.mapped(name, h, head, arena);
                if (mapped != null) {
                    return mapped;
                }
                tables = OffHeap.allocate(Int16Loading.tableBytes(h), arena);
                if (Int16Cache.read(head, tables.segment())) {
                    return Int16Loading.model(name, h, tables, arena);
                }
            }
            byte[] data = in.readNBytes((int) h.dataBytes());
            if (data.length < h.dataBytes()) {
                throw new ModelFileException(name, "truncated: " + (ModelHeader.HEADER_BYTES + data.length)
                        + " bytes, expected " + (ModelHeader.HEADER_BYTES + h.dataBytes()));
            }
            CRC32C crc = new CRC32C();
            crc.update(data);
            if ((int) crc.getValue() != h.dataCrc()) {
                throw new ModelFileException(name, "corrupt data (checksum mismatch)");
            }
            if (int16Only) {
                refuseMore(in, name);
                return Int16Loading.fromCompact(name, h, head, data, tables, arena);
            }
            CompactDecoder.decodeFloats(name, data, h, t.segment());
            return finish(in, name, h, t, arena);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** Copies a full stream's tables into {@code table}, checksumming them and the accumulators after them, and checks the weights. */
    private static void readFullStream(InputStream in, String name, ModelHeader h, long tableBytes, MemorySegment table)
            throws IOException {
        CRC32C crc = new CRC32C();
        byte[] buf = new byte[CHUNK];
        long done = 0;
        while (done < h.dataBytes()) {
            int want = (int) Math.min(buf.length, h.dataBytes() - done);
            int got = in.readNBytes(buf, 0, want);
            crc.update(buf, 0, got);
            // the tables come first; the accumulators after them are only checksummed
            long into = Math.min(got, Math.max(0, tableBytes - done));
            if (into > 0) {
                MemorySegment.copy(buf, 0, table, ValueLayout.JAVA_BYTE, done, (int) into);
            }
            done += got;
            if (got < want) {
                throw new ModelFileException(name, "truncated: " + (ModelHeader.HEADER_BYTES + done)
                        + " bytes, expected " + (ModelHeader.HEADER_BYTES + h.dataBytes()));
            }
        }
        if ((int) crc.getValue() != h.dataCrc()) {
            throw new ModelFileException(name, "corrupt data (checksum mismatch)");
        }
        WeightCheck.check(name, table, 0, WeightCheck.limit(h.spec()));
    }

    /** The model over a stream's float32 tables {@code t}, once the stream is found to end there. */
    private static NtupleModel finish(InputStream in, String name, ModelHeader h, OffHeap.Table t, Arena arena)
            throws IOException {
        refuseMore(in, name);
        return floatModel(name, h, t, arena, null);
    }

    private static void refuseMore(InputStream in, String name) throws IOException {
        if (in.read() >= 0) {
            throw new ModelFileException(name, "unexpected bytes after the data");
        }
    }

    /**
     * Reads {@code file}: {@code writable}, for training (its accumulators too); else for play, and
     * with {@code int16Play} a full TD-afterstate model goes straight into int16 tables.
     */
    static NtupleModel read(Path file, boolean writable, boolean int16Play) {
        try {
            // Devices, FIFOs and directories are refused before anything is opened (no hang, no endless read).
            RegularFile.check(file, "an n-tuple model file");
        } catch (BadFileException e) {
            throw new ModelFileException(file, e.problem());
        }
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer head = ByteBuffer.allocate(ModelHeader.HEADER_BYTES);
            while (head.hasRemaining() && ch.read(head) >= 0) {
                // Read the whole header or up to the end of a short file.
            }
            head.flip();
            if (head.limit() < ModelHeader.HEADER_BYTES) {
                throw new ModelFileException(file, "truncated: " + size + " bytes, the header alone needs "
                        + ModelHeader.HEADER_BYTES);
            }
            ModelHeader h = ModelHeader.decode(file, head, size);
            if (h.valueType() == ModelHeader.FLOAT32) {
                if (int16Play && !writable && h.method() == Method.TD_AFTERSTATE) {
                    return Int16FromFloats.load(file, ch, h, head.array(), arena);
                }
                return readFull(file, ch, h, writable, arena);
            }
            byte[] data = readCompact(file, ch, h);
            if (!writable && h.method() == Method.TD_AFTERSTATE) {
                // Play reads the int16 steps as they are: no float32 tables (half the memory).
                return Int16Loading.fromCompact(file.toString(), h, head.array(), data, null, arena);
            }
            OffHeap.Table t = CompactDecoder.tables(file.toString(), h, h.banks() * h.weights() * Float.BYTES, arena);
            CompactDecoder.decodeFloats(file.toString(), data, h, t.segment());
            Coherence coherence = null;
            if (writable && h.coherent()) {
                coherence = Coherence.fresh(h.banks() * h.weights(), arena);
                CompactDecoder.decodeAccumulators(file.toString(), data, h, coherence.segment());
            }
            return floatModel(file.toString(), h, t, arena, coherence);
        } catch (NoSuchFileException e) {
            arena.close();
            throw new ModelFileException(file, "no such file");
        } catch (IOException e) {
            arena.close();
            throw new ModelFileException(file, "cannot read: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * A full file's float32 tables, read (not mapped) onto huge pages: random look-ups miss the TLB
     * far less often. Its accumulators are read for training ({@code writable}); for play they pass
     * through a small buffer, checked, so that playing a checkpoint holds no more memory than its tables.
     */
    private static NtupleModel readFull(Path file, FileChannel ch, ModelHeader h, boolean writable, Arena arena)
            throws IOException {
        long tableBytes = h.banks() * h.weights() * Float.BYTES;
        OffHeap.Table t = OffHeap.allocate(tableBytes, arena);
        CRC32C crc = new CRC32C();
        ch.position(ModelHeader.HEADER_BYTES);
        readFully(file, ch, t.segment(), crc);
        WeightCheck.check(file.toString(), t.segment(), 0, WeightCheck.limit(h.spec()));
        long accumulatorBytes = h.dataBytes() - tableBytes;
        long tableEntries = tableBytes / Float.BYTES;
        Coherence coherence = null;
        if (writable && h.coherent()) {
            coherence = Coherence.fresh(h.banks() * h.weights(), arena);
            readFully(file, ch, coherence.segment(), crc);
            FiniteCheck.checkFinite(file.toString(), coherence.segment(), tableEntries);
        } else if (accumulatorBytes > 0) {
            try (Arena scratch = Arena.ofConfined()) {
                MemorySegment buf = scratch.allocate(Math.min(CHUNK, accumulatorBytes), 64);
                for (long done = 0; done < accumulatorBytes; done += buf.byteSize()) {
                    MemorySegment part = buf.asSlice(0, Math.min(buf.byteSize(), accumulatorBytes - done));
                    readFully(file, ch, part, crc);
                    FiniteCheck.checkFinite(file.toString(), part, tableEntries + done / Float.BYTES);
                }
            }
        }
        if ((int) crc.getValue() != h.dataCrc()) {
            throw new ModelFileException(file, "corrupt data (checksum mismatch)");
        }
        return floatModel(file.toString(), h, t, arena, coherence);
    }

    /** A compact file's data, checksummed. */
    private static byte[] readCompact(Path file, FileChannel ch, ModelHeader h) throws IOException {
        if (h.dataBytes() > Integer.MAX_VALUE - 16) {
            throw new ModelFileException(file, "compact data of " + h.dataBytes() + " bytes is too large");
        }
        ByteBuffer data = ByteBuffer.allocate((int) h.dataBytes());
        ch.position(ModelHeader.HEADER_BYTES);
        while (data.hasRemaining() && ch.read(data) >= 0) {
            // Read all the stored bytes; the size was checked against the header.
        }
        CRC32C crc = new CRC32C();
        crc.update(data.array(), 0, data.position());
        if (data.hasRemaining() || (int) crc.getValue() != h.dataCrc()) {
            throw new ModelFileException(file, "corrupt data (checksum mismatch)");
        }
        return data.array();
    }

    /** The model over float32 tables {@code t} read or decoded from a file of header {@code h}. */
    private static NtupleModel floatModel(String name, ModelHeader h, OffHeap.Table t, Arena arena, Coherence coherence) {
        TupleNetwork net = new TupleNetwork(h.spec(), h.shape(), h.banks(), t.segment(), t.hugePages());
        // CompactDecoder.decodeFloats gave each weight as (float) step · q
        double quantum = h.valueType() == ModelHeader.FLOAT32 ? 0 : (float) h.step();
        return new NtupleModel(h.method(), h.terminal(), h.stages(), net, arena, h.training(), name, quantum,
                h.initialValue(), coherence);
    }

    /** Fills {@code into} from the channel's position on, adding what it read to {@code crc}. */
    static void readFully(Path file, FileChannel ch, MemorySegment into, CRC32C crc) throws IOException {
        for (long off = 0; off < into.byteSize(); off += CHUNK) {
            ByteBuffer b = into.asSlice(off, Math.min(CHUNK, into.byteSize() - off)).asByteBuffer();
            while (b.hasRemaining()) {
                if (ch.read(b) < 0) {
                    // the header's sizes were checked against the file's; it shrank while being read
                    throw new ModelFileException(file, "truncated while reading");
                }
            }
            crc.update(b.flip());
        }
    }
}
