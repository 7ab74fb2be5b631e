package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.game.Shape;
import g2048.play.GameRunner;
import g2048.play.Players;
import g2048.play.Summary;
import g2048.player.Player;
import g2048.search.SearchConfig;
import g2048.tables.Coverage;
import g2048.tables.TableSet;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code g2048 play}: plays seeded games in parallel and prints the papers' summary. */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = "Play games in parallel and print mean score ± sd, reach rates, moves/s and move latency (timed on one move in 16; bench search times every move).")
final class PlayCommand implements Callable<Integer> {

    @Mixin
    PlayerOptions playerOptions = new PlayerOptions();

    @Mixin
    SearchOptions searchOptions = new SearchOptions();

    @Mixin
    TablesOptions tablesOptions = new TablesOptions();

    @Option(names = "--games", defaultValue = "100", description = "Games to play (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--threads", description = "Threads (default: the number of cores).")
    Integer threads;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the run; game i uses a seed derived from it (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--shape", description = "Board shape RxC (default: 4x4; with --player optimal, the shape its --db solves).")
    String shape;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress (done/total, rate, ETA) on standard error; results still go to standard output.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        if (games < 1) {
            throw new Errors.BadInput("--games: expected at least 1, got " + games);
        }
        int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (nThreads < 1) {
            throw new Errors.BadInput("--threads: expected at least 1, got " + nThreads);
        }
        Shape s = shape != null ? ShapeArgument.parse(shape) : OptimalShape.of(playerOptions);
        SearchConfig search = searchOptions.config(playerOptions.depth);
        TableSet tables = tablesOptions.open(s);
        Coverage coverage = new Coverage();
        Player player = tablesOptions.wrap(Players.create(playerOptions.spec(), s, search), tables, coverage);
        // a sample of the moves is timed: the clock on every move is a share of a greedy move (bench search times every move)
        GameRunner runner = new GameRunner(s).timingEvery(16);
        Progress progress = Progress.onStderr("play", "games", games, quiet);
        // games finish on several threads: count and sum them under one lock so the mean matches the count
        long[] finished = new long[1];
        double[] scoreSum = new double[1];
        Summary summary = runner.run(player, games, nThreads, seed, (done, total, r) -> {
            long n;
            double mean;
            synchronized (scoreSum) {
                n = ++finished[0];
                scoreSum[0] += r.score();
                mean = scoreSum[0] / n;
            }
            progress.update(n, String.format(Locale.ROOT, "mean score %.0f", mean));
        });
        progress.finish();
        if (json) {
            System.out.println(TablesOptions.json(SummaryReport.fields(JsonConventions.writer().begin(), summary),
                    tables == null ? null : coverage).end());
        } else {
            System.out.print(SummaryReport.text(summary) + (tables == null ? "" : TablesOptions.text(coverage)));
        }
        if (tables != null) {
            tables.close();
        }
        return 0;
    }
}
