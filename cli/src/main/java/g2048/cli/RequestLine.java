package g2048.cli;

import g2048.json.FlatJsonReader;
import g2048.json.FlatJsonReader.Kind;
import g2048.json.FlatJsonReader.Value;
import g2048.search.SearchConfig;
import g2048.server.http.ClientText;
import java.util.Map;
import java.util.Set;

/**
 * One request of {@code g2048 session}: a flat JSON object on one line ({@link FlatJsonReader}),
 * each member a string, a number, a boolean or null (a null member counts as absent), and its fields
 * read by kind. Every problem is an {@link IllegalArgumentException} naming the field once, and what
 * it got as JSON says it (the string "3", the number 3), the client's text cut short. Integers are
 * read exactly from their digits, never through a double.
 */
final class RequestLine {

    /** The longest line read: a request is a few hundred bytes, a board at most a few dozen cells. */
    static final int MAX_CHARS = 1 << 16;

    /** The request with no fields. */
    static final RequestLine EMPTY = new RequestLine(Map.of());

    private final Map<String, Value> members;

    private RequestLine(Map<String, Value> members) {
        this.members = members;
    }

    /** The request {@code line} holds; null members left out. */
    static RequestLine parse(String line) {
        if (line.length() > MAX_CHARS) {
            throw new IllegalArgumentException("request: longer than " + MAX_CHARS + " characters");
        }
        if (line.isBlank()) {
            throw new IllegalArgumentException("request: a blank line, expected a JSON object such as {\"cmd\":\"quit\"}");
        }
        try {
            return new RequestLine(FlatJsonReader.members(line));
        } catch (FlatJsonReader.Malformed e) {
            String name = e.member() == null ? null : ClientText.shorten(e.member());
            throw new IllegalArgumentException(switch (e.problem()) {
                case REPEATED -> name + ": given twice";
                case UNREADABLE_VALUE -> name + ": expected a string, a number, true, false or null";
                case MALFORMED_NUMBER -> name + ": a malformed JSON number at character " + e.character();
                case MISSING_VALUE, SYNTAX -> "request: not a flat JSON object: " + ClientText.shorten(e.getMessage());
            }, e);
        }
    }

    boolean has(String key) {
        return members.containsKey(key);
    }

    /** The request's {@code cmd}, refused when missing or not a string. */
    String command() {
        if (!has("cmd")) {
            throw new IllegalArgumentException("cmd: missing, expected one of move, apply, new-game, step, set, solve-query, quit");
        }
        return string("cmd");
    }

    /** Refuses any field but {@code cmd} and those {@code allowed}. */
    void only(Set<String> allowed) {
        for (String k : members.keySet()) {
            if (!k.equals("cmd") && !allowed.contains(k)) {
                throw new IllegalArgumentException(ClientText.shorten(k) + ": not a field of this request" + (allowed.isEmpty() ? ""
                        : ", expected " + String.join(", ", allowed.stream().sorted().toList())));
            }
        }
    }

    /** The string {@code key}, null when absent. */
    String string(String key) {
        Value v = members.get(key);
        if (v != null && v.kind() != Kind.STRING) {
            throw new IllegalArgumentException(key + ": expected a string, got " + got(v));
        }
        return v == null ? null : v.text();
    }

    boolean bool(String key, boolean absent) {
        Value v = members.get(key);
        if (v == null) {
            return absent;
        }
        if (v.kind() != Kind.BOOLEAN) {
            throw new IllegalArgumentException(key + ": expected true or false, got " + got(v));
        }
        return v.text().equals("true");
    }

    double number(String key, double absent) {
        Value v = members.get(key);
        if (v == null) {
            return absent;
        }
        if (v.kind() != Kind.NUMBER) {
            throw new IllegalArgumentException(key + ": expected a JSON number, got " + got(v));
        }
        return Double.parseDouble(v.text()); // JSON's grammar, checked by the reader
    }

    int integer(String key, int absent) {
        return (int) integer(key, absent, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** The integer {@code key} in {@code min..max}, exactly as written: 2.0, 1e3 and 2^63 are refused, not rounded. */
    long integer(String key, long absent, long min, long max) {
        Value v = members.get(key);
        if (v == null) {
            return absent;
        }
        if (v.kind() != Kind.NUMBER) {
            throw new IllegalArgumentException(key + ": expected an integer (a JSON number), got " + got(v));
        }
        Long n = v.exactInteger();
        if (n == null || n < min || n > max) {
            throw new IllegalArgumentException(key + ": expected an integer " + min + ".." + max + ", got " + ClientText.shorten(v.text()));
        }
        return n;
    }

    /** The tile-downgrading threshold: {@code "auto"}, 0 (off) or a tile sum; {@code absent} when not given. */
    int downgrade(int absent) {
        Value v = members.get("downgrade");
        if (v == null) {
            return absent;
        }
        Long g = v.exactInteger();
        if (v.kind() == Kind.STRING ? !v.text().equals("auto") : g == null || g < Integer.MIN_VALUE || g > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("downgrade: expected \"auto\", 0 (off) or a tile sum " + SearchConfig.MIN_DOWNGRADE
                    + ".." + SearchConfig.MAX_DOWNGRADE + ", got " + got(v));
        }
        // the one reader of the threshold: auto, and the range of a number
        return SearchConfig.parseDowngrade(v.kind() == Kind.STRING ? v.text() : String.valueOf(g));
    }

    /** A value as JSON wrote it, in words: the string "3", the number 3, true. */
    private static String got(Value v) {
        return switch (v.kind()) {
            case STRING -> "the string \"" + ClientText.shorten(v.text()) + "\"";
            case NUMBER -> "the number " + ClientText.shorten(v.text());
            case BOOLEAN -> v.text();
        };
    }
}
