package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Arguments whose bytes the JVM could not decode are refused naming their option; what decodes passes. */
class ArgumentBytesTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The JVM's decoding of {@code raw} in UTF-8: bytes that are not valid become U+FFFD. */
    private static String decoded(byte[] raw) {
        return new String(raw, StandardCharsets.UTF_8);
    }

    private static String problem(byte[]... raw) {
        String[] args = new String[raw.length];
        for (int i = 0; i < raw.length; i++) {
            args[i] = decoded(raw[i]);
        }
        return ArgumentBytes.problem(args, List.of(raw), StandardCharsets.UTF_8);
    }

    @Test
    void aLatin1NameIsRefusedNamingItsOption() {
        String p = problem(bytes("bench"), bytes("search"), bytes("--hlog"), bytes("lat\u00e9.hlog"));
        assertEquals("--hlog: 'lat\\xE9.hlog' is not valid UTF-8, in which g2048 names files (the launcher runs Java in"
                + " UTF-8 whatever the locale); rename the file to a name in UTF-8", p);
        assertTrue(problem(bytes("import"), bytes("--out=m\u00ff.g2n")).startsWith("--out: 'm\\xFF.g2n'"));
        assertTrue(problem(bytes("import"), bytes("tdl2048"), bytes("in\u00e9.w")).startsWith("argument 3: "));
    }

    @Test
    void validUtf8PassesEvenWithAReplacementCharacterTyped() {
        assertNull(problem(bytes("play"), "--out".getBytes(StandardCharsets.UTF_8), "caf\u00e9\uFFFD.txt".getBytes(StandardCharsets.UTF_8)));
        assertNull(problem());
        // unknown bytes (not Linux, or a count that does not match): nothing to hold against
        assertNull(ArgumentBytes.problem(new String[] {"x\uFFFD"}, null, StandardCharsets.UTF_8));
    }

    @Test
    void inAnAsciiFileNameCharsetAnyNonAsciiNameIsRefused() {
        String p = ArgumentBytes.problem(new String[] {"--out", "caf??.txt"},
                List.of(bytes("--out"), "caf\u00e9.txt".getBytes(StandardCharsets.UTF_8)), StandardCharsets.US_ASCII);
        assertTrue(p != null && p.startsWith("--out: 'caf\\xC3\\xA9.txt' is not valid US-ASCII"), p);
    }
}
