package g2048.server.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The target of a request line (RFC 9112, section 3.2), read strictly: a path beginning with '/'
 * and an optional query ({@code /move?board=2,2/0,0}), an absolute {@code http://} or
 * {@code https://} URI, or {@code *} for {@code OPTIONS}. Only the characters RFC 3986 allows in a
 * path and a query, with '[' and ']' also in a query, and '%' only before two hex digits.
 *
 * @param path  percent-decoded as UTF-8 (a malformed sequence decodes to U+FFFD)
 * @param query as sent, null when the target has no '?'
 */
record RequestTarget(String path, String query) {

    /** Characters of a path segment besides letters, digits and '%' (unreserved, sub-delims, ':', '@'). */
    private static final String PCHAR = "-._~!$&'()*+,;=:@";

    static RequestTarget parse(String target, String method) {
        if (target.equals("*")) {
            if (!method.equals("OPTIONS")) {
                throw malformed(target, "'*' is the target of OPTIONS only");
            }
            return new RequestTarget("*", null);
        }
        String rest = target;
        int scheme = schemeEnd(target);
        if (scheme > 0) {
            String name = target.substring(0, scheme);
            if (!name.equalsIgnoreCase("http") && !name.equalsIgnoreCase("https")) {
                throw malformed(target, "the scheme of an absolute URI is http or https");
            }
            if (!target.startsWith("//", scheme + 1)) {
                throw malformed(target, "expected '//' after the scheme");
            }
            int start = scheme + 3;
            int end = start;
            while (end < target.length() && target.charAt(end) != '/' && target.charAt(end) != '?') {
                end++;
            }
            check(target, target.substring(start, end), "[]:");
            rest = end == target.length() ? "/" : target.charAt(end) == '?' ? "/" + target.substring(end) : target.substring(end);
        } else if (!target.startsWith("/")) {
            throw malformed(target, "expected a path beginning with '/'");
        }
        int q = rest.indexOf('?');
        String path = q < 0 ? rest : rest.substring(0, q);
        String query = q < 0 ? null : rest.substring(q + 1);
        check(target, path, "/");
        if (query != null) {
            check(target, query, "/?[]");
        }
        return new RequestTarget(decode(path), query);
    }

    /** The length of a leading {@code scheme:} (letter, then letters, digits, '+', '-', '.'), or -1. */
    private static int schemeEnd(String s) {
        if (s.isEmpty() || !letter(s.charAt(0))) {
            return -1;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ':') {
                return i;
            }
            if (!letter(c) && !digit(c) && c != '+' && c != '-' && c != '.') {
                return -1;
            }
        }
        return -1;
    }

    /** Throws unless each character of {@code part} is a pchar, one of {@code extra}, or a well-formed percent escape. */
    private static void check(String target, String part, String extra) {
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (c == '%') {
                if (i + 2 >= part.length() || !hex(part.charAt(i + 1)) || !hex(part.charAt(i + 2))) {
                    throw malformed(target, "a '%' not followed by two hex digits");
                }
                i += 2;
            } else if (!letter(c) && !digit(c) && PCHAR.indexOf(c) < 0 && extra.indexOf(c) < 0) {
                throw malformed(target, (c > 0x20 && c < 0x7f ? "'" + c + "'" : String.format("byte 0x%02x", (int) c))
                        + " is not allowed in a URI");
            }
        }
    }

    private static String decode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream b = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                b.write(Integer.parseInt(s, i + 1, i + 3, 16));
                i += 2;
            } else {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    private static HttpError malformed(String target, String why) {
        return new HttpError(400, "request line: malformed URI " + ClientText.quote(target) + " (" + why + ")");
    }

    private static boolean letter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean hex(char c) {
        return digit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }
}
