package g2048.files;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file that is not what its reader expects: missing, not a regular file, of the wrong size,
 * damaged (a checksum mismatch) or holding values out of range. The message is one line, the file
 * first, then the problem; the command line reports it as bad input (exit code 2).
 */
public class BadFileException extends IOException {

    private final Path file;
    private final String problem;

    public BadFileException(Path file, String problem) {
        this(file, problem, null);
    }

    public BadFileException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
        this.problem = problem;
    }

    public Path file() {
        return file;
    }

    /** The message without the file, for readers that name the file their own way. */
    public String problem() {
        return problem;
    }
}
