package g2048.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.json.FlatJsonReader.Kind;
import g2048.json.FlatJsonReader.Malformed;
import g2048.json.FlatJsonReader.Problem;
import g2048.json.FlatJsonReader.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FlatJsonReaderTest {

    /** Random flat objects, written with random spacing and escapes, read back to their members. */
    @Test
    void readsWhatAReferenceWriterWrote() {
        SplittableRandom r = new SplittableRandom(20261127);
        for (int trial = 0; trial < 2000; trial++) {
            Map<String, Value> expected = new LinkedHashMap<>();
            StringBuilder json = new StringBuilder(space(r)).append('{');
            int n = r.nextInt(6);
            for (int i = 0; i < n; i++) {
                String name = "m" + i + randomText(r, 3);
                json.append(i == 0 ? "" : ",").append(space(r)).append(quote(name, r)).append(space(r)).append(':')
                        .append(space(r));
                switch (r.nextInt(5)) {
                    case 0 -> {
                        String s = randomText(r, 12);
                        json.append(quote(s, r));
                        expected.put(name, new Value(Kind.STRING, s));
                    }
                    case 1 -> {
                        String num = r.nextBoolean() ? Long.toString(r.nextLong(-1_000_000, 1_000_000))
                                : Double.toString(r.nextDouble(-1e6, 1e6));
                        json.append(num);
                        expected.put(name, new Value(Kind.NUMBER, num));
                    }
                    case 2 -> {
                        String b = r.nextBoolean() ? "true" : "false";
                        json.append(b);
                        expected.put(name, new Value(Kind.BOOLEAN, b));
                    }
                    default -> json.append("null"); // absent
                }
                json.append(space(r));
            }
            json.append(space(r)).append('}');
            String complete = json.toString();
            String text = complete + space(r);
            Map<String, Value> got = FlatJsonReader.members(text);
            assertEquals(expected, got, text);
            assertEquals(new ArrayList<>(expected.keySet()), new ArrayList<>(got.keySet()), "order of " + text);
            // every proper prefix that stops before the closing brace is refused, with a position inside the text
            int cut = r.nextInt(complete.length() - 1);
            String prefix = complete.substring(0, cut + 1);
            if (!prefix.endsWith("}")) {
                Malformed m = assertThrows(Malformed.class, () -> FlatJsonReader.members(prefix), prefix);
                assertTrue(m.character() >= 1 && m.character() <= prefix.length() + 1, m.getMessage());
            }
        }
    }

    @Test
    void refusesWhatIsNotAFlatObject() {
        List<Object[]> cases = List.of(
                new Object[] {"", Problem.SYNTAX, null},
                new Object[] {"[1]", Problem.SYNTAX, null},
                new Object[] {"{\"a\": 1} x", Problem.SYNTAX, null},
                new Object[] {"{\"a\" 1}", Problem.SYNTAX, null},
                new Object[] {"{\"a\": 1,}", Problem.SYNTAX, null},
                new Object[] {"{a: 1}", Problem.SYNTAX, null},
                new Object[] {"{\"a\": \"x\ty\"}", Problem.SYNTAX, null},
                new Object[] {"{\"a\": \"\\q\"}", Problem.SYNTAX, null},
                new Object[] {"{\"a\": \"\\u12\"}", Problem.SYNTAX, null},
                new Object[] {"{\"a\": \"\\u+123\"}", Problem.SYNTAX, null},
                new Object[] {"{\"a\": \"\\u-123\"}", Problem.SYNTAX, null},
                new Object[] {"{\"a\": \"\\u\u0663\u0663\u0663\u0663\"}", Problem.SYNTAX, null},
                new Object[] {"{\"a\": \"open}", Problem.SYNTAX, null},
                new Object[] {"{\"depth\": [1]}", Problem.UNREADABLE_VALUE, "depth"},
                new Object[] {"{\"o\": {\"p\": 1}}", Problem.UNREADABLE_VALUE, "o"},
                new Object[] {"{\"o\": nul}", Problem.UNREADABLE_VALUE, "o"},
                new Object[] {"{\"o\":", Problem.MISSING_VALUE, "o"},
                new Object[] {"{\"b\": 1, \"b\": null}", Problem.REPEATED, "b"});
        for (Object[] c : cases) {
            String text = (String) c[0];
            Malformed m = assertThrows(Malformed.class, () -> FlatJsonReader.members(text), text);
            assertEquals(c[1], m.problem(), text + ": " + m.getMessage());
            assertEquals(c[2], m.member(), text);
            assertTrue(m.getMessage().contains("at character " + m.character()), m.getMessage());
        }
    }

    /**
     * Numbers: JSON's grammar only, and an integer read exactly from its digits, cross-checked with
     * BigDecimal on random texts built of number characters (a double holds no integer past 2^53 exactly).
     */
    @Test
    void numbersFollowJsonsGrammarAndIntegersAreExact() {
        for (String bad : List.of("01", "-01", "1.", "-", "1e", "1e+", "--1", "1-2", "1.2.3", "00", "1E5e3", "-.5")) {
            Malformed e = assertThrows(Malformed.class, () -> FlatJsonReader.members("{\"n\": " + bad + "}"), bad);
            assertEquals(Problem.MALFORMED_NUMBER, e.problem(), bad);
            assertEquals("n", e.member());
        }
        SplittableRandom r = new SplittableRandom(54);
        java.util.regex.Pattern json = java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
        int integers = 0;
        for (int trial = 0; trial < 20_000; trial++) {
            StringBuilder t = new StringBuilder(r.nextInt(4) == 0 ? "-" : "");
            int n = 1 + r.nextInt(r.nextBoolean() ? 4 : 22);
            for (int i = 0; i < n; i++) {
                t.append("0123456789012345678901234567890123456789.eE+-".charAt(r.nextInt(r.nextInt(8) == 0 ? 45 : 40)));
            }
            String text = t.toString();
            Map<String, Value> m;
            try {
                m = FlatJsonReader.members("{\"n\":" + text + "}");
            } catch (Malformed e) {
                // a value that does not begin as a number does ('.5', '+1') is no number at all
                boolean begins = text.charAt(0) == '-' || Character.isDigit(text.charAt(0));
                assertTrue(!json.matcher(text).matches()
                        && e.problem() == (begins ? Problem.MALFORMED_NUMBER : Problem.UNREADABLE_VALUE), text + " " + e.problem());
                continue;
            }
            assertTrue(json.matcher(text).matches(), text);
            Long exact = m.get("n").exactInteger();
            boolean writtenAsInteger = !text.contains(".") && !text.contains("e") && !text.contains("E");
            java.math.BigInteger d = writtenAsInteger ? new java.math.BigInteger(text) : null;
            boolean fits = d != null && d.bitLength() < 64;
            assertEquals(fits ? (Long) d.longValueExact() : null, exact, text);
            integers += exact != null ? 1 : 0;
        }
        assertTrue(integers > 1000, "integers read: " + integers);
        assertEquals(9007199254740993L, FlatJsonReader.members("{\"n\": 9007199254740993}").get("n").exactInteger());
        assertEquals(null, FlatJsonReader.members("{\"n\": \"5\"}").get("n").exactInteger());
    }

    @Test
    void unescapesEveryEscape() {
        Map<String, Value> m = FlatJsonReader.members("{\"s\": \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u20AC\"}");
        assertEquals("\"\\/\b\f\n\r\t\u00e9\u20ac", m.get("s").text());
        assertEquals(Map.of(), FlatJsonReader.members(" { } "));
    }

    private static String space(SplittableRandom r) {
        return " \t\r\n".substring(0, r.nextInt(3)).repeat(r.nextInt(2));
    }

    /** Printable ASCII, quotes, backslashes, control characters and letters beyond ASCII. */
    private static String randomText(SplittableRandom r, int max) {
        String alphabet = "ab,/ \"\\\n\t\u0001é€\u263a";
        StringBuilder sb = new StringBuilder();
        for (int i = r.nextInt(max + 1); i > 0; i--) {
            sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    /** A JSON string of {@code s}, each character escaped in one of the ways JSON allows at random. */
    private static String quote(String s, SplittableRandom r) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            boolean mustEscape = c == '"' || c == '\\' || c < 0x20;
            if (mustEscape || r.nextInt(4) == 0) {
                String shortForm = switch (c) {
                    case '"' -> "\\\"";
                    case '\\' -> "\\\\";
                    case '/' -> "\\/";
                    case '\n' -> "\\n";
                    case '\t' -> "\\t";
                    default -> null;
                };
                sb.append(shortForm != null && r.nextBoolean() ? shortForm
                        : String.format(r.nextBoolean() ? "\\u%04x" : "\\u%04X", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
