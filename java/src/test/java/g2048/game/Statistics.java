package g2048.game;

/** Small statistical helpers for the seeded distribution tests. */
public final class Statistics {

    private Statistics() {
    }

    /**
     * The chi-square value exceeded with probability 0.001 for {@code df} degrees of freedom
     * (Wilson–Hilferty approximation, accurate to about 1% for df ≥ 2).
     */
    public static double chiSquareCritical(int df) {
        double z = 3.090; // the standard normal's 0.999 quantile
        double a = 2.0 / (9.0 * df);
        double x = 1 - a + z * Math.sqrt(a);
        return df * x * x * x;
    }

    /** Pearson's chi-square statistic of observed counts against expected counts. */
    public static double chiSquare(long[] observed, double[] expected) {
        double chi = 0;
        for (int i = 0; i < observed.length; i++) {
            double d = observed[i] - expected[i];
            chi += d * d / expected[i];
        }
        return chi;
    }
}
