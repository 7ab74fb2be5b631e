package g2048.server;

import g2048.json.FlatJsonReader;
import g2048.server.http.ClientText;
import g2048.settings.Numbers;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A request's parameters (the query string of a GET, the form or JSON body of a POST), read strictly: an
 * unknown or repeated parameter, a missing one or one out of range is a {@link BadRequest} naming it.
 */
final class Params {

    private final Map<String, String> values;

    private Params(Map<String, String> values) {
        this.values = values;
    }

    /** The members of a POST body that is one flat JSON object, its errors worded as the API's. */
    private static Map<String, FlatJsonReader.Value> jsonMembers(String body) {
        try {
            return FlatJsonReader.members(body);
        } catch (FlatJsonReader.Malformed e) {
            throw BadRequest.of(switch (e.problem()) {
                case REPEATED -> shorten(e.member()) + ": given twice";
                case UNREADABLE_VALUE -> shorten(e.member()) + ": expected a string or a number in the JSON body";
                case MALFORMED_NUMBER -> shorten(e.member()) + ": a malformed JSON number at character " + e.character();
                case MISSING_VALUE -> "body: not a flat JSON object (a value for " + shorten(e.member())
                        + " is missing at character " + e.character() + ")";
                case SYNTAX -> "body: not a flat JSON object (" + e.what() + " at character " + e.character() + ")";
            });
        }
    }

    /**
     * Parses {@code a=1&b=x} (percent-encoded, '+' for space), or a POST body that is one flat JSON
     * object ({@code {"a": 1, "b": "x"}}, see {@link FlatJsonReader}), accepting only the names in {@code allowed}.
     */
    static Params parse(String encoded, Set<String> allowed) {
        Map<String, String> m = new LinkedHashMap<>();
        if (encoded != null && encoded.stripLeading().startsWith("{")) {
            for (Map.Entry<String, FlatJsonReader.Value> e : jsonMembers(encoded).entrySet()) {
                if (!allowed.contains(e.getKey())) {
                    throw BadRequest.of(shorten(e.getKey()) + ": unknown parameter, expected one of " + String.join(", ", allowed));
                }
                if (e.getValue().kind() == FlatJsonReader.Kind.BOOLEAN) {
                    throw BadRequest.of(shorten(e.getKey()) + ": expected a string or a number in the JSON body");
                }
                m.put(e.getKey(), e.getValue().text());
            }
            return new Params(m);
        }
        if (encoded != null && !encoded.isEmpty()) {
            for (String pair : encoded.split("&", -1)) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq), "a parameter name");
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1), name);
                if (!allowed.contains(name)) {
                    throw BadRequest.of(shorten(name) + ": unknown parameter, expected one of " + String.join(", ", allowed));
                }
                if (m.put(name, value) != null) {
                    throw BadRequest.of(name + ": given twice");
                }
            }
        }
        return new Params(m);
    }

    /**
     * Whether a request's parameters ask for no search deeper than depth 1 (no depth above 1, not
     * the heuristic player, which searches deeper): such a request is quick whatever its board.
     * Unparsable parameters count as shallow, as they are refused at once.
     */
    static boolean shallow(String encoded) {
        Params p;
        try {
            p = parse(encoded, Set.of("board", "player", "depth", "downgrade", "seed"));
        } catch (BadRequest e) {
            return true;
        }
        String depth = p.text("depth", "1").strip();
        return (depth.equals("1") || depth.isEmpty()) && !p.text("player", "ntuple").equals("heuristic");
    }

    private static String decode(String s, String what) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw BadRequest.of(what + ": bad percent-encoding");
        }
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    String required(String name) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            throw BadRequest.of(name + ": missing");
        }
        return v;
    }

    String text(String name, String otherwise) {
        String v = values.get(name);
        return v == null ? otherwise : v;
    }

    long longValue(String name, long otherwise) {
        String v = values.get(name);
        if (v == null) {
            return otherwise;
        }
        try {
            return Numbers.parseLong(v);
        } catch (NumberFormatException e) {
            throw BadRequest.of(name + ": '" + shorten(v) + "' is not an integer");
        }
    }

    int intValue(String name, int otherwise, int min, int max) {
        long v = longValue(name, otherwise);
        if (v < min || v > max) {
            throw BadRequest.of(name + ": " + v + " is out of range, expected " + min + ".." + max);
        }
        return (int) v;
    }

    /** At most 40 characters of a client's text, for an error message, control characters escaped. */
    static String shorten(String v) {
        return ClientText.shorten(v);
    }
}
