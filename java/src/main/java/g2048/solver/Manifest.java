package g2048.solver;

import g2048.files.AtomicFile;
import g2048.game.Shape;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The progress of a solve, {@code manifest.properties} in the solution directory, rewritten
 * atomically after each age's files are in place. An age counts as done only once the manifest
 * says so; files of later ages left by an interrupted run are overwritten when the run resumes.
 *
 * <pre>
 *   format            g2048-solution-1
 *   shape             RxC
 *   forwardComplete   the oldest age whose ids file is complete (0: none yet)
 *   forwardFinished   true once every reachable age has been enumerated
 *   lastAge           the oldest age holding states (when forwardFinished)
 *   backwardComplete  the youngest age whose values file is complete (0: none yet); the solve is
 *                     done when it reaches {@link #FIRST_AGE}
 * </pre>
 */
public record Manifest(Shape shape, int forwardComplete, boolean forwardFinished, int lastAge, int backwardComplete) {

    public static final String FILE = "manifest.properties";
    static final String FORMAT = "g2048-solution-1";
    /** The youngest age of a state: two 2-tiles. */
    public static final int FIRST_AGE = 4;

    public boolean done() {
        return forwardFinished && backwardComplete == FIRST_AGE;
    }

    static Manifest fresh(Shape shape) {
        return new Manifest(shape, 0, false, 0, 0);
    }

    Manifest withForward(int age) {
        return new Manifest(shape, age, forwardFinished, lastAge, backwardComplete);
    }

    Manifest withForwardFinished(int last) {
        return new Manifest(shape, forwardComplete, true, last, backwardComplete);
    }

    Manifest withBackward(int age) {
        return new Manifest(shape, forwardComplete, forwardFinished, lastAge, age);
    }

    /** The manifest of {@code dir}, or null if there is none. */
    public static Manifest read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) {
            return null;
        }
        Properties p = new Properties();
        try (Reader r = new StringReader(Files.readString(file, StandardCharsets.UTF_8))) {
            p.load(r);
        }
        if (!FORMAT.equals(p.getProperty("format"))) {
            throw new IOException(file + ": format '" + p.getProperty("format") + "', expected '" + FORMAT + "'");
        }
        try {
            return new Manifest(Shape.parse(p.getProperty("shape")),
                    Integer.parseInt(p.getProperty("forwardComplete", "")),
                    Boolean.parseBoolean(p.getProperty("forwardFinished", "")),
                    Integer.parseInt(p.getProperty("lastAge", "")),
                    Integer.parseInt(p.getProperty("backwardComplete", "")));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    void write(Path dir) throws IOException {
        String text = "# g2048 solution progress (see g2048.solver.Manifest)\n"
                + "format=" + FORMAT + "\n"
                + "shape=" + shape.name() + "\n"
                + "forwardComplete=" + forwardComplete + "\n"
                + "forwardFinished=" + forwardFinished + "\n"
                + "lastAge=" + lastAge + "\n"
                + "backwardComplete=" + backwardComplete + "\n";
        AtomicFile.writeString(dir.resolve(FILE), text);
    }
}
