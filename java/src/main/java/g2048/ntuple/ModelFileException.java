package g2048.ntuple;

import java.nio.file.Path;

/** A model file that cannot be used: one line naming the file (or the stream) and the problem. */
public final class ModelFileException extends IllegalArgumentException {

    /** A problem with the model read from {@code source}, a name for a stream or a class-path resource. */
    public ModelFileException(String source, String problem) {
        super("model file " + source + ": " + problem);
    }

    public ModelFileException(String source, String problem, Throwable cause) {
        super("model file " + source + ": " + problem, cause);
    }

    public ModelFileException(Path file, String problem) {
        super("model file " + file + ": " + problem);
    }

    public ModelFileException(Path file, String problem, Throwable cause) {
        super("model file " + file + ": " + problem, cause);
    }
}
