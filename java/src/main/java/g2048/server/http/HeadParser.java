package g2048.server.http;

import static g2048.server.http.HttpLimits.MAX_BODY_BYTES;
import static g2048.server.http.HttpLimits.MAX_HEADER_BYTES;
import static g2048.server.http.HttpLimits.MAX_HEADER_FIELDS;
import static g2048.server.http.HttpLimits.MAX_REQUEST_LINE;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a request's head (RFC 9112): the request line, the header fields and the blank line, every
 * line ended by CRLF, within {@link HttpLimits}. Anything malformed, ambiguous or unsupported is an
 * {@link HttpError} naming the part at fault: 400 (syntax, a missing Host in HTTP/1.1, a
 * Content-Length that is not one number, Transfer-Encoding beside Content-Length), 413 (a body over
 * the limit), 414 (a request line over the limit), 431 (header fields over the limit), 417 (an
 * Expect other than 100-continue), 501 (a transfer coding other than chunked), 505 (an HTTP version
 * other than 1.x). Checks run in the order the bytes come, then the fields' meanings in a fixed
 * order: Host, Content-Length, Transfer-Encoding, Expect.
 */
public final class HeadParser {

    private static final String TCHAR = "!#$%&'*+-.^_`|~";

    private HeadParser() {
    }

    /** The next request's head, or null when the stream ends before one begins (one empty line may lead it). */
    public static RequestHead read(InputStream in) throws IOException {
        String line = requestLine(in);
        if (line != null && line.isEmpty()) {
            line = requestLine(in); // RFC 9112, section 2.2: an empty line before a request line is ignored
        }
        if (line == null) {
            return null;
        }
        String[] parts = line.split(" ", -1);
        if (parts.length != 3 || parts[0].isEmpty() || parts[1].isEmpty() || parts[2].isEmpty()) {
            throw new HttpError(400, "request line: " + ClientText.quote(line) + " is not METHOD SP TARGET SP HTTP/1.1");
        }
        String method = parts[0];
        if (!token(method)) {
            throw new HttpError(400, "request line: malformed method " + ClientText.quote(method));
        }
        RequestTarget target = RequestTarget.parse(parts[1], method);
        int minor = version(parts[2]);
        List<HeaderField> fields = fields(in);
        return meaning(method, parts[1], target, minor, fields);
    }

    private static String requestLine(InputStream in) throws IOException {
        return Lines.read(in, MAX_REQUEST_LINE, 414, "request line: longer than " + MAX_REQUEST_LINE + " bytes", "request line");
    }

    /** 0 or 1: the minor version of HTTP/1.x (a later 1.x is read as 1.1, RFC 9110, section 2.5). */
    private static int version(String v) {
        if (v.length() != 8 || !v.startsWith("HTTP/") || !digit(v.charAt(5)) || v.charAt(6) != '.' || !digit(v.charAt(7))) {
            throw new HttpError(400, "request line: malformed HTTP version " + ClientText.quote(v) + ", expected HTTP/1.1");
        }
        if (v.charAt(5) != '1') {
            throw new HttpError(505, "request line: HTTP version " + ClientText.quote(v) + " is not supported, expected HTTP/1.1 or HTTP/1.0");
        }
        return v.charAt(7) == '0' ? 0 : 1;
    }

    private static List<HeaderField> fields(InputStream in) throws IOException {
        List<HeaderField> fields = new ArrayList<>();
        int used = 0;
        while (true) {
            String line = Lines.read(in, MAX_HEADER_BYTES - used, 431,
                    "header fields: more than " + MAX_HEADER_BYTES + " bytes", "request head");
            if (line == null) {
                throw new HttpError(400, "request head: incomplete (the connection ended before the blank line that ends it)");
            }
            used += line.length() + 2;
            if (line.isEmpty()) {
                return fields;
            }
            if (fields.size() == MAX_HEADER_FIELDS) {
                throw new HttpError(431, "header fields: more than " + MAX_HEADER_FIELDS);
            }
            fields.add(field(line));
        }
    }

