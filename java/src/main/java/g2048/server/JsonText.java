package g2048.server;

import java.util.Locale;

/**
 * A small JSON writer for the API's answers: objects, arrays, numbers (NaN and infinities as
 * {@code null}), strings and {@code null}. Keys are written as given (the API's keys are snake_case).
 */
final class JsonText {

    private final StringBuilder sb = new StringBuilder(256);
    private boolean first = true;

    JsonText begin() {
        comma();
        sb.append('{');
        first = true;
        return this;
    }

    JsonText object(String key) {
        key(key);
        sb.append('{');
        first = true;
        return this;
    }

    JsonText end() {
        sb.append('}');
        first = false;
        return this;
    }

    JsonText array(String key) {
        key(key);
        sb.append('[');
        first = true;
        return this;
    }

    JsonText endArray() {
        sb.append(']');
        first = false;
        return this;
    }

    JsonText field(String key, long value) {
        key(key);
        sb.append(value);
        return this;
    }

    JsonText field(String key, double value) {
        key(key);
        number(value);
        return this;
    }

    JsonText field(String key, boolean value) {
        key(key);
        sb.append(value);
        return this;
    }

    /** A string field; null writes {@code null}. */
    JsonText field(String key, String value) {
        key(key);
        if (value == null) {
            sb.append("null");
        } else {
            string(value);
        }
        return this;
    }

    JsonText nullField(String key) {
        key(key);
        sb.append("null");
        return this;
    }

    /** A number inside an array. */
    JsonText value(double v) {
        comma();
        number(v);
        return this;
    }

    /** A string inside an array. */
    JsonText value(String v) {
        comma();
        string(v);
        return this;
    }

    private void key(String key) {
        comma();
        string(key);
        sb.append(':');
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
        } else {
            // shortest text that reads back as the same double: a client compares values exactly
            sb.append(v);
        }
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
