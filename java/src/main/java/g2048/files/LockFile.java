package g2048.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An exclusive lock on a file ({@link FileChannel#tryLock()}), so that two runs never write the
 * same directory at once: the second is refused at once with {@link Held}, naming the file. The
 * lock goes with the process (the operating system drops it if the process dies) and is released
 * on {@link #close}, which deletes the file first, while still holding the lock, so that a finished
 * run leaves no lock file behind. A run that opened the file just before it was deleted then locks a
 * file no longer in the directory: {@link #acquire} checks that the file it locked is still the one
 * at its path, and tries again on the new one if not, so that two runs never hold the lock at once.
 * (A run killed before {@code close} leaves the file; the next run locks it as usual.)
 */
public final class LockFile implements AutoCloseable {

    /** The lock file's name inside a directory it guards. */
    public static final String NAME = ".lock";

    /**
     * The files this JVM holds: checked before a second channel is opened, since closing any
     * channel to a file may drop every lock the process holds on it.
     */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    /** Another process (or another lock in this one) holds the file. */
    public static final class Held extends IOException {
        private final Path file;

        Held(Path file) {
            super(file + " is locked by another run");
            this.file = file;
        }

        public Path file() {
            return file;
        }
    }

    private final Path file;
    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;

    private LockFile(Path file, Path key, FileChannel channel, FileLock lock) {
        this.file = file;
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /** Locks {@code dir}/{@value #NAME}, creating the directory if needed. */
    public static LockFile inDirectory(Path dir) throws IOException {
        Files.createDirectories(dir);
        return acquire(dir.resolve(NAME));
    }

    /**
     * Locks {@code .NAME.lock} beside {@code file} (NAME its name, shortened when long so that the lock's
     * name stays legal): one run at a time writes a file.
     */
    public static LockFile beside(Path file) throws IOException {
        return acquire(file.toAbsolutePath().getParent().resolve("." + AtomicFile.stem(file.getFileName().toString()) + ".lock"));
    }

    /** Locks {@code file}, creating it if needed; throws {@link Held} if it is locked already. */
    public static LockFile acquire(Path file) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        if (!HELD.add(key)) {
            throw new Held(file);
        }
        FileChannel ch = null;
        try {
            RegularFile.checkOutput(file); // opening a FIFO to write would block until a reader came
            for (int attempt = 0; ; attempt++) {
                ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = ch.tryLock();
                if (lock == null) {
                    throw new Held(file);
                }
                if (stillAtItsPath(file)) {
                    return new LockFile(file, key, ch, lock);
                }
                // its holder deleted it as this run opened it: lock the file now at the path instead
                ch.close();
                ch = null;
                if (attempt == 100) {
                    throw new Held(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                ch.close();
            }
            HELD.remove(key);
            throw e;
        }
    }

    /**
     * Whether the file this process has open at {@code file} is still in the directory, not one deleted
     * from under it. Asked of Linux's {@code /proc/self/fd} links, which name a deleted file
     * "PATH (deleted)"; opening the file again to look would drop the lock (POSIX drops a process's
     * locks on a file when any of its descriptors to it closes). Elsewhere the open is trusted.
     */
    private static boolean stillAtItsPath(Path file) {
        Path fds = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fds)) {
            return true;
        }
        String deleted = file.toAbsolutePath().normalize() + " (deleted)";
        try (var links = Files.newDirectoryStream(fds)) {
            for (Path fd : links) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(deleted)) {
                        return false;
                    }
                } catch (IOException | UnsupportedOperationException e) {
                    // a descriptor closed while listing: not the one just opened
                }
            }
        } catch (IOException e) {
            return true;
        }
        return true;
    }

    public Path file() {
        return file;
    }

    /** Releases the lock; again, does nothing. */
    @Override
    public synchronized void close() throws IOException {
        if (!channel.isOpen()) {
            return;
        }
        try {
            // deleted while locked: no other run holds it now, and one that opened it meanwhile finds it gone
            Files.deleteIfExists(file);
        } finally {
            try {
                lock.release();
            } finally {
                channel.close();
                HELD.remove(key);
            }
        }
    }
}
