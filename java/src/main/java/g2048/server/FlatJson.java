package g2048.server;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a request body that is one flat JSON object, e.g. {@code {"board": "2,4/0,0", "depth": 2}}:
 * each member's value a string, a number (kept as its text) or null (left out); nested objects,
 * arrays and booleans are refused. Strict: a malformed body is a {@link BadRequest} saying where.
 */
final class FlatJson {

    private final String text;
    private int at;

    private FlatJson(String text) {
        this.text = text;
    }

    /** The members of the object {@code text}, in order; a name given twice is refused. */
    static Map<String, String> members(String text) {
        FlatJson r = new FlatJson(text);
        Map<String, String> out = new LinkedHashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        r.expect('{');
        if (!r.peek('}')) {
            do {
                String name = r.string();
                r.expect(':');
                String value = r.value(name);
                if (!seen.add(name)) {
                    throw BadRequest.of(Params.shorten(name) + ": given twice");
                }
                if (value != null) {
                    out.put(name, value);
                }
            } while (r.peek(','));
            r.expect('}'); // an empty object's '}' was taken by the peek
        }
        r.space();
        if (r.at != text.length()) {
            throw r.bad("text after the object");
        }
        return out;
    }

    private String value(String name) {
        space();
        if (at >= text.length()) {
            throw bad("a value for " + Params.shorten(name) + " is missing");
        }
        char c = text.charAt(at);
        if (c == '"') {
            return string();
        }
        if (text.startsWith("null", at)) {
            at += 4;
            return null;
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            int start = at;
            while (at < text.length() && "+-.eE0123456789".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            return text.substring(start, at);
        }
        throw BadRequest.of(Params.shorten(name) + ": expected a string or a number in the JSON body");
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw bad("an unterminated string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw bad("a control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (at >= text.length()) {
                throw bad("an unterminated string");
            }
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw bad("a short \\u escape");
                    }
                    try {
                        sb.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException x) {
                        throw bad("a bad \\u escape");
                    }
                    at += 4;
                }
                default -> throw bad("a bad escape \\" + e);
            }
        }
    }

    private boolean peek(char c) {
        space();
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw bad("expected '" + c + "'");
        }
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
    }

    private BadRequest bad(String what) {
        return BadRequest.of("body: not a flat JSON object (" + what + " at character " + at + ")");
    }
}
