package g2048.nn;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whole-file writes that never leave a half-written file: the bytes go to a temporary file beside
 * the target (same directory, so the rename stays on one file system), are forced to disk, and the
 * temporary file is renamed over the target.
 */
public final class AtomicFiles {

    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    /** A fresh temporary path beside {@code target}. */
    public static Path temporaryBeside(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        return dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + ".tmp");
    }

    /** Writes {@code bytes} (from position 0 to its limit) to {@code target} atomically. */
    public static void write(Path target, ByteBuffer bytes) throws IOException {
        Path tmp = temporaryBeside(target);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                bytes.position(0);
                while (bytes.hasRemaining()) {
                    ch.write(bytes);
                }
                ch.force(true);
            }
            replace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Renames {@code tmp} over {@code target}, atomically where the file system allows. */
    public static void replace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
