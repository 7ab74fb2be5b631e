package g2048.player;

import g2048.game.Shape;

/**
 * What a set of finished games scored, as the papers' tables report it: games, mean score, standard
 * deviation (n − 1 in the denominator), max score, and the share of games whose largest tile
 * reached each of {@link #reachCodes(Shape)}.
 */
public record GameStats(int games, double mean, double sd, long max, int[] reachCodes, double[] reachRates) {

    /** The statistics of games with these scores and largest tile codes (game i at index i of both). */
    public static GameStats of(Shape shape, long[] scores, int[] maxCodes) {
        if (scores.length != maxCodes.length) {
            throw new IllegalArgumentException(scores.length + " scores but " + maxCodes.length + " largest tiles");
        }
        int n = scores.length;
        double sum = 0;
        long max = 0;
        for (long s : scores) {
            sum += s;
            max = Math.max(max, s);
        }
        double mean = n == 0 ? 0 : sum / n;
        double sq = 0;
        for (long s : scores) {
            sq += (s - mean) * (s - mean);
        }
        double sd = n > 1 ? Math.sqrt(sq / (n - 1)) : 0;
        int[] codes = reachCodes(shape);
        double[] rates = new double[codes.length];
        for (int k = 0; k < codes.length; k++) {
            int reached = 0;
            for (int c : maxCodes) {
                if (c >= codes[k]) {
                    reached++;
                }
            }
            rates[k] = n == 0 ? 0 : (double) reached / n;
        }
        return new GameStats(n, mean, sd, max, codes, rates);
    }

    /**
     * The tile codes whose reach rates are reported, ascending: 2048..32768 on 4×4, as the papers
     * do; on a smaller board the five largest tiles it can hold.
     */
    public static int[] reachCodes(Shape shape) {
        int top = shape.maxReachableCode();
        int first = shape.equals(Shape.S4x4) ? 11 : Math.max(1, top - 4);
        int[] codes = new int[top - first + 1];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = first + i;
        }
        return codes;
    }

    /** The share of games whose largest tile reached 2^{@code code}, one of {@link #reachCodes()}. */
    public double reach(int code) {
        for (int k = 0; k < reachCodes.length; k++) {
            if (reachCodes[k] == code) {
                return reachRates[k];
            }
        }
        throw new IllegalArgumentException("tile code " + code + " is not reported; expected one of "
                + java.util.Arrays.toString(reachCodes));
    }
}
