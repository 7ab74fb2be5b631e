package g2048.json;

import java.util.Locale;

/**
 * A small JSON writer: objects, arrays, numbers (NaN and infinities as {@code null}), strings and
 * {@code null}, keys written as given. Numbers are written in the one {@link Numbers} style of the
 * commands' output and the server's answers alike: six decimals.
 */
public final class JsonWriter {

    /** How a number that is not a whole number is written. */
    public enum Numbers {
        /** Six decimals without trailing zeros (tiny and huge values in full): for reports a person reads. */
        SIX_DECIMALS
    }

    private final StringBuilder sb = new StringBuilder(256);
    private final Numbers numbers;
    private boolean first = true;

    public JsonWriter(Numbers numbers) {
        this.numbers = numbers;
    }

    /** Opens an object: the document's, or an element of the array open now. */
    public JsonWriter begin() {
        comma();
        return open('{');
    }

    /** Opens the object field {@code key}. */
    public JsonWriter object(String key) {
        key(key);
        return open('{');
    }

    public JsonWriter end() {
        return close('}');
    }

    /** Opens the array field {@code key}. */
    public JsonWriter beginArray(String key) {
        key(key);
        return open('[');
    }

    public JsonWriter endArray() {
        return close(']');
    }

    private JsonWriter open(char bracket) {
        sb.append(bracket);
        first = true;
        return this;
    }

    private JsonWriter close(char bracket) {
        sb.append(bracket);
        first = false;
        return this;
    }

    public JsonWriter field(String key, long value) {
        return key(key).raw(Long.toString(value));
    }

    public JsonWriter field(String key, double value) {
        key(key).number(value);
        return this;
    }

    public JsonWriter field(String key, boolean value) {
        return key(key).raw(Boolean.toString(value));
    }

    /** A string field; null writes {@code null}. */
    public JsonWriter field(String key, String value) {
        key(key);
        if (value == null) {
            sb.append("null");
        } else {
            string(value);
        }
        return this;
    }

    public JsonWriter nullField(String key) {
        key(key);
        sb.append("null");
        return this;
    }

    /** A number inside an array. */
    public JsonWriter value(double v) {
        comma();
        number(v);
        return this;
    }

    /** A string inside an array. */
    public JsonWriter value(String v) {
        comma();
        string(v);
        return this;
    }

    private JsonWriter key(String key) {
        comma();
        string(key);
        sb.append(':');
        return this;
    }

    private JsonWriter raw(String text) {
        sb.append(text);
        return this;
    }

    private void comma() {
        if (!first) {
            sb.append(',');
        }
        first = false;
    }

    private void string(String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    // the line separators too: JavaScript before ES2019 reads them as line ends inside a string
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    private void number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            sb.append("null");
        } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            sb.append((long) v);
        } else if (numbers == Numbers.SIX_DECIMALS && Math.abs(v) >= 1e-3 && Math.abs(v) < 1e15) {
            String s = String.format(Locale.ROOT, "%.6f", v);
            sb.append(s.replaceAll("0+$", "").replaceAll("\\.$", ""));
        } else {
            sb.append(v);
        }
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
