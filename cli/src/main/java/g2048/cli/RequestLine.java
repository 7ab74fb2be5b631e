package g2048.cli;

import g2048.json.FlatJsonReader;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request of {@code g2048 session}: a flat JSON object on one line ({@link FlatJsonReader}),
 * each member a string, a number, a boolean or null (a null member counts as absent). A malformed
 * line is an {@link IllegalArgumentException} saying where.
 */
final class RequestLine {

    /** The longest line read: a request is a few hundred bytes, a board at most a few dozen cells. */
    static final int MAX_CHARS = 1 << 16;

    private RequestLine() {
    }

    /** The members of {@code line}, in order: String, Double or Boolean values; nulls left out. */
    static Map<String, Object> parse(String line) {
        if (line.length() > MAX_CHARS) {
            throw new IllegalArgumentException("request: longer than " + MAX_CHARS + " characters");
        }
        Map<String, FlatJsonReader.Value> members;
        try {
            members = FlatJsonReader.members(line);
        } catch (FlatJsonReader.Malformed e) {
            throw new IllegalArgumentException(switch (e.problem()) {
                case REPEATED -> e.member() + ": given twice";
                case UNREADABLE_VALUE -> e.member() + ": expected a string, a number, true, false or null";
                case MISSING_VALUE, SYNTAX -> "request: not a flat JSON object: " + e.getMessage();
            }, e);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        members.forEach((name, v) -> out.put(name, switch (v.kind()) {
            case STRING -> v.text();
            case BOOLEAN -> Boolean.valueOf(v.text());
            case NUMBER -> number(name, v.text());
        }));
        return out;
    }

    private static Double number(String name, String text) {
        try {
            return Double.valueOf(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": malformed number " + text);
        }
    }
}
