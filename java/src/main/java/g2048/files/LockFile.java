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
 * on {@link #close}. The file itself stays: deleting it would let a third run lock a new file
 * while a second still holds the old one.
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

    /** Locks {@code .NAME.lock} beside {@code file} (NAME its name): one run at a time writes a file. */
    public static LockFile beside(Path file) throws IOException {
        return acquire(file.toAbsolutePath().getParent().resolve("." + file.getFileName() + ".lock"));
    }

    /** Locks {@code file}, creating it if needed; throws {@link Held} if it is locked already. */
    public static LockFile acquire(Path file) throws IOException {
        Path key = file.toAbsolutePath().normalize();
        if (!HELD.add(key)) {
            throw new Held(file);
        }
        FileChannel ch = null;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = ch.tryLock();
            if (lock == null) {
                throw new Held(file);
            }
            return new LockFile(file, key, ch, lock);
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                ch.close();
            }
            HELD.remove(key);
            throw e;
        }
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
            lock.release();
        } finally {
            channel.close();
            HELD.remove(key);
        }
    }
}
