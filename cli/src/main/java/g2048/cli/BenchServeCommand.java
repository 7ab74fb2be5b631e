package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.json.JsonWriter;
import g2048.server.LoadTest;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code g2048 bench serve}: the latency of one {@code /move} request of a running {@code g2048 serve}
 * (HdrHistogram percentiles) and the throughput of closed-loop clients.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Benchmark a running 'g2048 serve': requests/s and the latency of one /move request.",
            "Closed-loop clients send /move requests one after another over the boards of a seeded game",
            "and the latency of each request goes into an HdrHistogram (p50, p90, p99, p99_9 and max)."})
final class BenchServeCommand implements Callable<Integer> {

    @Option(names = "--url", required = true, description = "The server, e.g. http://127.0.0.1:8048")
    URI url;

    @Option(names = "--player", defaultValue = "ntuple", description = "Player of the requests (default: ${DEFAULT-VALUE}).")
    String player;

    @Option(names = "--depth", defaultValue = "1", description = "Depth of the requests (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--clients", defaultValue = "1", description = "Concurrent clients, each one request at a time (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--requests", defaultValue = "5000", description = "Timed requests per client (default: ${DEFAULT-VALUE}).")
    int requests;

    @Option(names = "--warmup", defaultValue = "2000", description = "Untimed requests per client first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the game whose boards are requested (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (clients < 1 || requests < 1 || warmup < 0) {
            throw new Errors.BadInput("--clients and --requests must be at least 1, --warmup at least 0");
        }
        LoadTest load = new LoadTest(url, player, depth);
        List<String> boards = load.boards(player, seed, 10_000);
        LoadTest.Result r = load.run(boards, clients, warmup, requests);
        Histogram h = r.latencyNanos();
        if (json) {
            JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("player", player).field("depth", depth)
                    .field("clients", clients).field("requests", r.requests()).field("boards", boards.size())
                    .field("seconds", r.seconds()).field("requests_per_second", r.requestsPerSecond());
            System.out.println(JsonConventions.latency(j, p -> us(h, p), h.getMaxValue() / 1e3).end());
        } else {
            System.out.printf(Locale.ROOT, "/move %s depth %d, %d client(s), %,d requests over %,d boards in %.2f s: %,.0f requests/s%n",
                    player, depth, clients, r.requests(), boards.size(), r.seconds(), r.requestsPerSecond());
            System.out.printf(Locale.ROOT, "latency of a request (µs): p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n",
                    us(h, 50), us(h, 90), us(h, 99), us(h, 99.9), h.getMaxValue() / 1e3);
        }
        return 0;
    }

    private static double us(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1e3;
    }
}
