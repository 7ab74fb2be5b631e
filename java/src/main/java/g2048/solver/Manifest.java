package g2048.solver;

import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import g2048.files.RegularFile;
import g2048.game.Shape;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The progress of a solve, {@code manifest.properties} in the solution directory, rewritten
 * atomically after each age's files are in place. An age counts as done only once the manifest
 * says so; files of later ages left by an interrupted run are overwritten when the run resumes.
 *
 * <pre>
 *   # a comment line
 *   format            g2048-solution-1
 *   shape             RxC
 *   forwardComplete   the oldest age whose ids file is complete (0: none yet)
 *   forwardFinished   true once every reachable age has been enumerated
 *   lastAge           the oldest age holding states (when forwardFinished; 0 before)
 *   backwardComplete  the youngest age whose values file is complete (0: none yet); the solve is
 *                     done when it reaches {@link #FIRST_AGE}
 *   sha256            the SHA-256 (lowercase hex) of every byte before this line, which is the last
 * </pre>
 *
 * <p>Every number decides which files are read, so a wrong one gives wrong answers: the file is
 * read strictly (ASCII, one {@code key=value} a line, each key once, nothing unknown, numbers even
 * ages in range and consistent with each other) and the checksum must match. A manifest without
 * the {@code sha256} line was written by an earlier release: a reader refuses it, and rerunning
 * {@code solve} on the directory checks it against the age files ({@link ManifestCheck}) and
 * rewrites it with the line, without solving again.
 */
public record Manifest(Shape shape, int forwardComplete, boolean forwardFinished, int lastAge, int backwardComplete) {

    public static final String FILE = "manifest.properties";
    static final String FORMAT = "g2048-solution-1";
    /** The youngest age of a state: two 2-tiles. */
    public static final int FIRST_AGE = 4;
    /** A manifest is a few hundred bytes; anything much larger is not one. */
    static final int MAX_BYTES = 4096;
    static final String CHECKSUM_KEY = "sha256";
    private static final List<String> KEYS = List.of("format", "shape", "forwardComplete", "forwardFinished", "lastAge",
            "backwardComplete");
    private static final Pattern AGE = Pattern.compile("0|[1-9][0-9]{0,6}");
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

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

    /** A manifest as read, and whether it had its checksum line (false: written by an earlier release). */
    public record Read(Manifest manifest, boolean checksummed) {
    }

    /**
     * The manifest of {@code dir}, or null if there is none. A damaged, edited or unchecksummed
     * manifest is a {@link BadFileException} naming it.
     */
    public static Manifest read(Path dir) throws IOException {
        Read r = readAllowingLegacy(dir);
        if (r == null) {
            return null;
        }
        if (!r.checksummed()) {
            throw new BadFileException(dir.resolve(FILE), "no " + CHECKSUM_KEY + " line (written by an earlier release);"
                    + " rerun 'g2048 solve --shape " + r.manifest().shape() + " --out " + dir + "' to check it against the"
                    + " age files and add one");
        }
        return r.manifest();
    }

    /** As {@link #read}, but a manifest without its checksum line is returned as such, for {@link Solver} to check. */
    public static Read readAllowingLegacy(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        RegularFile.check(file, "a solver manifest", MAX_BYTES);
        return parse(file, Files.readAllBytes(file));
    }

    /** Parses the bytes of a manifest file; every fault is a {@link BadFileException} naming {@code file}. */
    static Read parse(Path file, byte[] bytes) throws BadFileException {
        if (bytes.length > MAX_BYTES) {
            throw bad(file, bytes.length + " bytes, more than a manifest's " + MAX_BYTES);
        }
        if (bytes.length == 0 || bytes[bytes.length - 1] != '\n') {
            throw bad(file, "does not end with a line break (truncated?)");
        }
        Map<String, String> values = new LinkedHashMap<>();
        String checksum = null;
        int checksumAt = -1;
        int lineNo = 0;
        for (int start = 0; start < bytes.length; ) {
            int end = start;
            while (bytes[end] != '\n') {
                int b = bytes[end] & 0xff;
                if (b < 0x20 || b > 0x7e) {
                    throw bad(file, "line " + (lineNo + 1) + " holds a control or non-ASCII byte 0x" + Integer.toHexString(b));
                }
                end++;
            }
            lineNo++;
            String line = new String(bytes, start, end - start, StandardCharsets.US_ASCII);
            int lineStart = start;
            start = end + 1;
            if (checksum != null) {
                throw bad(file, "line " + lineNo + " follows the " + CHECKSUM_KEY + " line, which must be the last");
            }
            if (line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw bad(file, "line " + lineNo + " is not key=value");
            }
            String key = line.substring(0, eq);
            String value = line.substring(eq + 1);
            if (key.equals(CHECKSUM_KEY)) {
                checksum = value;
                checksumAt = lineStart;
            } else if (!KEYS.contains(key)) {
                throw bad(file, "unknown key '" + key + "' on line " + lineNo + ", expected " + String.join(", ", KEYS));
            } else if (values.put(key, value) != null) {
                throw bad(file, "key '" + key + "' appears twice (again on line " + lineNo + ")");
            }
        }
        if (checksum != null) {
            if (!HEX.matcher(checksum).matches()) {
                throw bad(file, CHECKSUM_KEY + " '" + checksum + "' is not 64 lowercase hex digits");
            }
            String actual = HexFormat.of().formatHex(ChecksummedFile.sha256(MemorySegment.ofArray(bytes).asSlice(0, checksumAt)));
            if (!actual.equals(checksum)) {
                throw bad(file, "SHA-256 checksum mismatch (the file is damaged or was edited)");
            }
        }
        for (String k : KEYS) {
            if (!values.containsKey(k)) {
                throw bad(file, "no '" + k + "' line");
            }
        }
        if (!FORMAT.equals(values.get("format"))) {
            throw bad(file, "format '" + values.get("format") + "', expected '" + FORMAT + "'");
        }
        Shape shape = shape(file, values.get("shape"));
        int maxAge = maxAge(shape);
        int forward = age(file, "forwardComplete", values.get("forwardComplete"), maxAge);
        boolean finished = bool(file, "forwardFinished", values.get("forwardFinished"));
        int last = age(file, "lastAge", values.get("lastAge"), maxAge);
        int backward = age(file, "backwardComplete", values.get("backwardComplete"), maxAge);
        if (finished ? last != forward || last < FIRST_AGE : last != 0 || backward != 0) {
            throw bad(file, "inconsistent: forwardComplete " + forward + ", forwardFinished " + finished + ", lastAge " + last
                    + ", backwardComplete " + backward + " (lastAge equals forwardComplete once finished, 0 before;"
                    + " no backward pass before)");
        }
        if (backward != 0 && (backward < FIRST_AGE || backward > last)) {
            throw bad(file, "backwardComplete " + backward + " outside " + FIRST_AGE + ".." + last);
        }
        return new Read(new Manifest(shape, forward, finished, last, backward), checksum != null);
    }

    /** A bound on the ages of a shape: every cell holding its largest tile. */
    static int maxAge(Shape shape) {
        return shape.cells() << shape.maxReachableCode();
    }

    private static Shape shape(Path file, String text) throws BadFileException {
        try {
            Shape s = Shape.parse(text);
            if (s.name().equals(text) && s.cells() <= 12) {
                return s;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw bad(file, "shape '" + text + "', expected RxC of at most 12 cells, e.g. 3x3");
    }

    private static int age(Path file, String key, String text, int maxAge) throws BadFileException {
        if (AGE.matcher(text).matches()) {
            int a = Integer.parseInt(text);
            if (a % 2 == 0 && (a == 0 || a >= FIRST_AGE) && a <= maxAge) {
                return a;
            }
        }
        throw bad(file, key + " '" + text + "', expected 0 or an even age " + FIRST_AGE + ".." + maxAge);
    }

    private static boolean bool(Path file, String key, String text) throws BadFileException {
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw bad(file, key + " '" + text + "', expected true or false");
        };
    }

    private static BadFileException bad(Path file, String problem) {
        return new BadFileException(file, problem);
    }

    /** The file's bytes: the fields, then the checksum line over them. */
    byte[] bytes() {
        String text = "# g2048 solution progress (see g2048.solver.Manifest)\n"
                + "format=" + FORMAT + "\n"
                + "shape=" + shape.name() + "\n"
                + "forwardComplete=" + forwardComplete + "\n"
                + "forwardFinished=" + forwardFinished + "\n"
                + "lastAge=" + lastAge + "\n"
                + "backwardComplete=" + backwardComplete + "\n";
        byte[] body = text.getBytes(StandardCharsets.US_ASCII);
        String sum = HexFormat.of().formatHex(ChecksummedFile.sha256(MemorySegment.ofArray(body)));
        return (text + CHECKSUM_KEY + "=" + sum + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    void write(Path dir) throws IOException {
        AtomicFile.write(dir.resolve(FILE), bytes());
    }
}
