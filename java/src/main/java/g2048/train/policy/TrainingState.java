package g2048.train.policy;

import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.RegularFile;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * {@code state.properties} of a policy training run: where a resume starts. Read as every other
 * file the engine reads: a regular file of at most {@value #MAX_BYTES} bytes, strict UTF-8, every
 * field present and in range, and a SHA-256 over the fields ({@code state-sha256}) so that an edit
 * or a torn copy is refused instead of trusted. A file without that line (written before it was
 * kept) is still read, its fields checked all the same.
 *
 * @param checkpoint the checkpoint file's name in the run's directory ({@code checkpoint-N.g2pn})
 * @param data       what the run trains on (a resume must name the same)
 * @param epoch      epochs finished
 * @param cursor     positions of the current epoch done
 * @param seconds    training time so far
 * @param sha256     the checkpoint's own SHA-256 (its trailer), in hex
 */
record TrainingState(String checkpoint, String data, int epoch, long cursor, double seconds, String sha256) {

    static final int MAX_BYTES = 64 * 1024;
    private static final Pattern CHECKPOINT = Pattern.compile("checkpoint-[0-9]{12}\\.g2pn");
    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");
    private static final String[] KEYS = {"checkpoint", "data", "epoch", "cursor", "seconds", "latest-sha256"};

    /** Writes the state to {@code file}, whole or not at all. */
    void write(Path file) throws IOException {
        Properties st = new Properties();
        st.setProperty("checkpoint", checkpoint);
        st.setProperty("data", data);
        st.setProperty("epoch", Integer.toString(epoch));
        st.setProperty("cursor", Long.toString(cursor));
        st.setProperty("seconds", Double.toString(seconds));
        st.setProperty("latest-sha256", sha256);
        st.setProperty("state-sha256", digest(st));
        StringWriter sw = new StringWriter();
        st.store(sw, "policy training state; the checkpoint named holds the weights and the optimiser");
        AtomicFile.writeString(file, sw.toString());
    }

    /**
     * Reads {@code file}, refusing it ({@link BadFileException} naming the field) unless it is a
     * state this run could have written: {@code epochs} and {@code trainSize} bound the epoch and cursor.
     */
    static TrainingState read(Path file, int epochs, long trainSize) throws IOException {
        if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new BadFileException(file, "missing: there is no run to resume in " + file.getParent());
        }
        RegularFile.check(file, "a policy training state (state.properties)", MAX_BYTES);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new BadFileException(file, "not UTF-8 text, expected a policy training state");
        }
        Properties st = new Properties();
        try {
            st.load(new StringReader(text));
        } catch (IllegalArgumentException e) {
            throw new BadFileException(file, "not a properties file (" + e.getMessage() + ")");
        }
        for (String key : KEYS) {
            if (st.getProperty(key) == null) {
                throw new BadFileException(file, "has no '" + key + "'");
            }
        }
        String sealed = st.getProperty("state-sha256");
        if (sealed != null) {
            Properties fields = new Properties();
            for (String key : KEYS) {
                fields.setProperty(key, st.getProperty(key));
            }
            if (!sealed.equals(digest(fields))) {
                throw new BadFileException(file, "state-sha256 does not match its fields (the file was edited or is damaged)");
            }
        }
        String checkpoint = st.getProperty("checkpoint");
        if (!CHECKPOINT.matcher(checkpoint).matches()) {
            throw new BadFileException(file, "checkpoint: '" + printable(checkpoint) + "', expected checkpoint-NNNNNNNNNNNN.g2pn");
        }
        int epoch = (int) number(file, st, "epoch", 0, epochs);
        long cursor = number(file, st, "cursor", 0, trainSize);
        double seconds;
        try {
            seconds = Double.parseDouble(st.getProperty("seconds").strip());
        } catch (NumberFormatException e) {
            seconds = Double.NaN;
        }
        if (!(seconds >= 0 && seconds < 1e12)) {
            throw new BadFileException(file, "seconds: '" + printable(st.getProperty("seconds")) + "', expected a number of seconds");
        }
        String sha = st.getProperty("latest-sha256");
        if (!HEX64.matcher(sha).matches()) {
            throw new BadFileException(file, "latest-sha256: expected 64 hexadecimal digits");
        }
        return new TrainingState(checkpoint, st.getProperty("data"), epoch, cursor, seconds, sha);
    }

    private static long number(Path file, Properties st, String key, long min, long max) throws BadFileException {
        String v = st.getProperty(key).strip();
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new BadFileException(file, key + ": '" + printable(v) + "' is not an integer, expected " + min + ".." + max);
        }
        if (n < min || n > max) {
            throw new BadFileException(file, key + ": " + n + " is out of range, expected " + min + ".." + max);
        }
        return n;
    }

    /** A field's text for a message: at most 40 characters, control characters escaped. */
    static String printable(String v) {
        String s = v.length() <= 40 ? v : v.substring(0, 37) + "...";
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(c -> sb.append(Character.isISOControl(c) ? String.format("\\x%02x", c) : Character.toString(c)));
        return sb.toString();
    }

    /** SHA-256 over the fields a resume trusts, in a fixed order. */
    private static String digest(Properties st) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String key : KEYS) {
                md.update((key + "=" + st.getProperty(key) + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
