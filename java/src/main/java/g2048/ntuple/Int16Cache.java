package g2048.ntuple;

import g2048.files.AtomicFile;
import java.io.IOException;
import java.lang.foreign.Arena;
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
 * <p>What it trusts: the cache directory is a trust boundary. An entry's checksum finds damage, not
 * forgery: whoever can write the directory decides what a model plays. So the directory is used only
 * when it is the user's own and no one else can write it (not group- or other-writable), and each
 * entry only when it is a regular file of the same kind; otherwise the cache is not used (one line on
 * standard error says why, once) and the model is read from its file, fully checked. A new directory
 * is made {@code rwx------}, entries {@code rw-------}. A float32 model's entry is keyed on the file's
 * identity as well as its header ({@link #keyOf}): device, inode, size, modification and change time;
 * a change to the data (which no user can make without changing the change time) misses the entry,
 * so the file is read and checked in full. A file that changed in the last two seconds is not cached
 * (two changes within one tick of the kernel's clock share a change time).
 *
 * <p>Where: the directory in the system property {@value #PROPERTY} ({@code off} turns the cache
 * off), else {@code $XDG_CACHE_HOME/g2048}, else {@code ~/.cache/g2048}; {@code G2048_CACHE=off} in
 * the environment turns it off too. Only tables of at least {@link #MIN_BYTES} are kept (smaller
 * models inflate in milliseconds), and at most {@link #KEPT} entries (the oldest go). A write cut
 * short by Ctrl-C deletes its temporary file on the way out, and each write first deletes those
 * that killed processes left.
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

    /** The bytes {@link #keyOf} adds to a header: device, inode, size, modification and change time (ns). */
    static final int IDENTITY_BYTES = 5 * Long.BYTES;
    /** How long ago a file must have last changed for its entry to be made or used ({@link #keyOf}); lowered by tests. */
    static long settleNanos = 2_000_000_000L;
    private static final java.util.concurrent.atomic.AtomicBoolean WARNED = new java.util.concurrent.atomic.AtomicBoolean();
    private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_ONLY_DIR =
            java.nio.file.attribute.PosixFilePermissions.fromString("rwx------");
    private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_ONLY_FILE =
            java.nio.file.attribute.PosixFilePermissions.fromString("rw-------");

    private Int16Cache() {
    }

    /**
     * The key of a model file's entry: its header and the file's identity, so that an entry made from
     * the file is not used once its data changed (a change of data changes the file's change time,
     * which only the kernel sets). Null when the platform does not tell the identity: no cache then.
     */
    static byte[] keyOf(byte[] header, Path file) {
        try {
            java.util.Map<String, Object> a = Files.readAttributes(file, "unix:dev,ino,size,lastModifiedTime,ctime");
            // the kernel's file times move by clock ticks: a file changed again within the tick of its last change
            // keeps its change time, so a file changed moments ago is not cached until it has settled
            if (System.currentTimeMillis() * 1_000_000L - nanos(a.get("ctime")) < settleNanos) {
                return null;
            }
            return ByteBuffer.allocate(header.length + IDENTITY_BYTES).order(ByteOrder.LITTLE_ENDIAN).put(header)
                    .putLong((Long) a.get("dev")).putLong((Long) a.get("ino")).putLong((Long) a.get("size"))
                    .putLong(nanos(a.get("lastModifiedTime"))).putLong(nanos(a.get("ctime"))).array();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static long nanos(Object time) {
        java.time.Instant t = ((java.nio.file.attribute.FileTime) time).toInstant();
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /**
     * Why a directory or entry owned by {@code ownerUid} with permission bits {@code mode} is not to be
     * trusted by the user {@code userUid}, or null when it is.
     */
    static String distrust(int ownerUid, int mode, int userUid) {
        if (ownerUid != userUid) {
            return "owned by another user (uid " + ownerUid + ")";
        }
        if ((mode & 0022) != 0) {
            return "writable by other users (mode " + Integer.toOctalString(mode & 0777) + ")";
        }
        return null;
    }

    /** Why {@code p} (links not followed) is not to be trusted, or null; absent is trusted (nothing to read). */
    private static String distrust(Path p) {
        try {
            java.util.Map<String, Object> a = Files.readAttributes(p, "unix:uid,mode", java.nio.file.LinkOption.NOFOLLOW_LINKS);
            int mode = (Integer) a.get("mode");
            int type = mode & 0170000;
            if (type != 0040000 && type != 0100000) {
                return "not a plain directory or file (a link or special file)";
            }
            return distrust((Integer) a.get("uid"), mode, userUid());
        } catch (java.nio.file.NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            return "of unknown owner and permissions";
        }
    }

    /** This process's user id (the owner of {@code /proc/self} on Linux). */
    private static int userUid() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    }

    /**
     * The cache directory when it may be trusted (absent counts: it is made private), else null after
     * saying why on standard error, once per process.
     */
    private static Path trustedDirectory() {
        Path dir = directory();
        if (dir == null) {
            return null;
        }
        Path real;
        try {
            real = Files.exists(dir) ? dir.toRealPath() : dir;
        } catch (IOException e) {
            return null;
        }
        String why = distrust(real);
        if (why == null) {
            return dir;
        }
        warn("the cache directory " + dir + " is " + why);
        return null;
    }

    /** Says once on standard error that the cache is not used, and why. */
    private static void warn(String why) {
        if (WARNED.compareAndSet(false, true)) {
            System.err.println("g2048: " + why + ": not used (models are read from their files); make it yours and"
                    + " private (chmod 700), or turn the cache off with G2048_CACHE=off");
        }
    }

    /** Whether {@code entry} may be read: a regular file of this user that no one else can write. */
    private static boolean trustedEntry(Path entry) {
        String why = distrust(entry);
        if (why != null && Files.exists(entry, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            warn("the cache entry " + entry + " is " + why);
            return false;
        }
        return true;
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
        Path file = soundCandidate(header, into.byteSize());
        if (file == null) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long tables = into.byteSize();
            int before = checkHead(ch, header, tables, extra);
            CRC32C crc = new CRC32C();
            crc.update(extra);
            for (long off = 0; off < tables; off += CHUNK) {
                ByteBuffer chunk = into.asSlice(off, Math.min(CHUNK, tables - off)).asByteBuffer();
                readFully(ch, chunk, before + off);
                chunk.flip();
                crc.update(chunk);
            }
            checkSum(ch, crc);
            return true;
        } catch (IOException | RuntimeException e) {
            into.fill((byte) 0); // the inflater writes only the non-zero entries
            discard(file);
            return false;
        }
    }

    /**
     * The cached int16 tables ({@code bytes} of them) of the model with {@code header}, mapped read-only
     * from the entry into {@code arena} and checked in full, or null when there is no sound entry (a
     * damaged one is deleted). For a process that answers a few moves and exits: no copy and no zeroed
     * memory, but the mapping's pages are the page cache's small ones, which a long run would pay for on
     * every look-up (copied tables sit on huge pages).
     */
    static MemorySegment map(byte[] header, long bytes, Arena arena) {
        Path file = soundCandidate(header, bytes);
        if (file == null) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            int before = checkHead(ch, header, bytes, new byte[0]);
            if (before % Short.BYTES != 0) {
                return null; // int16 look-ups need even addresses; the caller copies instead
            }
            MemorySegment tables = ch.map(FileChannel.MapMode.READ_ONLY, before, bytes, arena);
            CRC32C crc = new CRC32C();
            for (long off = 0; off < bytes; off += CHUNK) {
                crc.update(tables.asSlice(off, Math.min(CHUNK, bytes - off)).asByteBuffer());
            }
            checkSum(ch, crc);
            return tables;
        } catch (IOException | RuntimeException e) {
            discard(file);
            return null;
        }
    }

    /** The entry that may hold sound tables of {@code bytes} for {@code header}: null when there is none to read. */
    private static Path soundCandidate(byte[] header, long bytes) {
        Path dir = bytes < minBytes ? null : trustedDirectory();
        if (dir == null) {
            return null;
        }
        Path file = entry(dir, header, bytes);
        return Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS) && trustedEntry(file) ? file : null;
    }

    /**
     * Checks an entry's size and head against the model's {@code header}, {@code tables} bytes of tables and
     * {@code extra.length} extra bytes, reads the extra bytes into {@code extra}, and returns where the tables start.
     */
    private static int checkHead(FileChannel ch, byte[] header, long tables, byte[] extra) throws IOException {
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
        System.arraycopy(head.array(), PREFIX + header.length, extra, 0, extra.length);
        return before;
    }

    /** Checks the checksum of the extra bytes and tables, as {@code crc} has them, against the entry's. */
    private static void checkSum(FileChannel ch, CRC32C crc) throws IOException {
        ByteBuffer stored = ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, stored, 16);
        if ((int) crc.getValue() != stored.getInt(0)) {
            throw new IOException("checksum mismatch");
        }
    }

    /** Deletes a damaged entry; the write after inflating makes it again. */
    private static void discard(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // made again by the write after inflating, which replaces it
        }
    }

    /** Whether the cache has an entry (sound or not) for the model with {@code header} and tables of {@code bytes}. */
    static boolean present(byte[] header, long bytes) {
        Path dir = bytes < minBytes ? null : trustedDirectory();
        return dir != null && Files.isRegularFile(entry(dir, header, bytes), java.nio.file.LinkOption.NOFOLLOW_LINKS);
    }

    /** Keeps {@code tables}, inflated from the model with {@code header}, for the next start (best effort). */
    static void write(byte[] header, MemorySegment tables) {
        write(header, tables, new byte[0]);
    }

    /** {@link #write(byte[], MemorySegment)} with the loader's own bytes {@code extra}, under the same checksum. */
    static void write(byte[] header, MemorySegment tables, byte[] extra) {
        Path dir = tables.byteSize() < minBytes ? null : trustedDirectory();
        if (dir == null) {
            return;
        }
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir.toAbsolutePath().getParent());
                Files.createDirectory(dir, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR));
            }
            AtomicFile.deleteLeftovers(dir); // what writes cut short by a kill left
            Path entry = entry(dir, header, tables.byteSize());
            CRC32C crc = new CRC32C();
            crc.update(extra);
            for (long off = 0; off < tables.byteSize(); off += CHUNK) {
                crc.update(tables.asSlice(off, Math.min(CHUNK, tables.byteSize() - off)).asByteBuffer());
            }
            ByteBuffer head = ByteBuffer.allocate(PREFIX + header.length + extra.length).order(ByteOrder.LITTLE_ENDIAN);
            head.putLong(MAGIC).putLong(tables.byteSize()).putInt((int) crc.getValue()).putInt(extra.length)
                    .put(header).put(extra).flip();
            AtomicFile.writeDiscardedOnExit(entry, AtomicFile.Durability.DEFERRED, ch -> {
                AtomicFile.writeFully(ch, head);
                for (long off = 0; off < tables.byteSize(); off += CHUNK) {
                    AtomicFile.writeFully(ch, tables.asSlice(off, Math.min(CHUNK, tables.byteSize() - off)).asByteBuffer());
                }
            });
            Files.setPosixFilePermissions(entry, OWNER_ONLY_FILE);
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
