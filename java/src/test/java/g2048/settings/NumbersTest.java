package g2048.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NumbersTest {

    /** Characters a number is made of, and those the JDK's parsers also take: Unicode digits, signs, words. */
    private static final String[] PIECES = {"0", "1", "7", "9", "-", "+", ".", "e", "E", "١", "٠", "０", "۳", " ", "x",
        "Infinity", "NaN", "d", "f", "0x1p3", "999999999999"};

    private static String random(Random rnd) {
        StringBuilder sb = new StringBuilder();
        int n = 1 + rnd.nextInt(6);
        for (int i = 0; i < n; i++) {
            // mostly plain digits, so that many texts are valid numbers
            sb.append(rnd.nextInt(3) == 0 ? PIECES[rnd.nextInt(PIECES.length)] : PIECES[rnd.nextInt(4)]);
        }
        return sb.toString();
    }

    /** The slow reference: a minus, then ASCII digits one by one, then the range check on a BigInteger. */
    private static BigInteger referenceInteger(String s) {
        int from = s.startsWith("-") ? 1 : 0;
        if (s.length() == from) {
            return null;
        }
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return null;
            }
        }
        return new BigInteger(s);
    }

    @Test
    void integersAreAsciiDigitsWithAnOptionalMinusWithinRange() {
        Random rnd = new Random(42);
        for (int i = 0; i < 50_000; i++) {
            String s = random(rnd);
            BigInteger ref = referenceInteger(s);
            boolean fitsLong = ref != null && ref.bitLength() < 64;
            boolean fitsInt = ref != null && ref.bitLength() < 32;
            if (fitsLong) {
                assertEquals(ref.longValueExact(), Numbers.parseLong(s), s);
            } else {
                assertThrows(NumberFormatException.class, () -> Numbers.parseLong(s), s);
            }
            if (fitsInt) {
                assertEquals(ref.intValueExact(), Numbers.parseInt(s), s);
            } else {
                assertThrows(NumberFormatException.class, () -> Numbers.parseInt(s), s);
            }
        }
    }

    @Test
    void decimalsAreAsciiAndFinite() {
        Random rnd = new Random(7);
        for (int i = 0; i < 50_000; i++) {
            String s = random(rnd);
            Double ref = referenceDecimal(s);
            if (ref != null) {
                assertEquals(ref, Numbers.parseDouble(s), s);
            } else {
                assertThrows(NumberFormatException.class, () -> Numbers.parseDouble(s), s);
            }
        }
    }

    /** The slow reference, read character by character: [-] digits [. digits] [e|E [+|-] digits], a digit before or after the point. */
    private static Double referenceDecimal(String s) {
        int i = s.startsWith("-") ? 1 : 0;
        int before = 0;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
            before++;
        }
        int after = 0;
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
                after++;
            }
        }
        if (before + after == 0) {
            return null;
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int digits = 0;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
                digits++;
            }
            if (digits == 0) {
                return null;
            }
        }
        if (i != s.length()) {
            return null;
        }
        double d = Double.parseDouble(s); // the grammar held: the JDK's value of it
        return Double.isFinite(d) ? d : null;
    }

    @Test
    void refusalsSayWhatWasExpected() {
        assertEquals("expected a whole number (digits 0-9), got '+2048'",
                assertThrows(NumberFormatException.class, () -> Numbers.parseInt("+2048")).getMessage());
        assertEquals("expected a whole number in -2147483648..2147483647, got 99999999999",
                assertThrows(NumberFormatException.class, () -> Numbers.parseInt("99999999999")).getMessage());
        assertEquals("expected a finite number, got '1e999'",
                assertThrows(NumberFormatException.class, () -> Numbers.parseDouble("1e999")).getMessage());
        assertTrue(assertThrows(NumberFormatException.class, () -> Numbers.parseDouble("Infinity")).getMessage()
                .contains("'Infinity'"));
        assertThrows(NumberFormatException.class, () -> Numbers.parseFloat("1e39"));
        assertEquals(0.25f, Numbers.parseFloat("0.25"));
        assertEquals(-3, Numbers.parseInt("-3"));
    }
}
