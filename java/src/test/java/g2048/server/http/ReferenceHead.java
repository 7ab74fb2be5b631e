package g2048.server.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A slow, obviously correct reading of a whole request head, for checking {@link HeadParser}: the
 * bytes split at each LF first, the grammar of RFC 9112 and RFC 3986 as regular expressions, the
 * fields' meanings checked one rule after another. Its outcome: null (no request), an error (status
 * and the fixed part of the message, up to its first '"' or '('), or the head and its length in bytes.
 */
public final class ReferenceHead {

    /** What reading a head gives: exactly one of {@code head} (with its length in bytes) and {@code status} (with {@code subject}). */
    public record Outcome(RequestHead head, int length, int status, String subject) {
        static Outcome error(int status, String subject) {
            return new Outcome(null, -1, status, subject);
        }

        public boolean none() {
            return head == null && status == 0;
        }
    }

    private static final String TCHAR = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]";
    private static final Pattern TOKEN = Pattern.compile(TCHAR + "+");
    private static final String PCT = "%[0-9A-Fa-f]{2}";
    /** Runs of allowed characters between percent escapes (a run per repetition keeps the regex engine's recursion shallow). */
    private static final String PCHARS = "A-Za-z0-9\\-._~!$&'()*+,;=:@";
    private static final String PATH = "/(?:[" + PCHARS + "/]++|" + PCT + ")*+";
    private static final String QUERY = "(?:[" + PCHARS + "/?\\[\\]]++|" + PCT + ")*+";
    private static final String AUTHORITY = "(?:[" + PCHARS + "\\[\\]]++|" + PCT + ")*+";
    private static final Pattern ORIGIN = Pattern.compile("(" + PATH + ")(?:\\?(" + QUERY + "))?");
    private static final Pattern ABSOLUTE = Pattern.compile("(?i:https?)://" + AUTHORITY + "(" + PATH + ")?(?:\\?(" + QUERY + "))?");
    private static final Pattern VERSION = Pattern.compile("HTTP/[0-9]\\.[0-9]");
    private static final Pattern VALUE = Pattern.compile("[\\t\\x20-\\x7e\\x80-\\xff]*");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9\\-._~!$&'()*+,;=:\\[\\]%]*");

    private ReferenceHead() {
    }

    public static Outcome read(byte[] bytes) {
        String s = new String(bytes, StandardCharsets.ISO_8859_1);
        List<String> lines = new ArrayList<>(); // each with its LF, the last maybe without
        for (int i = 0; i < s.length(); ) {
            int lf = s.indexOf('\n', i);
            int end = lf < 0 ? s.length() : lf + 1;
            lines.add(s.substring(i, end));
            i = end;
        }
        int next = 0;
        int length = 0;
        if (!lines.isEmpty() && lines.get(0).equals("\r\n")) {
            next = 1;
            length = 2;
        }
        if (next == lines.size()) {
            return new Outcome(null, -1, 0, null);
        }
        String first = lines.get(next++);
        length += first.length();
        Outcome bad = badLine(first, 8192, 414, "request line: longer than 8192 bytes", "request line");
        if (bad != null) {
            return bad;
        }
        String line = first.substring(0, first.length() - 2);
        String[] parts = line.split(" ", -1);
        if (parts.length != 3 || parts[0].isEmpty() || parts[1].isEmpty() || parts[2].isEmpty()) {
            return Outcome.error(400, "request line: ");
        }
        if (!TOKEN.matcher(parts[0]).matches()) {
            return Outcome.error(400, "request line: malformed method ");
        }
        String path;
        String query;
        var origin = ORIGIN.matcher(parts[1]);
        var absolute = ABSOLUTE.matcher(parts[1]);
        if (parts[1].equals("*") && parts[0].equals("OPTIONS")) {
            path = "*";
            query = null;
        } else if (origin.matches()) {
            path = decode(origin.group(1));
            query = origin.group(2);
        } else if (absolute.matches()) {
            path = absolute.group(1) == null ? "/" : decode(absolute.group(1));
            query = absolute.group(2);
        } else {
            return Outcome.error(400, "request line: malformed URI ");
        }
        if (!VERSION.matcher(parts[2]).matches()) {
            return Outcome.error(400, "request line: malformed HTTP version ");
        }
        if (parts[2].charAt(5) != '1') {
            return Outcome.error(505, "request line: HTTP version ");
        }
        int minor = parts[2].charAt(7) == '0' ? 0 : 1;
        List<HeaderField> fields = new ArrayList<>();
        int used = 0;
        while (true) {
            if (next == lines.size()) {
                return Outcome.error(400, "request head: incomplete ");
            }
            String l = lines.get(next++);
            bad = badLine(l, 65536 - used, 431, "header fields: more than 65536 bytes", "request head");
            if (bad != null) {
                return bad;
            }
            used += l.length();
            length += l.length();
            String f = l.substring(0, l.length() - 2);
            if (f.isEmpty()) {
                break;
            }
            if (fields.size() == 100) {
                return Outcome.error(431, "header fields: more than 100");
            }
            if (f.startsWith(" ") || f.startsWith("\t")) {
                return Outcome.error(400, "header: a line beginning with white space ");
            }
            int colon = f.indexOf(':');
            if (colon < 0) {
                return Outcome.error(400, "header: ");
            }
            String name = f.substring(0, colon);
            if (!TOKEN.matcher(name).matches()) {
                return Outcome.error(400, "header: malformed name ");
            }
            String value = f.substring(colon + 1).replaceAll("^[ \\t]+", "").replaceAll("[ \\t]+$", "");
            if (!VALUE.matcher(value).matches()) {
                return Outcome.error(400, "header " + name + ": a control character in its value ");
            }
            fields.add(new HeaderField(name, value));
        }
        List<String> host = all(fields, "Host");
        if (minor == 1 && host.isEmpty()) {
            return Outcome.error(400, "header Host: missing ");
        }
        if (host.size() > 1) {
            return Outcome.error(400, "header Host: given " + host.size() + " times");
        }
        if (host.size() == 1 && !HOST.matcher(host.get(0)).matches()) {
            return Outcome.error(400, "header Host: malformed ");
        }
        List<String> cl = all(fields, "Content-Length");
        long contentLength = 0;
        if (cl.size() > 1) {
            return Outcome.error(400, "header Content-Length: given " + cl.size() + " times");
        }
        if (cl.size() == 1) {
            if (!cl.get(0).matches("[0-9]+")) {
                return Outcome.error(400, "header Content-Length: ");
            }
            if (new java.math.BigInteger(cl.get(0)).compareTo(java.math.BigInteger.valueOf(65536)) > 0) {
                return Outcome.error(413, "body: larger than 65536 bytes");
            }
            contentLength = Long.parseLong(cl.get(0));
        }
        List<String> te = all(fields, "Transfer-Encoding");
        if (!te.isEmpty() && !cl.isEmpty()) {
            return Outcome.error(400, "header Transfer-Encoding: sent with Content-Length ");
        }
        if (!te.isEmpty() && minor == 0) {
            return Outcome.error(400, "header Transfer-Encoding: not in an HTTP/1.0 request");
        }
        if (!te.isEmpty() && !(te.size() == 1 && te.get(0).toLowerCase(Locale.ROOT).equals("chunked"))) {
            return Outcome.error(501, "header Transfer-Encoding: ");
        }
        List<String> expect = all(fields, "Expect");
        if (minor == 1 && !expect.isEmpty() && !(expect.size() == 1 && expect.get(0).toLowerCase(Locale.ROOT).equals("100-continue"))) {
            return Outcome.error(417, "header Expect: ");
        }
        boolean close = false;
        boolean keep = false;
        for (String v : all(fields, "Connection")) {
            for (String o : v.split(",")) {
                close |= o.strip().equalsIgnoreCase("close");
                keep |= o.strip().equalsIgnoreCase("keep-alive");
            }
        }
        boolean keepAlive = !close && (minor == 1 || keep);
        return new Outcome(new RequestHead(parts[0], parts[1], path, query, minor, fields, contentLength, !te.isEmpty(),
                keepAlive, minor == 1 && !expect.isEmpty()), length, 0, null);
    }

    /** The error of a line (with its terminator) over its limit, not ended by CRLF, or holding a bare CR; null if none. */
    private static Outcome badLine(String line, int limit, int status, String tooLong, String what) {
        if (line.length() > limit) {
            return Outcome.error(status, tooLong);
        }
        if (!line.endsWith("\n")) {
            return Outcome.error(400, what + ": incomplete ");
        }
        if (!line.endsWith("\r\n")) {
            return Outcome.error(400, what + ": a line ends in a bare LF, expected CRLF");
        }
        if (line.substring(0, line.length() - 2).contains("\r")) {
            return Outcome.error(400, what + ": a bare CR inside a line");
        }
        return null;
    }

    private static List<String> all(List<HeaderField> fields, String name) {
        return fields.stream().filter(f -> f.name().equalsIgnoreCase(name)).map(HeaderField::value).toList();
    }

    /** The path percent-decoded as java.net.URI decodes it (UTF-8, a malformed sequence as U+FFFD). */
    private static String decode(String rawPath) {
        try {
            return new URI("http://h" + rawPath).getPath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(rawPath, e);
        }
    }

    /** The fixed part of a message: up to its first '"' or '(' (what follows quotes the client or explains). */
    public static String subject(String message) {
        int q = message.indexOf('"');
        int p = message.indexOf('(');
        int end = Math.min(q < 0 ? message.length() : q, p < 0 ? message.length() : p);
        return message.substring(0, end);
    }
}
