package g2048.settings;

import java.util.regex.Pattern;

/**
 * The one parser of the numbers users type, in options, spec texts and request parameters: ASCII
 * digits only, an optional leading minus and nothing else. The JDK's own parsers take any Unicode
 * digit ({@code ١٠} is 10), a leading {@code +}, and for floating numbers {@code Infinity},
 * {@code NaN}, hexadecimal and a type suffix ({@code 1d}); a typed number must mean one thing, read
 * the same by every front end. Floating numbers must be finite. Each refusal is a
 * {@link NumberFormatException} whose message says what was expected and quotes the text.
 */
public final class Numbers {

    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("-?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?");

    private Numbers() {
    }

    /** {@code text} as a {@code long}: {@code -?[0-9]+} within the type's range. */
    public static long parseLong(String text) {
        return integer(text, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** {@code text} as an {@code int}: {@code -?[0-9]+} within the type's range. */
    public static int parseInt(String text) {
        return (int) integer(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** {@code text} as a finite {@code double}: ASCII decimal notation, an exponent allowed ({@code 1e-3}). */
    public static double parseDouble(String text) {
        if (text == null || !DECIMAL.matcher(text).matches()) {
            throw new NumberFormatException("expected a finite number in digits 0-9 (e.g. 0.25 or 1e-3), got '" + text + "'");
        }
        double v = Double.parseDouble(text);
        if (!Double.isFinite(v)) {
            throw new NumberFormatException("expected a finite number, got '" + text + "'");
        }
        return v;
    }

    /** {@code text} as a finite {@code float}, as {@link #parseDouble}. */
    public static float parseFloat(String text) {
        double v = parseDouble(text);
        if (Math.abs(v) > Float.MAX_VALUE) {
            throw new NumberFormatException("expected a finite number of single precision (at most "
                    + Float.MAX_VALUE + "), got '" + text + "'");
        }
        return (float) v;
    }

    private static long integer(String text, long min, long max) {
        if (text == null || !INTEGER.matcher(text).matches()) {
            throw new NumberFormatException("expected a whole number (digits 0-9), got '" + text + "'");
        }
        try {
            long v = Long.parseLong(text);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // too many digits for a long: out of range, said below
        }
        throw new NumberFormatException("expected a whole number in " + min + ".." + max + ", got " + text);
    }
}
