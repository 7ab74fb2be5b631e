package g2048.json;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads one flat JSON object, e.g. {@code {"board": "2,4/0,0", "depth": 2, "quiet": true}}: each
 * member's value a string, a number (kept as its text), {@code true}, {@code false} or {@code null}
 * (left out, as if absent). Nested objects and arrays are refused: the requests of the session and
 * the server need none. Strict: a malformed object, or a name given twice, is a {@link Malformed}
 * saying what and where, which each caller words as its own errors.
 */
public final class FlatJsonReader {

    /** A member's value as written: its kind and its text (a string's unescaped, a number's or a boolean's as given). */
    public record Value(Kind kind, String text) {

        /**
         * The number written as an integer (digits only, no fraction or exponent) that a {@code long}
         * holds, exactly; null for any other value, so that 9007199254740993 is never read as a
         * double's 9007199254740992 and 2.5 or 1e3 is never rounded into an integer.
         */
        public Long exactInteger() {
            if (kind != Kind.NUMBER || !INTEGER.matcher(text).matches()) {
                return null;
            }
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                return null; // beyond a long
            }
        }
    }

    /** A JSON number (RFC 8259, section 6), and one written as an integer. */
    private static final Pattern NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");

    /** The kinds of member value an object may hold. */
    public enum Kind {
        STRING,
        NUMBER,
        BOOLEAN
    }

    /** What was wrong with a malformed object. */
    public enum Problem {
        /** The object's syntax: {@link Malformed#what()} says how. */
        SYNTAX,
        /** A member's value is missing. */
        MISSING_VALUE,
        /** A member's value is of no kind this reader takes (an object or an array). */
        UNREADABLE_VALUE,
        /** A member's value is a number outside JSON's grammar (a leading zero, a bare '.', a stray sign). */
        MALFORMED_NUMBER,
        /** A member's name was given twice. */
        REPEATED
    }

    /**
     * A malformed object: {@code problem} ({@code what} in words) at 0-based character {@code at},
     * about the member {@code member}, null for a problem of {@link Problem#SYNTAX syntax}.
     */
    public static final class Malformed extends IllegalArgumentException {
        private final Problem problem;
        private final String what;
        private final int at;
        private final String member;

        Malformed(Problem problem, String what, int at, String member) {
            super((member == null ? "" : member + ": ") + what + " at character " + (at + 1));
            this.problem = problem;
            this.what = what;
            this.at = at;
            this.member = member;
        }

        public Problem problem() {
            return problem;
        }

        public String what() {
            return what;
        }

        /** The 1-based character where it went wrong. */
        public int character() {
            return at + 1;
        }

        /** The member the problem concerns, null for one of syntax. */
        public String member() {
            return member;
        }
    }

    private final String text;
    private int at;

    private FlatJsonReader(String text) {
        this.text = text;
    }

    /** The members of the object {@code text}, in order, nulls left out. */
    public static Map<String, Value> members(String text) {
        FlatJsonReader r = new FlatJsonReader(text);
        Map<String, Value> out = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        r.expect('{');
        if (!r.peek('}')) {
            do {
                r.space();
                String name = r.string();
                r.expect(':');
                Value value = r.value(name);
                if (!seen.add(name)) {
                    throw new Malformed(Problem.REPEATED, "given twice", r.at, name);
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

    private Value value(String name) {
        space();
        if (at >= text.length()) {
            throw new Malformed(Problem.MISSING_VALUE, "a value is missing", at, name);
        }
        char c = text.charAt(at);
        if (c == '"') {
            return new Value(Kind.STRING, string());
        }
        for (String word : new String[] {"null", "true", "false"}) {
            if (text.startsWith(word, at)) {
                at += word.length();
                return word.equals("null") ? null : new Value(Kind.BOOLEAN, word);
            }
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            int start = at;
            while (at < text.length() && "+-.eE0123456789".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            String number = text.substring(start, at);
            if (!NUMBER.matcher(number).matches()) {
                throw new Malformed(Problem.MALFORMED_NUMBER, "a malformed number", start, name);
            }
            return new Value(Kind.NUMBER, number);
        }
        throw new Malformed(Problem.UNREADABLE_VALUE, "expected a string, a number, true, false or null", at, name);
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
                    int u = 0;
                    for (int k = 0; k < 4; k++) {
                        char h = text.charAt(at + k);
                        int digit = h < 0x80 ? Character.digit(h, 16) : -1; // ASCII hex only
                        if (digit < 0) {
                            throw bad("a bad \\u escape");
                        }
                        u = 16 * u + digit;
                    }
                    sb.append((char) u);
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

    private Malformed bad(String what) {
        return new Malformed(Problem.SYNTAX, what, at, null);
    }
}
