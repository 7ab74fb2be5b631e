package g2048.play;

import g2048.game.Shape;
import g2048.player.GameStats;
import org.HdrHistogram.Histogram;

/**
 * What a run of games reports: who played, on which shape and threads, the games' {@link GameStats}
 * (mean ± sd, max, reach rates), moves, moves per second, and the latency of a move (nanoseconds,
 * HdrHistogram).
 */
public record Summary(String player, Shape shape, int threads, GameStats stats, long moves, double seconds,
                      Histogram latencyNanos) {

    /** Builds the summary of finished games (in index order), timed over {@code seconds}. */
    public static Summary of(String player, Shape shape, int threads, GameResult[] results, double seconds,
                             Histogram latencyNanos) {
        long[] scores = new long[results.length];
        int[] maxCodes = new int[results.length];
        long moves = 0;
        for (int i = 0; i < results.length; i++) {
            scores[i] = results[i].score();
            maxCodes[i] = results[i].maxCode();
            moves += results[i].moves();
        }
        return new Summary(player, shape, threads, GameStats.of(shape, scores, maxCodes), moves, seconds, latencyNanos);
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