    private static HeaderField field(String line) {
        if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
            throw new HttpError(400, "header: a line beginning with white space (obsolete line folding is not accepted)");
        }
        int colon = line.indexOf(':');
        if (colon < 0) {
            throw new HttpError(400, "header: " + ClientText.quote(line) + " is not NAME: VALUE");
        }
        String name = line.substring(0, colon);
        if (!token(name)) {
            boolean spaced = !name.isEmpty() && ows(name.charAt(name.length() - 1));
            throw new HttpError(400, "header: malformed name " + ClientText.quote(name)
                    + (spaced ? " (white space before the colon)" : " (expected a token)"));
        }
        int start = colon + 1;
        int end = line.length();
        while (start < end && ows(line.charAt(start))) {
            start++;
        }
        while (end > start && ows(line.charAt(end - 1))) {
            end--;
        }
        for (int i = start; i < end; i++) {
            char c = line.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7f) {
                throw new HttpError(400, "header " + ClientText.shorten(name) + ": a control character in its value ("
                        + String.format("0x%02x", (int) c) + ")");
            }
        }
        return new HeaderField(name, line.substring(start, end));
    }

    private static RequestHead meaning(String method, String target, RequestTarget t, int minor, List<HeaderField> fields) {
        List<String> host = values(fields, "host");
        if (host.isEmpty() && minor == 1) {
            throw new HttpError(400, "header Host: missing (an HTTP/1.1 request names its host)");
        }
        if (host.size() > 1) {
            throw new HttpError(400, "header Host: given " + host.size() + " times");
        }
        if (host.size() == 1 && !hostValue(host.get(0))) {
            throw new HttpError(400, "header Host: malformed " + ClientText.quote(host.get(0)));
        }
        List<String> length = values(fields, "content-length");
        if (length.size() > 1) {
            throw new HttpError(400, "header Content-Length: given " + length.size() + " times");
        }
        long contentLength = 0;
        if (length.size() == 1) {
            String v = length.get(0);
            if (v.isEmpty() || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw new HttpError(400, "header Content-Length: " + ClientText.quote(v) + " is not a number of bytes");
            }
            String digits = v.replaceFirst("^0+(?=.)", "");
            if (digits.length() > 9 || Long.parseLong(digits) > MAX_BODY_BYTES) {
                throw new HttpError(413, "body: larger than " + MAX_BODY_BYTES + " bytes");
            }
            contentLength = Long.parseLong(digits);
        }
        List<String> coding = values(fields, "transfer-encoding");
        if (!coding.isEmpty()) {
            if (!length.isEmpty()) {
                throw new HttpError(400, "header Transfer-Encoding: sent with Content-Length (a request has one or the other)");
            }
            if (minor == 0) {
                throw new HttpError(400, "header Transfer-Encoding: not in an HTTP/1.0 request");
            }
            if (coding.size() > 1 || !coding.get(0).equalsIgnoreCase("chunked")) {
                throw new HttpError(501, "header Transfer-Encoding: " + ClientText.quote(String.join(", ", coding))
                        + " is not supported, expected chunked");
            }
        }
        List<String> expect = values(fields, "expect");
        if (minor == 1 && !expect.isEmpty() && (expect.size() > 1 || !expect.get(0).equalsIgnoreCase("100-continue"))) {
            throw new HttpError(417, "header Expect: " + ClientText.quote(String.join(", ", expect))
                    + " is not supported, expected 100-continue");
        }
        List<String> options = new ArrayList<>();
        for (String v : values(fields, "connection")) {
            for (String o : v.split(",")) {
                options.add(o.strip().toLowerCase(Locale.ROOT));
            }
        }
        boolean keepAlive = !options.contains("close") && (minor == 1 || options.contains("keep-alive"));
        return new RequestHead(method, target, t.path(), t.query(), minor, fields, contentLength, !coding.isEmpty(),
                keepAlive, minor == 1 && !expect.isEmpty());
    }

    private static List<String> values(List<HeaderField> fields, String name) {
        List<String> out = new ArrayList<>(1);
        for (HeaderField f : fields) {
            if (f.name().equalsIgnoreCase(name)) {
                out.add(f.value());
            }
        }
        return out;
    }

    /** A Host value: a host name, an IPv4 address or a bracketed IP literal, optionally ':' and a port (RFC 3986 characters). */
    private static boolean hostValue(String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (!(letter(c) || digit(c) || "-._~!$&'()*+,;=:[]%".indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }

    private static boolean token(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!letter(c) && !digit(c) && TCHAR.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean ows(char c) {
        return c == ' ' || c == '\t';
    }

    private static boolean letter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }
}
