package g2048.cli;

import java.util.Locale;

/** A small JSON writer for the commands' {@code --json} output (objects, arrays, numbers, strings). */
final class Json {

    private final StringBuilder sb = new StringBuilder();
    private boolean first = true;

    Json begin() {
        sb.append('{');
        first = true;
        return this;
    }

    Json end() {
        sb.append('}');
        first = false;
        return this;
    }

    Json beginArray(String key) {
        key(key);
        sb.append('[');
        first = true;
        return this;
    }

    Json endArray() {
        sb.append(']');
        first = false;
        return this;
    }

    Json object(String key) {
        key(key);
        sb.append('{');
        first = true;
        return this;
    }

    /** Opens an anonymous object inside an array. */
    Json element() {
        comma();
        sb.append('{');
        first = true;
        return this;
    }

    Json field(String key, long value) {
        key(key);
        sb.append(value);
        return this;
    }

    Json field(String key, double value) {
        key(key);
        sb.append(number(value));
        return this;
    }

    Json field(String key, boolean value) {
        key(key);
        sb.append(value);
        return this;
    }

    /** A string, or null when {@code value} is null. */
    Json field(String key, String value) {
        key(key);
        if (value == null) {
            sb.append("null");
        } else {
            string(value);
        }
        return this;
    }

    Json nullField(String key) {
        key(key);
        sb.append("null");
        return this;
    }

    Json value(String value) {
        comma();
        string(value);
        return this;
    }

    Json value(double value) {
        comma();
        sb.append(number(value));
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
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    private static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "null";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        if (Math.abs(v) >= 1e-3 && Math.abs(v) < 1e15) {
            String s = String.format(Locale.ROOT, "%.6f", v);
            return s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return Double.toString(v);
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
