package g2048.ntuple;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.RegularFile;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * Loading and saving models (layout: {@link ModelHeader}). Two forms share the header:
 * <ul>
 * <li><b>full</b> (any extension but {@code .g2nz}): the float32 tables as they are in memory.
 *     Loading reads the tables onto fresh huge-page memory (play's random look-ups miss the TLB
 *     less often than on a mapped file's 4 KiB pages); play skips the accumulators after them,
 *     reading them through a small buffer only to check them.</li>
 * <li><b>compact</b> ({@code .g2nz}, for shipping): each weight quantised to {@code step · q} with a
 *     16-bit {@code q} of {@link #COMPACT_BITS} bits, the sign's included ({@code step = max|w| / 8191}), or of
 *     as many as it was saved with ({@link #save(NtupleModel, Path, int)}), then range coded under contexts of
 *     the entries around it and the same entry one stage earlier ({@link StepCoder}). Most entries of a
 *     trained 6-tuple network are never visited and stay 0. Loading decodes it into an anonymous
 *     off-heap table (huge pages where allowed), in parallel chunks. A TD-afterstate model
 *     loaded for play is decoded straight into int16 tables ({@link Int16Network}, half the
 *     memory; kept in the user's cache by {@link Int16Cache} for the next start), its float32 tables made only
 *     if asked for ({@link NtupleModel#network()}). Files of the compact form before it (zero runs,
 *     deflated) still load.</li>
 * </ul>
 * A model that learns by temporal coherence keeps its accumulators after the tables in the full
 * form, so that resuming continues exactly; the compact form holds the tables only (a resumed
 * compact model starts fresh accumulators).
 *
 * <p>Saving is atomic: the file is written next to its destination and renamed over it. Every problem
 * with a file is a {@link ModelFileException} naming the file and the problem.
 */
public final class NtupleModels {

    /**
     * Bits of a compact file's steps, the sign's included: {@code step = max|w| / (2^(bits − 1) − 1)}. Fewer
     * cost strength. On an eight-tuple network of 2,435,960 games, 3,000 greedy games each (seed 20261210):
     * float32 tables 272,426, 14 bits 272,675, 13 bits 264,928, 12 bits 250,505 (± 2,050 each); rounding to
     * 12-bit steps only its weights above 1,000, or only those below, lost 14,000 and 12,000 against float32
     * (4,000 games each). Each bit fewer saves about a bit per non-zero weight (11 MB of that network's 79 MB).
     */
    public static final int COMPACT_BITS = 14;
    /** The fewest and most bits {@link #save(NtupleModel, Path, int)} takes (the coder's limit is 15). */
    public static final int MIN_COMPACT_BITS = 8;
    public static final int MAX_COMPACT_BITS = 15;
    /** The extension of the compact form. */
    public static final String COMPACT_EXTENSION = ".g2nz";
    /** The shipped model's file name inside the models directory. */
    public static final String DEFAULT_MODEL = "ntuple-6x6.g2nz";
    /** The shipped model on the class path: in the jar of {@code io.g2048:g2048-models}. */
    public static final String DEFAULT_RESOURCE = "g2048/models/" + DEFAULT_MODEL;
    /** The shipped model's name in every answer, description and message: the user never typed a path for it. */
    public static final String SHIPPED_NAME = "shipped " + DEFAULT_MODEL;

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    private static final int CHUNK = 1 << 20;
    /** Two floats at a time for {@link #allFinite}: their exponents, the lowest exponent bit, their signs. */
    private static final ValueLayout.OfLong WORDS = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final long EXPONENTS = 0x7F80_0000_7F80_0000L;
    private static final long EXPONENT_ONES = 0x0080_0000_0080_0000L;
    private static final long SIGNS = 0x8000_0000_8000_0000L;

    private NtupleModels() {
    }

    /**
     * The shipped model as a file, for tools that work in a checkout of the project (benchmarks that
     * map it): {@code models/ntuple-6x6.g2nz} under the directory named by the system property
     * {@code g2048.models}, else under the project that holds the running jar or classes (three levels
     * up, as from {@code bench/target/benchmarks.jar}), else under the working directory. Programs
     * load the shipped model with {@link #loadDefault()}, which needs no checkout.
     */
    public static Path defaultModelPath() {
        String dir = System.getProperty("g2048.models");
        if (dir != null) {
            return Path.of(dir, DEFAULT_MODEL);
        }
        try {
            Path code = Path.of(NtupleModels.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // bench/target/benchmarks.jar or java/target/classes: three levels up is the project.
            Path project = code.getParent() == null ? null : code.getParent().getParent();
            project = project == null ? null : project.getParent();
            if (project != null && Files.isDirectory(project.resolve("models"))) {
                return project.resolve("models").resolve(DEFAULT_MODEL);
            }
        } catch (URISyntaxException | RuntimeException e) {
            // Fall through to the working directory.
        }
        return Path.of("models", DEFAULT_MODEL);
    }

    /** True when the shipped model is on the class path ({@link #DEFAULT_RESOURCE}). */
    public static boolean defaultAvailable() {
        return NtupleModels.class.getClassLoader().getResource(DEFAULT_RESOURCE) != null;
    }

    /** Whether compact models' cached int16 tables are mapped rather than copied ({@link #mapCachedTables}). */
    private static volatile boolean mapCached;

    /**
     * Loads the shipped model (the 4×6 network, two stages, TD-afterstate with temporal coherence)
     * from the class path, where the jar of {@code io.g2048:g2048-models} puts it: no file, no
     * system property, no checkout. Each call loads a fresh copy (about 512 MiB off-heap for its
     * float32 tables); close it when done.
     *
     * @throws ModelFileException when the model is not on the class path or cannot be read
     */
    public static NtupleModel loadDefault() {
        InputStream in = NtupleModels.class.getClassLoader().getResourceAsStream(DEFAULT_RESOURCE);
        String name = SHIPPED_NAME;
        if (in == null) {
            throw new ModelFileException(name, "not on the class path (the shipped model is in the jar of"
                    + " io.g2048:g2048-models)");
        }
        try (in) {
            // the jar's own model: its int16 tables come from the cache when it holds them, its data left unread
            return load(in, name, true);
        } catch (IOException e) {
            throw new ModelFileException(name, "cannot read: " + e.getMessage(), e);
        }
    }

    /**
     * Loads a model for play from a stream of either form (the stream is read to its end, not
     * closed). Full models are copied off-heap (their temporal-coherence accumulators are skipped),
     * compact ones decoded. {@code name} names the stream in error messages and in
     * {@link NtupleModel#source()}.
     *
     * @throws ModelFileException when the bytes are not a sound model (truncated, damaged, extra bytes)
     * @throws IOException when the stream cannot be read
     */
    public static NtupleModel load(InputStream in, String name) throws IOException {
        return load(in, name, false);
    }

    private static NtupleModel load(InputStream in, String name, boolean cacheFirst) throws IOException {
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
            OffHeap.Table t = int16Only ? null : h.valueType() == ModelHeader.FLOAT32 ? OffHeap.allocate(tableBytes, arena)
                    : compactTables(name, h, tableBytes, arena);
            if (h.valueType() == ModelHeader.FLOAT32) {
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
                        MemorySegment.copy(buf, 0, t.segment(), ValueLayout.JAVA_BYTE, done, (int) into);
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
                WeightCheck.check(name, t.segment(), 0, WeightCheck.limit(h.spec()));
            } else {
                if (h.dataBytes() > Integer.MAX_VALUE - 16) {
                    throw new ModelFileException(name, "compact data of " + h.dataBytes() + " bytes is too large");
                }
                OffHeap.Table tables = null;
                if (int16Only && cacheFirst && Int16Cache.present(head, int16Bytes(h))) {
                    NtupleModel mapped = mappedInt16Model(name, h, head, arena);
                    if (mapped != null) {
                        return mapped;
                    }
                    tables = OffHeap.allocate(int16Bytes(h), arena);
                    if (Int16Cache.read(head, tables.segment())) {
                        return int16Model(name, h, tables, arena);
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
                    if (in.read() >= 0) {
                        throw new ModelFileException(name, "unexpected bytes after the data");
                    }
                    return int16Model(name, h, head, data, tables, arena);
                }
                decodeFloats(name, data, h, t.segment());
            }
            if (in.read() >= 0) {
                throw new ModelFileException(name, "unexpected bytes after the data");
            }
            TupleNetwork net = new TupleNetwork(h.spec(), h.shape(), h.banks(), t.segment(), t.hugePages());
            double quantum = h.valueType() == ModelHeader.FLOAT32 ? 0 : (float) h.step();
            return new NtupleModel(h.method(), h.terminal(), h.stages(), net, arena, h.training(), name, quantum,
                    h.initialValue(), null);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** Loads a model for play: full files are read onto huge pages (their accumulators skipped), compact ones decoded. */
    public static NtupleModel load(Path file) {
        return load(file, false, false);
    }

    /**
     * Loads a model to play from its tables at {@code precision}: a full TD-afterstate model (float32
     * tables, a training checkpoint) that will play from int16 tables ({@link TablePrecision#INT16},
     * or {@link TablePrecision#AUTO}) is read straight into them ({@link Int16FromFloats}), so that it
     * holds no float32 tables beside them; any other as {@link #load(Path)}.
     */
    public static NtupleModel load(Path file, TablePrecision precision) {
        return load(file, false, precision != TablePrecision.FLOAT32);
    }

    /** Loads a model whose tables training may change (a private copy; the file never changes). */
    public static NtupleModel loadForTraining(Path file) {
        return load(file, true, false);
    }

    /** Loads {@code file}; {@code int16Play}: a full TD-afterstate model for play goes straight into int16 tables. */
    private static NtupleModel load(Path file, boolean writable, boolean int16Play) {
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
            MemorySegment table;
            boolean huge;
            Coherence coherence = null;
            long tableBytes = h.banks() * h.weights() * Float.BYTES;
            if (h.valueType() == ModelHeader.FLOAT32 && int16Play && !writable && h.method() == Method.TD_AFTERSTATE) {
                return Int16FromFloats.load(file, ch, h, head.array(), arena);
            }
            if (h.valueType() == ModelHeader.FLOAT32) {
                // Read, not mapped: the tables land on huge pages (random look-ups miss the TLB far less
                // often), and accumulators that play does not need pass through a small buffer, so that
                // playing a checkpoint holds no more memory than its tables.
                OffHeap.Table t = OffHeap.allocate(tableBytes, arena);
                CRC32C crc = new CRC32C();
                ch.position(ModelHeader.HEADER_BYTES);
                readFully(file, ch, t.segment(), crc);
                WeightCheck.check(file.toString(), t.segment(), 0, WeightCheck.limit(h.spec()));
                long accumulatorBytes = h.dataBytes() - tableBytes;
                long tableEntries = tableBytes / Float.BYTES;
                if (writable && h.coherent()) {
                    coherence = Coherence.fresh(h.banks() * h.weights(), arena);
                    readFully(file, ch, coherence.segment(), crc);
                    checkFinite(file.toString(), coherence.segment(), tableEntries);
                } else if (accumulatorBytes > 0) {
                    try (Arena scratch = Arena.ofConfined()) {
                        MemorySegment buf = scratch.allocate(Math.min(CHUNK, accumulatorBytes), 64);
                        for (long done = 0; done < accumulatorBytes; done += buf.byteSize()) {
                            MemorySegment part = buf.asSlice(0, Math.min(buf.byteSize(), accumulatorBytes - done));
                            readFully(file, ch, part, crc);
                            checkFinite(file.toString(), part, tableEntries + done / Float.BYTES);
                        }
                    }
                }
                if ((int) crc.getValue() != h.dataCrc()) {
                    throw new ModelFileException(file, "corrupt data (checksum mismatch)");
                }
                table = t.segment();
                huge = t.hugePages();
            } else {
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
                if (!writable && h.method() == Method.TD_AFTERSTATE) {
                    // Play reads the int16 steps as they are: no float32 tables (half the memory).
                    return int16Model(file.toString(), h, head.array(), data.array(), null, arena);
                }
                OffHeap.Table t = compactTables(file.toString(), h, tableBytes, arena);
                decodeFloats(file.toString(), data.array(), h, t.segment());
                table = t.segment();
                huge = t.hugePages();
            }
            TupleNetwork net = new TupleNetwork(h.spec(), h.shape(), h.banks(), table, huge);
            // decodeSteps() gave each weight as (float) step · q
            double quantum = h.valueType() == ModelHeader.FLOAT32 ? 0 : (float) h.step();
            return new NtupleModel(h.method(), h.terminal(), h.stages(), net, arena, h.training(), file.toString(), quantum,
                    h.initialValue(), coherence);
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

    /** Saves {@code model} atomically, compact if {@code file} ends with {@code .g2nz}, else full. */
    public static void save(NtupleModel model, Path file) {
        save(model, file, COMPACT_BITS);
    }

    /**
     * {@link #save(NtupleModel, Path)}, a compact file's steps with {@code compactBits} bits
     * ({@link #MIN_COMPACT_BITS} to {@link #MAX_COMPACT_BITS}; see {@link #COMPACT_BITS}).
     */
    public static void save(NtupleModel model, Path file, int compactBits) {
        String problem = compactBitsProblem(compactBits);
        if (problem != null) {
            throw new IllegalArgumentException("compact bits: " + problem);
        }
        try {
            boolean compact = file.getFileName().toString().endsWith(COMPACT_EXTENSION);
            AtomicFile.write(file, ch -> {
                if (compact) {
                    writeCompact(model, ch, compactBits);
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

    /** What is wrong with {@code bits} as a compact file's bits ("expected 8 to 15, got ..."), or null. */
    public static String compactBitsProblem(int bits) {
        return bits < MIN_COMPACT_BITS || bits > MAX_COMPACT_BITS
                ? "expected " + MIN_COMPACT_BITS + " to " + MAX_COMPACT_BITS + ", got " + bits : null;
    }

    /** The largest |q| of a compact file whose steps have {@code bits} bits, the sign's included. */
    static int largestStep(int bits) {
        return (1 << (bits - 1)) - 1;
    }

    private static void writeCompact(NtupleModel model, FileChannel ch, int bits) throws IOException {
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
        ch.position(ModelHeader.HEADER_BYTES);
        CountingCrcStream counted = new CountingCrcStream(Channels.newOutputStream(ch));
        // shared: the coder's chunks are coded on several threads
        try (Arena scratch = Arena.ofShared();
             OutputStream out = new BufferedOutputStream(counted, 1 << 16)) {
            MemorySegment q = scratch.allocate(n * Short.BYTES, Short.BYTES);
            for (long i = 0; i < n; i++) {
                q.setAtIndex(ValueLayout.JAVA_SHORT, i, (short) quantise(table.getAtIndex(F, i), step));
            }
            StepCoder.encode(i -> q.getAtIndex(ValueLayout.JAVA_SHORT, i), n, model.network().weights(), stride, out);
        }
        AtomicFile.writeFully(ch.position(0), header(model, ModelHeader.CODED, counted.count,
                (int) counted.crc.getValue(), step, false).encode());
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
    }

    /**
     * A compact TD-afterstate model for play, decoded straight into int16 tables (every page
     * faulted in while loading; or read from {@link Int16Cache}, into {@code tables} when given): no
     * float32 tables beside them.
     */
    private static NtupleModel int16Model(String name, ModelHeader h, byte[] header, byte[] compact, OffHeap.Table tables,
                                          Arena arena) throws IOException {
        OffHeap.Table t = tables;
        if (t == null && Int16Cache.present(header, int16Bytes(h))) {
            NtupleModel mapped = mappedInt16Model(name, h, header, arena);
            if (mapped != null) {
                return mapped;
            }
            t = compactTables(name, h, int16Bytes(h), arena);
            if (Int16Cache.read(header, t.segment())) {
                return int16Model(name, h, t, arena);
            }
        }
        if (t == null) {
            t = compactTables(name, h, int16Bytes(h), arena);
        }
        decodeSteps(name, compact, h, t.segment());
        // the next start reads these tables from the user's cache instead of decoding them
        Int16Cache.write(header, t.segment());
        return int16Model(name, h, t, arena);
    }

    /**
     * Makes later loads map a compact model's cached int16 tables read-only instead of copying them
     * ({@link Int16Cache#map}): for a process that answers a move or two and exits, where copying
     * hundreds of megabytes is most of its start. Off by default: mapped tables sit on small pages,
     * which a long run pays for on every look-up.
     */
    public static void mapCachedTables(boolean on) {
        mapCached = on;
    }

    /** The model over its cached int16 tables mapped from the cache, when {@link #mapCachedTables} is on and the entry is sound; else null. */
    private static NtupleModel mappedInt16Model(String name, ModelHeader h, byte[] header, Arena arena) {
        if (!mapCached) {
            return null;
        }
        MemorySegment m = Int16Cache.map(header, int16Bytes(h), arena);
        return m == null ? null : int16Model(name, h, new OffHeap.Table(m, false), arena);
    }

    private static long int16Bytes(ModelHeader h) {
        return h.banks() * h.weights() * Short.BYTES;
    }

    /** The model over int16 tables {@code t}, filled from its compact data or the cache. */
    private static NtupleModel int16Model(String name, ModelHeader h, OffHeap.Table t, Arena arena) {
        TupleLayout layout = new TupleLayout(h.spec(), h.shape());
        Int16Network[] banks = new Int16Network[h.banks()];
        long bankBytes = h.weights() * Short.BYTES;
        for (int b = 0; b < banks.length; b++) {
            banks[b] = new Int16Network(layout,
                    new OffHeap.Table(t.segment().asSlice(b * bankBytes, bankBytes), t.hugePages()), (float) h.step());
        }
        return new NtupleModel(h.method(), h.stages(), banks, layout, arena, h.training(), name, (float) h.step(),
                h.initialValue());
    }

    /** Decodes compact {@code data} into the float32 {@code table} (zeroed): each weight {@code (float) step · q}. */
    private static void decodeFloats(String file, byte[] data, ModelHeader h, MemorySegment table) throws IOException {
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
    private static void decodeSteps(String file, byte[] data, ModelHeader h, MemorySegment q) throws IOException {
        if (h.valueType() == ModelHeader.CODED) {
            try {
                StepCoder.decode(data, q, h.weights(), h.stages().count() > 1 ? h.stageStride() : 0);
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
    private static OffHeap.Table compactTables(String file, ModelHeader h, long bytes, Arena arena) {
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

    /** Refuses weights or accumulators that are NaN or infinite: a model that would choose no move. */
    private static void checkFinite(String file, MemorySegment data) {
        checkFinite(file, data, 0);
    }

    /** {@link #checkFinite(String, MemorySegment)} of a part of the data whose first float is entry {@code first}. */
    static void checkFinite(String file, MemorySegment data, long first) {
        if (allFinite(data)) {
            return;
        }
        long n = data.byteSize() / Float.BYTES;
        for (long i = 0; i < n; i++) {
            if (!Float.isFinite(data.getAtIndex(F, i))) {
                throw new ModelFileException(file, "value " + data.getAtIndex(F, i) + " at entry " + (first + i)
                        + ": weights must be finite numbers");
            }
        }
    }

    /**
     * Whether every float of {@code data} is finite, two at a time without a branch: a float is
     * infinite or NaN exactly when its eight exponent bits are all ones, and adding one to the lowest
     * of them then carries into the sign bit; the two halves of a long cannot carry into each other.
     * A model's start scans hundreds of megabytes so, where the float-by-float test took a tenth of a
     * second or more.
     */
    static boolean allFinite(MemorySegment data) {
        long longs = data.byteSize() / Long.BYTES;
        long carries = 0;
        for (long i = 0; i < longs; i++) {
            carries |= (data.getAtIndex(WORDS, i) & EXPONENTS) + EXPONENT_ONES;
        }
        boolean finite = (carries & SIGNS) == 0;
        if (data.byteSize() % Long.BYTES != 0) {
            finite &= Float.isFinite(data.get(ValueLayout.JAVA_FLOAT_UNALIGNED, data.byteSize() - Float.BYTES));
        }
        return finite;
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

    /** CRC32C of a segment, in chunks (a ByteBuffer view is limited to 2 GiB). */
    static int crc(MemorySegment s) {
        CRC32C crc = new CRC32C();
        for (long off = 0; off < s.byteSize(); off += CHUNK) {
            crc.update(s.asSlice(off, Math.min(CHUNK, s.byteSize() - off)).asByteBuffer());
        }
        return (int) crc.getValue();
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
    }
}
