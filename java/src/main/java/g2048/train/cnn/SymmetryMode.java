package g2048.train.cnn;

import java.util.Locale;

/**
 * How a generator uses the 8 symmetric boards when it chooses a move (Matsuzaki 2021): {@code simple}
 * evaluates the afterstate only; {@code ave}, {@code max} and {@code min} evaluate its 8 images
 * and take their average, maximum or minimum as the afterstate's value (also in the TD target).
 */
public enum SymmetryMode {
    SIMPLE, AVE, MAX, MIN;

    /** Images evaluated per afterstate. */
    public int images() {
        return this == SIMPLE ? 1 : 8;
    }

    /** The value of an afterstate from its images' values {@code v[from..from+images())}. */
    public double aggregate(double[] v, int from) {
        return switch (this) {
            case SIMPLE -> v[from];
            case AVE -> {
                double s = 0;
                for (int i = 0; i < 8; i++) {
                    s += v[from + i];
                }
                yield s / 8;
            }
            case MAX -> {
                double m = v[from];
                for (int i = 1; i < 8; i++) {
                    m = Math.max(m, v[from + i]);
                }
                yield m;
            }
            case MIN -> {
                double m = v[from];
                for (int i = 1; i < 8; i++) {
                    m = Math.min(m, v[from + i]);
                }
                yield m;
            }
        };
    }

    public static SymmetryMode parse(String text) {
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--symmetry: expected simple, ave, max or min, got '" + text + "'");
        }
    }
}
