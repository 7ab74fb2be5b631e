package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.json.JsonWriter;
import g2048.play.Summary;
import g2048.player.GameStats;
import java.util.Locale;

/** Prints a {@link Summary} as the papers' tables do, or as one JSON object. */
final class SummaryReport {

    private SummaryReport() {
    }

    static String text(Summary s) {
        GameStats g = s.stats();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "player    %s on %s, %d thread%s%n", s.player(), s.shape(), s.threads(),
                s.threads() == 1 ? "" : "s"));
        sb.append(String.format(Locale.ROOT, "games     %d%n", g.games()));
        sb.append(String.format(Locale.ROOT, "score     mean %.1f ± %.1f (sd), max %d%n", g.mean(), g.sd(), g.max()));
        sb.append("reach    ");
        for (int i = 0; i < g.reachCodes().length; i++) {
            sb.append(String.format(Locale.ROOT, " %d: %.1f%%", 1 << g.reachCodes()[i], 100 * g.reachRates()[i]));
        }
        sb.append('\n');
        sb.append(String.format(Locale.ROOT, "moves     %d in %.2f s: %.0f moves/s%n", s.moves(), s.seconds(),
                s.movesPerSecond()));
        long timed = s.latencyNanos().getTotalCount();
        sb.append(String.format(Locale.ROOT, "latency   µs per move: p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f%s%n",
                s.latencyMicros(50), s.latencyMicros(90), s.latencyMicros(99), s.latencyMicros(99.9),
                s.maxLatencyMicros(), timed == s.moves() ? "" : String.format(Locale.ROOT, "  (%d moves timed)", timed)));
        return sb.toString();
    }

    /** The run's fields, written into the object {@code j} has open (a command's report adds its own after them). */
    static JsonWriter fields(JsonWriter j, Summary s) {
        GameStats g = s.stats();
        j.field("player", JsonConventions.player(s.player()))
                .field("shape", s.shape().toString())
                .field("threads", s.threads())
                .field("games", g.games())
                .field("mean", g.mean())
                .field("sd", g.sd())
                .field("max", g.max());
        JsonConventions.reach(j, g.reachCodes(), g.reachRates())
                .field("moves", s.moves())
                .field("elapsed_s", s.seconds())
                .field("moves_per_s", s.movesPerSecond());
        return JsonConventions.latency(j, s::latencyMicros, s.maxLatencyMicros());
    }
}
