package g2048.cli;

import g2048.files.LockFile;
import java.io.IOException;
import java.nio.file.Path;

/** One run at a time writes an output directory: a second is refused with one line, before it writes anything. */
final class DirectoryLock {

    private DirectoryLock() {
    }

    /** Locks {@code dir} (created if missing) for as long as the returned lock is open; {@code option} names it in the error. */
    static LockFile acquire(String option, Path dir) throws IOException {
        try {
            return LockFile.inDirectory(dir);
        } catch (LockFile.Held e) {
            throw new Errors.BadInput(option + ": " + dir + " is in use by another run (" + e.file() + " is locked)", e);
        }
    }
}
