package g2048.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request of {@code g2048 session}: a flat JSON object on one line, each member a string, a
 * number, a boolean or null (a null member counts as absent). Nested objects and arrays are
 * refused: no request needs them. A malformed line is an {@link IllegalArgumentException} saying
 * where.
 */
final class RequestLine {

    /** The longest line read: a request is a few hundred bytes, a board at most a few dozen cells. */
    static final int MAX_CHARS = 1 << 16;

    private final String text;
    private int at;

    private RequestLine(String text) {
        this.text = text;
    }

    /** The members of {@code line}, in order: String, Double or Boolean values; nulls left out. */
    static Map<String, Object> parse(String line) {
        if (line.length() > MAX_CHARS) {
            throw new IllegalArgumentException("request: longer than " + MAX_CHARS + " characters");
        }
        RequestLine r = new RequestLine(line);
        Map<String, Object> out = new LinkedHashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        r.expect('{');
        r.space();
        if (!r.peek('}')) {
            do {
                r.space();
                String name = r.string();
                r.expect(':');
                Object value = r.value(name);
                if (!seen.add(name)) {
                    throw new IllegalArgumentException(name + ": given twice");
                }
                if (value != null) {
                    out.put(name, value);
                }
                r.space();
            } while (r.peek(','));
            r.expect('}');
        }
        r.space();
        if (r.at != line.length()) {
            throw r.bad("text after the object");
        }
        return out;
    }

    private Object value(String name) {
        space();
        if (at >= text.length()) {
            throw bad("a value for " + name + " is missing");
        }
        char c = text.charAt(at);
        if (c == '"') {
            return string();
        }
        for (String word : new String[] {"null", "true", "false"}) {
            if (text.startsWith(word, at)) {
                at += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word.equals("true"));
            }
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            try {
                return Double.valueOf(text.substring(start, at));
            } catch (NumberFormatException e) {
                throw bad("malformed number for " + name);
            }
        }
        throw bad(name + ": expected a string, a number, true, false or null");
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\') {
                if (at >= text.length()) {
                    break;
                }
                char e = text.charAt(at++);
                switch (e) {
                    case '"', '\\', '/' -> sb.append(e);
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (at + 4 > text.length()) {
                            throw bad("malformed \\u escape");
                        }
                        try {
                            sb.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        } catch (NumberFormatException x) {
                            throw bad("malformed \\u escape");
                        }
                        at += 4;
                    }
                    default -> throw bad("unknown escape \\" + e);
                }
            } else if (c < 0x20) {
                throw bad("control character in a string");
            } else {
                sb.append(c);
            }
        }
        throw bad("unterminated string");
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
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

    private IllegalArgumentException bad(String what) {
        return new IllegalArgumentException("request: not a flat JSON object: " + what + " at character " + (at + 1));
    }
}
