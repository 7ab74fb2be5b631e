package g2048.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict JSON reader for the server's tests: objects become {@code Map}s, arrays {@code List}s,
 * numbers {@code Double}s (read by {@link Double#parseDouble}). Malformed text or trailing text throws.
 */
final class TestJson {

    /**
     * {@code v} as an answer writes it and this reader reads it back (six decimals; NaN as null):
     * what an answer's number must equal exactly.
     */
    static Double written(double v) {
        return (Double) object(g2048.answers.JsonConventions.writer().begin().field("v", v).end().toString()).get("v");
    }

    private final String s;
    private int i;

    private TestJson(String s) {
        this.s = s;
    }

    static Map<String, Object> object(String text) {
        TestJson p = new TestJson(text.strip());
        Object v = p.value();
        if (p.i != p.s.length()) {
            throw new IllegalArgumentException("trailing text at " + p.i + ": " + text);
        }
        if (!(v instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("not an object: " + text);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) v;
        return m;
    }

    private Object value() {
        skip();
        char c = peek();
        return switch (c) {
            case '{' -> obj();
            case '[' -> arr();
            case '"' -> str();
            case 't' -> word("true", Boolean.TRUE);
            case 'f' -> word("false", Boolean.FALSE);
            case 'n' -> word("null", null);
            default -> num();
        };
    }

    private Map<String, Object> obj() {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        skip();
        if (peek() == '}') {
            i++;
            return m;
        }
        while (true) {
            skip();
            String k = str();
            skip();
            expect(':');
            if (m.containsKey(k)) {
                throw new IllegalArgumentException("key " + k + " twice");
            }
            m.put(k, value());
            skip();
            if (peek() == ',') {
                i++;
            } else {
                expect('}');
                return m;
            }
        }
    }

    private List<Object> arr() {
        List<Object> l = new ArrayList<>();
        i++;
        skip();
        if (peek() == ']') {
            i++;
            return l;
        }
        while (true) {
            l.add(value());
            skip();
            if (peek() == ',') {
                i++;
            } else {
                expect(']');
                return l;
            }
        }
    }

    private String str() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = s.charAt(i++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw new IllegalArgumentException("control character in a string at " + i);
            }
            if (c == '\\') {
                char e = s.charAt(i++);
                switch (e) {
                    case '"', '\\', '/' -> sb.append(e);
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> throw new IllegalArgumentException("bad escape at " + i);
                }
            } else {
                sb.append(c);
            }
        }
    }

    private Double num() {
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        if (start == i) {
            throw new IllegalArgumentException("unexpected '" + peek() + "' at " + i);
        }
        return Double.parseDouble(s.substring(start, i));
    }

    private Object word(String w, Object v) {
        if (!s.startsWith(w, i)) {
            throw new IllegalArgumentException("bad literal at " + i);
        }
        i += w.length();
        return v;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw new IllegalArgumentException("expected '" + c + "' at " + i + ", got '" + peek() + "'");
        }
        i++;
    }

    private char peek() {
        if (i >= s.length()) {
            throw new IllegalArgumentException("unexpected end");
        }
        return s.charAt(i);
    }

    private void skip() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }
}
