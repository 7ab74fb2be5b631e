package g2048.files;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whole-file writes that leave the target either as it was or complete, never half-written: the
 * content goes to a temporary file beside the target (same directory, so the rename stays on one
 * file system), is forced to the disk, and the temporary file is renamed over the target. On any
 * failure the temporary file is deleted; an I/O error is rethrown as an {@link IOException} whose
 * message starts with the target, other exceptions as they are.
 *
 * <p>The content comes from a callback: a {@link ChannelWriter} gets the temporary file's channel
 * (at position 0; it may seek, to fill a header last), a {@link StreamWriter} a buffered stream.
 * Neither may close what it gets. The parent directory is created if missing. A target that exists
 * and is not a regular file (a device, FIFO, socket, directory) is refused before anything is written
 * ({@link RegularFile#checkOutput}).
 */
public final class AtomicFile {

    /** Writes a file's content into the channel of its temporary file. */
    @FunctionalInterface
    public interface ChannelWriter {
        void write(FileChannel channel) throws IOException;
    }

    /** Writes a file's content into a stream over its temporary file. */
    @FunctionalInterface
    public interface StreamWriter {
        void write(OutputStream out) throws IOException;
    }

    /** When the content is forced to the disk. */
    public enum Durability {
        /** Before the rename: after a crash the target holds the old content or the new. */
        FORCED,
        /**
         * Left to the caller ({@link #force}) before it records the file anywhere: other processes
         * still never see half a file, but a crash may. Many files then cost one flush each at a
         * checkpoint instead of one each as written.
         */
        DEFERRED
    }

    private static final AtomicLong COUNTER = new AtomicLong();
    /**
     * Names derived from a target's longer than this many bytes (UTF-8) are shortened ({@link #stem}):
     * ".NAME.PID-N.tmp" and ".NAME.lock" of a legal name of 240 bytes would pass NAME_MAX (255 bytes).
     */
    private static final int STEM_BYTES = 160;
    /** The temporaries of {@link #writeDiscardedOnExit} being written, deleted by one shutdown hook if the JVM exits first. */
    private static final java.util.Set<Path> DISCARD_ON_EXIT = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final java.util.concurrent.atomic.AtomicBoolean HOOK = new java.util.concurrent.atomic.AtomicBoolean();
    /** The names of {@link #temporaryBeside}: {@code .TARGET.PID-N.tmp}. */
    private static final Pattern TEMPORARY = Pattern.compile("\\..+\\.([0-9]{1,18})-[0-9]+\\.tmp");
    private static final int STREAM_BUFFER = 1 << 16;

    private AtomicFile() {
    }

    /** Writes {@code target} from {@code writer}, forced before the rename. */
    public static void write(Path target, ChannelWriter writer) throws IOException {
        write(target, Durability.FORCED, writer);
    }

    /** Writes {@code target} from {@code writer}. */
    public static void write(Path target, Durability durability, ChannelWriter writer) throws IOException {
        write(target, durability, writer, false);
    }

    /**
     * {@link #write(Path, Durability, ChannelWriter)} of a file that is only worth having whole, such
     * as a cache entry: if the JVM exits mid-write (Ctrl-C), a shutdown hook deletes the temporary
     * file, which would otherwise stay hidden beside the target. Not for a run's own checkpoints,
     * which other shutdown hooks write while the JVM exits.
     */
    public static void writeDiscardedOnExit(Path target, Durability durability, ChannelWriter writer) throws IOException {
        if (HOOK.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> DISCARD_ON_EXIT.forEach(AtomicFile::deleteQuietly),
                    "discard-temporaries"));
        }
        write(target, durability, writer, true);
    }

    private static void write(Path target, Durability durability, ChannelWriter writer, boolean discardOnExit)
            throws IOException {
        RegularFile.checkOutput(target);
        Path tmp = null;
        Path registered = null;
        try {
            tmp = temporaryBeside(target);
            if (discardOnExit) {
                registered = tmp;
                DISCARD_ON_EXIT.add(tmp);
            }
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                writer.write(ch);
                if (durability == Durability.FORCED) {
                    ch.force(true);
                }
            }
            replace(tmp, target);
            tmp = null;
        } catch (IOException e) {
            throw new IOException(target + ": cannot write: " + reason(e), e);
        } finally {
            if (tmp != null) {
                deleteQuietly(tmp);
            }
            if (registered != null) {
                DISCARD_ON_EXIT.remove(registered);
            }
        }
    }

    /** Writes {@code target} from {@code writer} through a buffered stream, forced before the rename. */
    public static void writeStream(Path target, StreamWriter writer) throws IOException {
        write(target, ch -> {
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(ch), STREAM_BUFFER);
            writer.write(out);
            out.flush();
        });
    }

    /** Writes the bytes of {@code bytes} from position 0 to its limit; leaves its position at the limit. */
    public static void write(Path target, ByteBuffer bytes) throws IOException {
        write(target, ch -> writeFully(ch, bytes.position(0)));
    }

    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, ByteBuffer.wrap(bytes));
    }

    /** Writes {@code text} in UTF-8. */
    public static void writeString(Path target, CharSequence text) throws IOException {
        write(target, text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** Writes every remaining byte of {@code bytes} (channels may write fewer per call). */
    public static void writeFully(WritableByteChannel channel, ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    /** Forces a written file's content to the disk (after a {@link Durability#DEFERRED} write). */
    public static void force(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        } catch (IOException e) {
            // A full disk may show only here (delayed allocation): say which file.
            throw new IOException(file + ": cannot force to disk: " + reason(e), e);
        }
    }

    /** What went wrong, in words: some file-system exceptions carry only a file name as their message. */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() == null) {
            String what = switch (f) {
                case java.nio.file.AccessDeniedException _ -> "permission denied";
                case java.nio.file.NoSuchFileException _ -> "no such file or directory";
                case java.nio.file.FileAlreadyExistsException _ -> "already exists";
                case java.nio.file.NotDirectoryException _ -> "not a directory";
                default -> "file-system error";
            };
            return f.getFile() == null ? what : f.getFile() + ": " + what;
        }
        return e.getMessage() == null ? "I/O error" : e.getMessage();
    }

    /**
     * Deletes the temporary files in {@code dir} left by writers that died mid-write (killed, out of
     * power): those named as {@link #temporaryBeside} names them whose process no longer runs.
     * Returns how many were deleted. Files of live processes on this machine are left alone; call it
     * while holding the directory's {@link LockFile}, so that no writer on another machine shares it.
     */
    public static int deleteLeftovers(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        int deleted = 0;
        try (var files = Files.newDirectoryStream(dir, ".*.tmp")) {
            for (Path f : files) {
                Matcher m = TEMPORARY.matcher(f.getFileName().toString());
                if (m.matches() && Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        && ProcessHandle.of(Long.parseLong(m.group(1))).map(p -> !p.isAlive()).orElse(true)) {
                    Files.deleteIfExists(f);
                    deleted++;
                }
            }
        }
        return deleted;
    }

    /**
     * {@link #deleteLeftovers(Path)} for the temporary files of {@code targets} only (beside each):
     * for a directory other writers share, such as the one of a {@code train ntuple --out}.
     */
    public static int deleteLeftoversOf(Path... targets) throws IOException {
        int deleted = 0;
        for (Path target : targets) {
            Path dir = target.toAbsolutePath().getParent();
            if (dir == null || !Files.isDirectory(dir)) {
                continue;
            }
            String prefix = "." + stem(target.getFileName().toString()) + ".";
            try (var files = Files.newDirectoryStream(dir, ".*.tmp")) {
                for (Path f : files) {
                    String name = f.getFileName().toString();
                    Matcher m = TEMPORARY.matcher(name);
                    if (name.startsWith(prefix) && name.indexOf('.', prefix.length()) == name.length() - 4
                            && m.matches() && deletable(f, m)) {
                        Files.deleteIfExists(f);
                        deleted++;
                    }
                }
            }
        }
        return deleted;
    }

    /** A regular file whose writer's process no longer runs. */
    private static boolean deletable(Path f, Matcher m) {
        return Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                && ProcessHandle.of(Long.parseLong(m.group(1))).map(p -> !p.isAlive()).orElse(true);
    }

    /** A fresh name beside {@code target}: hidden, and unique per process and call so that writers never share one. */
    private static Path temporaryBeside(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        return dir.resolve("." + stem(target.getFileName().toString()) + "." + ProcessHandle.current().pid() + "-"
                + COUNTER.incrementAndGet() + ".tmp");
    }

    /**
     * The part of a file's name that the names derived from it (temporaries, locks) carry: the name
     * itself, or for a long one its first characters and a hash of the whole, so that a derived name
     * stays within NAME_MAX and two long names sharing a beginning still get different ones.
     */
    static String stem(String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= STEM_BYTES) {
            return name;
        }
        StringBuilder head = new StringBuilder();
        int used = 0;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            int n = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (used + n > STEM_BYTES - 17) {
                break;
            }
            head.appendCodePoint(cp);
            used += n;
            i += Character.charCount(cp);
        }
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
            return head + "~" + java.util.HexFormat.of().formatHex(hash, 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static void replace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // The write already failed; that is the error to report.
        }
    }
}
