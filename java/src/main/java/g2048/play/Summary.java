package g2048.play;

import g2048.game.Shape;
import org.HdrHistogram.Histogram;

/**
 * What a run of games reports, as in the papers' tables: games, mean score ± standard deviation,
 * max score, the share of games reaching each of {@link ReachTiles}, moves, moves per second, and
 * the latency of a move (nanoseconds, HdrHistogram).
 */
public record Summary(String player, Shape shape, int threads, int games, double mean, double sd, long max,
                     int[] reachCodes, double[] reachRates, long moves, double seconds, Histogram latencyNanos) {

    /** Builds the summary of finished games (in index order), timed over {@code seconds}. */
    public static Summary of(String player, Shape shape, int threads, GameResult[] results, double seconds,
                             Histogram latencyNanos) {
        int n = results.length;
        double sum = 0;
        long max = 0;
        long moves = 0;
        for (GameResult r : results) {
            sum += r.score();
            max = Math.max(max, r.score());
            moves += r.moves();
        }
        double mean = n == 0 ? 0 : sum / n;
        double sq = 0;
        for (GameResult r : results) {
            sq += (r.score() - mean) * (r.score() - mean);
        }
        double sd = n > 1 ? Math.sqrt(sq / (n - 1)) : 0;
        int[] codes = ReachTiles.codes(shape);
        double[] rates = new double[codes.length];
        for (int i = 0; i < codes.length; i++) {
            int reached = 0;
            for (GameResult r : results) {
                if (r.maxCode() >= codes[i]) {
                    reached++;
                }
            }
            rates[i] = n == 0 ? 0 : (double) reached / n;
        }
        return new Summary(player, shape, threads, n, mean, sd, max, codes, rates, moves, seconds, latencyNanos);
    }

    public double movesPerSecond() {
        return seconds > 0 ? moves / seconds : 0;
    }

    /** A latency percentile in microseconds. */
    public double latencyMicros(double percentile) {
        return latencyNanos.getTotalCount() == 0 ? 0 : latencyNanos.getValueAtPercentile(percentile) / 1000.0;
    }

    public double maxLatencyMicros() {
        return latencyNanos.getMaxValue() / 1000.0;
    }
}
