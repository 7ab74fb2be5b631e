package g2048.server.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Seeded random request heads, most parts well-formed and some not: methods, targets (percent
 * escapes good and bad, characters a URI does not take, absolute URIs, over-long ones), versions,
 * header fields (Host, Content-Length, Transfer-Encoding, Expect, Connection with good and bad
 * values, names with spaces or control characters, obsolete folding, too many, too large), line
 * ends other than CRLF, and heads cut short.
 */
public final class HostileHeads {

    private static final String URI_CHARS = "abcxyz019-._~!$&'()*+,;=:@/?%[]#\"<>\\^`{|} \u0000\u0001\t\u007f\u00c3\u00a9\u00ff";

    private HostileHeads() {
    }

    /** A random head, as bytes. */
    public static byte[] any(Random r) {
        StringBuilder sb = new StringBuilder();
        if (r.nextInt(20) == 0) {
            sb.append(pick(r, "\r\n", "\n", "\r\n\r\n", " ", "\r"));
        }
        String method = r.nextInt(4) != 0 ? pick(r, "GET", "POST", "HEAD")
                : pick(r, "OPTIONS", "DELETE", "get", "BREW", "G(T", "", "GET\u0000", "PO ST", "GÉT");
        String sp = r.nextInt(30) == 0 ? pick(r, "  ", "\t", "", " \u000b") : " ";
        String version = r.nextInt(4) != 0 ? "HTTP/1.1"
                : pick(r, "HTTP/1.0", "HTTP/1.2", "HTTP/2.0", "HTTP/0.9", "http/1.1", "HTTP/1.10", "HTTP/1", "HTTP/1.1 ", "", "HTTP/3.0");
        sb.append(method).append(sp).append(target(r)).append(' ').append(version).append(eol(r));
        List<String> fields = new ArrayList<>();
        if (r.nextInt(10) != 0) {
            fields.add("Host" + colon(r) + hostValue(r));
        }
        int n = r.nextInt(20) == 0 ? 96 + r.nextInt(8) : r.nextInt(5);
        for (int i = 0; i < n; i++) {
            fields.add(field(r));
        }
        if (r.nextInt(20) == 0) {
            fields.add("X-Big: " + "b".repeat(60_000 + r.nextInt(8_000)));
        }
        Collections.shuffle(fields, r);
        for (String f : fields) {
            sb.append(f).append(eol(r));
        }
        sb.append(r.nextInt(30) == 0 ? pick(r, "", "\n", "\r", "\r\r\n") : "\r\n");
        if (r.nextInt(15) == 0) {
            sb.setLength(r.nextInt(sb.length() + 1));
        }
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A random well-formed head: every part drawn from what RFC 9112 allows, in a variety a parser must take. */
    public static byte[] wellFormed(Random r) {
        StringBuilder sb = new StringBuilder(r.nextInt(10) == 0 ? "\r\n" : "");
        String method = pick(r, "GET", "POST", "HEAD", "PUT", "get", "X-Custom!");
        StringBuilder target = new StringBuilder(r.nextInt(10) == 0 ? pick(r, "http://127.0.0.1:8048", "https://h") : "");
        int len = r.nextInt(20);
        target.append('/');
        boolean query = false;
        for (int i = 0; i < len; i++) {
            int k = r.nextInt(12);
            if (k == 0) {
                target.append(String.format("%%%02X", r.nextInt(256)));
            } else if (k == 1 && !query) {
                target.append('?');
                query = true;
            } else {
                String allowed = query ? "abcXYZ09-._~!$&'()*+,;=:@/?[]" : "abcXYZ09-._~!$&'()*+,;=:@/";
                target.append(allowed.charAt(r.nextInt(allowed.length())));
            }
        }
        int minor = r.nextInt(5) == 0 ? 0 : 1;
        sb.append(method).append(' ').append(target).append(" HTTP/1.").append(minor == 0 ? "0" : pick(r, "1", "1", "1", "2", "9")).append("\r\n");
        List<String> fields = new ArrayList<>();
        if (minor == 1 || r.nextBoolean()) {
            fields.add(pick(r, "Host", "host", "HOST") + ":" + pick(r, " ", "", "\t", "  ") + pick(r, "127.0.0.1:8048", "x", "", "[::1]:80"));
        }
        if (r.nextBoolean()) {
            fields.add("Content-Length: " + pick(r, "0", "7", "65536", "00012"));
        } else if (minor == 1 && r.nextInt(4) == 0) {
            fields.add("Transfer-Encoding: " + pick(r, "chunked", "CHUNKED"));
        }
        if (minor == 1 && r.nextInt(4) == 0) {
            fields.add("Expect: " + pick(r, "100-continue", "100-Continue"));
        }
        if (r.nextInt(3) == 0) {
            fields.add("Connection: " + pick(r, "close", "keep-alive", "Keep-Alive, Upgrade", "upgrade", "", "x, CLOSE"));
        }
        int more = r.nextInt(6);
        for (int i = 0; i < more; i++) {
            StringBuilder v = new StringBuilder();
            int n = r.nextInt(15);
            for (int k = 0; k < n; k++) {
                int c = r.nextInt(20);
                v.append(c == 0 ? '\t' : c == 1 ? (char) (0x80 + r.nextInt(0x80)) : (char) (0x20 + r.nextInt(0x5f)));
            }
            fields.add(pick(r, "X-Test", "Accept", "User-Agent", "x_y", "A!#$%&'*+-.^_`|~") + ":" + pick(r, " ", "", "\t") + v + pick(r, "", " ", "\t"));
        }
        Collections.shuffle(fields, r);
        for (String f : fields) {
            sb.append(f).append("\r\n");
        }
        return sb.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A random head {@link ReferenceHead} refuses. */
    public static byte[] malformed(Random r) {
        while (true) {
            byte[] b = any(r);
            if (ReferenceHead.read(b).status() != 0) {
                return b;
            }
        }
    }

    private static String target(Random r) {
        return switch (r.nextInt(8)) {
            case 0, 1, 2 -> pick(r, "/", "/move?board=2,4/0,0&depth=1", "/health", "/viewer.js", "/%6dove", "/a%C3%A9",
                    "/x?y=[1]", "http://127.0.0.1:8048/move?x=1", "HTTPS://h", "/?", "*", "/a//b", "/%c3%28", "http://h?q");
            case 3 -> r.nextInt(3) == 0 ? "/" + "a".repeat(8_170 + r.nextInt(30)) : "ftp://x/" + r.nextInt(10);
            default -> {
                StringBuilder t = new StringBuilder(r.nextInt(6) == 0 ? "" : "/");
                int len = 1 + r.nextInt(24);
                for (int i = 0; i < len; i++) {
                    int k = r.nextInt(10);
                    t.append(k == 0 ? pick(r, "%zz", "%4", "%41", "%", "%C3%A9") : k < 4 ? String.valueOf(URI_CHARS.charAt(r.nextInt(URI_CHARS.length())))
                            : String.valueOf((char) ('a' + r.nextInt(26))));
                }
                yield t.toString();
            }
        };
    }

    private static String field(Random r) {
        if (r.nextInt(40) == 0) {
            return pick(r, " folded", "\tfolded: x", "no colon here", ": empty name");
        }
        String name = r.nextInt(3) == 0 ? pick(r, "Bad Name", "X-A ", "X\u0001", "Cookie", "Accept", "X(y)", "content-length", "HOST", "É")
                : pick(r, "Content-Length", "Transfer-Encoding", "Expect", "Connection", "X-Test", "Host");
        String value = switch (name.toLowerCase()) {
            case "content-length" -> pick(r, "0", "5", "65536", "65537", "abc", "-5", "99999999999999999999", "5, 5", "0005", "", "+3", "0x10");
            case "transfer-encoding" -> pick(r, "chunked", "Chunked", "gzip", "chunked, gzip", "", "identity");
            case "expect" -> pick(r, "100-continue", "100-Continue", "nothing", "");
            case "connection" -> pick(r, "close", "keep-alive", "Keep-Alive, Upgrade", "", "CLOSE", "upgrade");
            case "host" -> hostValue(r);
            default -> randomValue(r);
        };
        return name + colon(r) + value;
    }

    private static String hostValue(Random r) {
        return r.nextInt(8) != 0 ? pick(r, "127.0.0.1:8048", "x", "localhost") : pick(r, "", "[::1]:80", "a b", "h\u0000", "h/x", "h@i");
    }

    private static String randomValue(Random r) {
        StringBuilder v = new StringBuilder();
        int len = r.nextInt(12);
        for (int i = 0; i < len; i++) {
            int k = r.nextInt(30);
            v.append(k == 0 ? (char) r.nextInt(0x20) : k == 1 ? (char) (0x80 + r.nextInt(0x80)) : k == 2 ? '\u007f' : (char) (0x20 + r.nextInt(0x5f)));
        }
        return v.toString();
    }

    private static String colon(Random r) {
        return r.nextInt(12) != 0 ? ": " : pick(r, ":", " : ", ":\t", ":  ", "\t:");
    }

    private static String eol(Random r) {
        return r.nextInt(60) != 0 ? "\r\n" : pick(r, "\n", "\r", "\r\r\n", "\n\r");
    }

    @SafeVarargs
    private static <T> T pick(Random r, T... options) {
        return options[r.nextInt(options.length)];
    }
}
