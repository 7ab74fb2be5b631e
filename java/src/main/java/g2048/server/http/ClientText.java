package g2048.server.http;

import java.nio.charset.StandardCharsets;

/** A client's text quoted in an error message: cut to 40 characters, control characters escaped. */
public final class ClientText {

    private static final int MAX = 40;

    private ClientText() {
    }

    /**
     * At most 40 characters of {@code v} (the first 37 and "..."), each control character (C0, DEL,
     * C1: a terminal would act on them) written as {@code \xNN}.
     */
    public static String shorten(String v) {
        return escape(v.length() <= MAX ? v : v.substring(0, MAX - 3) + "...");
    }

    /**
     * {@code s} with each control character (C0, DEL, C1) written as {@code \xNN}: text from a client
     * or a file, quoted in a message, cannot move a terminal's cursor or change its colours.
     */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x7f && c < 0xa0) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** {@link #shorten} of raw request bytes (held as ISO-8859-1 text) decoded as UTF-8, in double quotes. */
    static String quote(String latin1) {
        byte[] b = latin1.getBytes(StandardCharsets.ISO_8859_1);
        return "\"" + shorten(new String(b, StandardCharsets.UTF_8)) + "\"";
    }
}
