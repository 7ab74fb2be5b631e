package g2048.ntuple;

import g2048.files.AtomicFile;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * The int16 tables of a compact model, or those made from a float32 model's for play (with their
 * steps), kept in the user's cache directory so that a start reads them (a tenth of a second for the
 * shipped model) instead of inflating the model or reading a checkpoint twice (seconds). An
 * entry is made on first use and named by the checksum of the model's header, which holds the
 * checksum and size of the model's data: a changed model gets a new entry. An entry is a copy of
 * the model's header, the tables' size and CRC32C, the loader's own bytes (a float32 model's steps),
 * then the tables; it is used only when all of
 * them match, and a damaged entry (truncated, a flipped byte, another model's) is deleted and made
 * again, never trusted. Failing to write the cache (a read-only home) only costs the next start its
 * speed.
 *
 * <p>Where: the directory in the system property {@value #PROPERTY} ({@code off} turns the cache
 * off), else {@code $XDG_CACHE_HOME/g2048}, else {@code ~/.cache/g2048}; {@code G2048_CACHE=off} in
 * the environment turns it off too. Only tables of at least {@link #MIN_BYTES} are kept (smaller
 * models inflate in milliseconds), and at most {@link #KEPT} entries (the oldest go).
 */
final class Int16Cache {

    static final String PROPERTY = "g2048.cache";
    static final long MIN_BYTES = 32L << 20;
    /** {@link #MIN_BYTES}, lowered by tests to cache small models. */
    static long minBytes = MIN_BYTES;
    static final int KEPT = 3;
    private static final long MAGIC = 0x3631_4938_3430_3247L; // "G2048I16"
    /**
     * Magic, table bytes, CRC32C of the extra bytes and the tables, the number of extra bytes (0 for a
     * compact model), then the model's header, the extra bytes, the tables.
     */
    private static final int PREFIX = 24;
    private static final int CHUNK = 1 << 24;

    private Int16Cache() {
    }

    /** The cache directory, or null when the cache is off. */
    static Path directory() {
        String p = System.getProperty(PROPERTY);
        if (p != null) {
            return p.equals("off") || p.isBlank() ? null : Path.of(p);
        }
        if ("off".equals(System.getenv("G2048_CACHE"))) {
            return null;
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "g2048");
        }
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? null : Path.of(home, ".cache", "g2048");
    }

    /** The entry for a model with header {@code header} in {@code dir}. */
    static Path entry(Path dir, byte[] header, long tableBytes) {
        CRC32C crc = new CRC32C();
        crc.update(header);
        return dir.resolve(String.format("int16-%08x-%d.tables", (int) crc.getValue(), tableBytes));
    }

    /**
     * Reads the cached tables of the model with {@code header} into {@code into} (exactly the tables'
     * size); false when there is no sound entry (a damaged one is deleted), and {@code into} must
     * then be filled by inflating the model.
     */
    static boolean read(byte[] header, MemorySegment into) {
        return read(header, into, new byte[0]);
    }

    /**
     * {@link #read(byte[], MemorySegment)} of an entry that also keeps {@code extra.length} bytes of
     * the loader's own (a float32 model's steps), read into {@code extra}; an entry with another
     * number of them is not sound.
     */
    static boolean read(byte[] header, MemorySegment into, byte[] extra) {
        Path dir = directory();
        if (dir == null || into.byteSize() < minBytes) {
            return false;
        }
        Path file = entry(dir, header, into.byteSize());
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long tables = into.byteSize();
            int before = PREFIX + header.length + extra.length;
            if (ch.size() != before + tables) {
                throw new IOException("wrong size");
            }
            ByteBuffer head = ByteBuffer.allocate(before).order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, head, 0);
            head.flip();
            byte[] stored = Arrays.copyOfRange(head.array(), PREFIX, PREFIX + header.length);
            if (head.getLong(0) != MAGIC || head.getLong(8) != tables || head.getInt(20) != extra.length
                    || !Arrays.equals(stored, header)) {
                throw new IOException("another model's entry");
            }
            CRC32C crc = new CRC32C();
            crc.update(head.array(), PREFIX + header.length, extra.length);
            for (long off = 0; off < tables; off += CHUNK) {
                ByteBuffer chunk = into.asSlice(off, Math.min(CHUNK, tables - off)).asByteBuffer();
                readFully(ch, chunk, before + off);
                chunk.flip();
                crc.update(chunk);
            }
            if ((int) crc.getValue() != head.getInt(16)) {
                throw new IOException("checksum mismatch");
            }
            System.arraycopy(head.array(), PREFIX + header.length, extra, 0, extra.length);
            return true;
        } catch (IOException | RuntimeException e) {
            into.fill((byte) 0); // the inflater writes only the non-zero entries
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // made again by the write after inflating, which replaces it
            }
            return false;
        }
    }

    /** Whether the cache has an entry (sound or not) for the model with {@code header} and tables of {@code bytes}. */
    static boolean present(byte[] header, long bytes) {
        Path dir = directory();
        return dir != null && bytes >= minBytes && Files.isRegularFile(entry(dir, header, bytes));
    }

    /** Keeps {@code tables}, inflated from the model with {@code header}, for the next start (best effort). */
    static void write(byte[] header, MemorySegment tables) {
        write(header, tables, new byte[0]);
    }

    /** {@link #write(byte[], MemorySegment)} with the loader's own bytes {@code extra}, under the same checksum. */
    static void write(byte[] header, MemorySegment tables, byte[] extra) {
        Path dir = directory();
        if (dir == null || tables.byteSize() < minBytes) {
            return;
        }
        try {
            Files.createDirectories(dir);
            CRC32C crc = new CRC32C();
            crc.update(extra);
            for (long off = 0; off < tables.byteSize(); off += CHUNK) {
                crc.update(tables.asSlice(off, Math.min(CHUNK, tables.byteSize() - off)).asByteBuffer());
            }
            ByteBuffer head = ByteBuffer.allocate(PREFIX + header.length + extra.length).order(ByteOrder.LITTLE_ENDIAN);
            head.putLong(MAGIC).putLong(tables.byteSize()).putInt((int) crc.getValue()).putInt(extra.length)
                    .put(header).put(extra).flip();
            AtomicFile.write(entry(dir, header, tables.byteSize()), AtomicFile.Durability.DEFERRED, ch -> {
                AtomicFile.writeFully(ch, head);
                for (long off = 0; off < tables.byteSize(); off += CHUNK) {
                    AtomicFile.writeFully(ch, tables.asSlice(off, Math.min(CHUNK, tables.byteSize() - off)).asByteBuffer());
                }
            });
            prune(dir);
        } catch (IOException | RuntimeException e) {
            // no cache: the next start inflates the model again
        }
    }

    /** Deletes the oldest entries beyond {@link #KEPT}. */
    private static void prune(Path dir) throws IOException {
        List<Path> entries;
        try (Stream<Path> s = Files.list(dir)) {
            entries = s.filter(p -> p.getFileName().toString().matches("int16-[0-9a-f]{8}-[0-9]+\\.tables"))
                    .sorted(Comparator.comparingLong(Int16Cache::modified).reversed()).toList();
        }
        for (Path old : entries.subList(Math.min(KEPT, entries.size()), entries.size())) {
            Files.deleteIfExists(old);
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer into, long position) throws IOException {
        long at = position;
        while (into.hasRemaining()) {
            int n = ch.read(into, at);
            if (n < 0) {
                throw new IOException("truncated");
            }
            at += n;
        }
    }
}
