package g2048.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Refuses command-line arguments whose bytes the JVM could not decode. It decodes them in the
 * file-name charset ({@code sun.jnu.encoding}, UTF-8 under the launcher), replacing bytes that are
 * not valid in it by U+FFFD: a file name of other bytes (Latin-1, say) would then silently become
 * another name, written to or reported missing. The bytes as given are read back from
 * {@code /proc/self/cmdline}, so that a U+FFFD the user typed is no problem; elsewhere nothing is
 * refused.
 */
final class ArgumentBytes {

    private ArgumentBytes() {
    }

    /** The one-line problem with {@code args} (as the JVM decoded them), or null; read from this process's command line. */
    static String problem(String[] args) {
        return problem(args, raw(args.length), Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"),
                java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * The problem with the first argument of {@code args} whose bytes {@code raw} (the same count,
     * or null when unknown) are not valid in {@code charset}, naming the option it belongs to.
     */
    static String problem(String[] args, List<byte[]> raw, Charset charset) {
        if (raw == null || raw.size() != args.length) {
            return null;
        }
        for (int i = 0; i < args.length; i++) {
            try {
                charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw.get(i)));
            } catch (CharacterCodingException e) {
                byte[] value = raw.get(i);
                String option = i > 0 && args[i - 1].startsWith("-") ? args[i - 1] : "argument " + (i + 1);
                int equals = args[i].indexOf('=');
                if (args[i].startsWith("--") && equals > 0) {
                    option = args[i].substring(0, equals); // --out=VALUE: the option's name is ASCII, one byte a character
                    value = java.util.Arrays.copyOfRange(value, equals + 1, value.length);
                }
                return option + ": " + escaped(value) + " is not valid " + charset.name()
                        + ", in which g2048 names files (the launcher runs Java in UTF-8 whatever the locale);"
                        + " rename the file to a name in UTF-8";
            }
        }
        return null;
    }

    /** The bytes as text, each one outside printable ASCII as {@code \xHH}. */
    static String escaped(byte[] bytes) {
        StringBuilder sb = new StringBuilder("'");
        for (byte b : bytes) {
            int u = b & 0xFF;
            sb.append(u >= 0x20 && u < 0x7F && u != '\\' ? String.valueOf((char) u) : String.format("\\x%02X", u));
        }
        return sb.append('\'').toString();
    }

    /** The last {@code count} arguments of this process as given, or null where the platform does not tell them. */
    private static List<byte[]> raw(int count) {
        byte[] all;
        try {
            all = Files.readAllBytes(Path.of("/proc/self/cmdline"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
        List<byte[]> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == 0) {
                parts.add(java.util.Arrays.copyOfRange(all, start, i));
                start = i + 1;
            }
        }
        return parts.size() < count ? null : parts.subList(parts.size() - count, parts.size());
    }
}
