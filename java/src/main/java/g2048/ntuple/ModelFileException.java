package g2048.ntuple;

import java.nio.file.Path;

/** A model file that cannot be used: one line naming the file and the problem. */
public final class ModelFileException extends IllegalArgumentException {

    public ModelFileException(Path file, String problem) {
        super("model file " + file + ": " + problem);
    }

    public ModelFileException(Path file, String problem, Throwable cause) {
        super("model file " + file + ": " + problem, cause);
    }
}
