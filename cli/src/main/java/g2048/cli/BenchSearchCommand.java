package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.eval.Evaluator;
import g2048.files.AtomicFile;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.play.GameRunner;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.play.Summary;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchCounters;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.HistogramLogWriter;
import g2048.player.Player;
import g2048.tables.Coverage;
import g2048.tables.TableSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code g2048 bench search}: plays seeded games with an expectimax player and reports moves per
 * second, the mean score and the latency of a move (HdrHistogram percentiles from a recorder per
 * thread), with the search's work per move; optionally an HdrHistogram interval log.
 */
@Command(name = "search", mixinStandardHelpOptions = true,
        description = {"Benchmark expectimax: moves/s, mean score, move latency and the search's work per move.",
            "Plays seeded games at a depth; latency as p50, p90, p99, p99_9 (the 99.9th percentile) and max.",
            "--hlog writes the latency as an HdrHistogram interval log (HistogramLogProcessor reads it)."})
final class BenchSearchCommand implements Callable<Integer> {

    @Option(names = "--player", defaultValue = "ntuple",
            description = "A player with a value function: ${COMPLETION-CANDIDATES}; or policy (a policy network, --depth 1) (default: ${DEFAULT-VALUE}).",
            completionCandidates = EvaluatorNames.class)
    String player;

    @Option(names = "--model", split = ",", paramLabel = "FILE",
            description = "Model file of a learned player (default: the shipped model of that player); for ntuple, several files separated by commas play as an ensemble (the mean of their values).")
    List<Path> models = new ArrayList<>();

    @Option(names = "--depth", defaultValue = "2", description = "Search depth in plies as the value-network paper counts them (Matsuzaki 2021): 1 = greedy,"
            + " 2 = move, spawn, move (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--table", defaultValue = "auto", description = PlayerOptions.TABLE_HELP)
    String table;

    @Mixin
    NetworkDeviceOptions devices = new NetworkDeviceOptions();

    @Mixin
    LateModelOptions late = new LateModelOptions();

    @Mixin
    SearchOptions searchOptions = new SearchOptions();

    @Mixin
    TablesOptions tablesOptions = new TablesOptions();

    private TableSet tables;
    private final Coverage coverage = new Coverage();

    @Option(names = "--games", defaultValue = "100", description = "Games to play (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--warmup-games", defaultValue = "0",
            description = "Games played first and not counted, so that the figures are taken on compiled code (default: ${DEFAULT-VALUE}).")
    int warmupGames;

    @Option(names = "--threads", defaultValue = "1", description = "Threads, each with its own search (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the run (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--shape", defaultValue = "4x4", description = "Board shape RxC (default: ${DEFAULT-VALUE}).")
    String shape;

    @Option(names = "--hlog", description = "Write the move latency (ns) as an HdrHistogram interval log to this file.")
    Path hlog;

    @Option(names = "--hlog-interval-ms", defaultValue = "1000", description = "Interval of the log in ms (default: ${DEFAULT-VALUE}).")
    long hlogIntervalMs;

    @Option(names = "--json", description = "Print one JSON object: play's fields plus 'search' (and 'hlog').")
    boolean json;

    @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress (done/total, rate, ETA) on standard error; results still go to standard output.")
    boolean quiet;

    /** The evaluator-backed players, for help and completion. */
    static final class EvaluatorNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Players.EVALUATOR_NAMES.iterator();
        }
    }

    @Override
    public Integer call() throws IOException {
        if (games < 1) {
            throw new Errors.BadInput("--games: expected at least 1, got " + games);
        }
        if (threads < 1 || threads > 1024) {
            throw new Errors.BadInput("--threads: expected 1..1024, got " + threads);
        }
        if (warmupGames < 0) {
            throw new Errors.BadInput("--warmup-games: expected at least 0, got " + warmupGames);
        }
        if (hlogIntervalMs < 1) {
            throw new Errors.BadInput("--hlog-interval-ms: expected at least 1, got " + hlogIntervalMs);
        }
        if (hlog != null) {
            // before the models load and the games: a log that cannot be written should not cost the measurement
            OutputDirectory.checkFileWritable("--hlog", hlog.toAbsolutePath());
            DistinctFiles.checkNotAnInput("--hlog", hlog.toAbsolutePath(), "--model", ModelList.expand(models));
            DistinctFiles.checkNotAnInput("--hlog", hlog.toAbsolutePath(), "--late-model", late.file());
        }
        Shape s = ShapeArgument.parse(shape);
        SearchConfig config = searchOptions.config(depth);
        tables = tablesOptions.open(s);
        PlayerKind kind = PlayerKind.parse(player);
        if (kind == PlayerKind.POLICY) {
            // a policy network does not search: one forward pass per move, at depth 1 only
            // a late model is refused here, as for every player but ntuple
            Player policy = Players.create(late.applyTo(PlayerSpec.of(kind).withModels(models)), s, config);
            return run(tablesOptions.wrap(policy, tables, coverage), null, policy, s, config);
        }
        ExpectimaxPlayer search = Players.searcher(late.applyTo(new PlayerSpec(kind, models, PlayerOptions.table(kind, table),
                null, devices.device, devices.settings())), s, config);
        Evaluator evaluator = search.evaluator();
        config = search.config();
        // the warm-up player is one of its own, so that the measured search's counters stay clean
        return run(tablesOptions.wrap(search, tables, coverage), search, new ExpectimaxPlayer(evaluator, config), s, config);
    }

    /**
     * Plays the measured games of {@code player} after {@code --warmup-games} of {@code warmup};
     * {@code search} is the player when it searches (its counters are reported), else null.
     */
    private int run(Player player, ExpectimaxPlayer search, Player warmup, Shape s, SearchConfig config) throws IOException {
        Path target = null;
        if (hlog != null) {
            target = hlog.toAbsolutePath();
        }
        if (warmupGames > 0) {
            // other seeds than the measured games
            new GameRunner(s).run(warmup, warmupGames, threads, ~seed, null);
        }
        GameRunner runner = new GameRunner(s);
        // Ctrl-C: stop after the games in progress, and let the log be finished (renamed or removed) before exit.
        CountDownLatch finished = new CountDownLatch(1);
        Thread stopper = new Thread(() -> {
            runner.cancel();
            try {
                finished.await(120, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "g2048-bench-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            return measure(player, search, runner, s, threads, target, config);
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running and has just been released
            }
        }
    }

    private int measure(Player player, ExpectimaxPlayer search, GameRunner runner, Shape s, int threads, Path target,
            SearchConfig config) throws IOException {
        Summary summary;
        if (target == null) {
            summary = play(player, runner, s, threads, null);
        } else {
            // the log is written while the games run and renamed into place once they are done
            Summary[] played = new Summary[1];
            AtomicFile.writeStream(target, log -> played[0] = play(player, runner, s, threads, log));
            summary = played[0];
        }
        SearchCounters c = search == null ? null : search.counters();
        double cpuSeconds = runner.lastRunCpuNanos() / 1e9;
        // the log as the user named it: no absolute path in the output
        if (json) {
            System.out.println(TablesOptions.json(json(summary, config, c, cpuSeconds, hlog), tables == null ? null : coverage).end());
        } else {
            System.out.print(text(summary, c, cpuSeconds, hlog) + (tables == null ? "" : TablesOptions.text(coverage)));
        }
        return 0;
    }

    private Summary play(Player search, GameRunner runner, Shape s, int threads, OutputStream log)
            throws IOException {
        PrintStream logOut = log == null ? null : new PrintStream(log, false, StandardCharsets.UTF_8);
        if (logOut != null) {
            HistogramLogWriter writer = new HistogramLogWriter(logOut);
            long now = System.currentTimeMillis();
            writer.outputComment("g2048 bench search: " + search.name() + ", " + s + ", " + threads + " thread(s), "
                    + games + " games, seed " + seed + "; move latency in ns");
            writer.outputLogFormatVersion();
            writer.outputStartTime(now);
            writer.setBaseTime(now);
            writer.outputLegend();
            runner.withIntervals(hlogIntervalMs, writer::outputIntervalHistogram);
        }
        Progress progress = Progress.onStderr("bench search", "games", games, quiet);
        Summary summary = runner.run(search, games, threads, seed, progress.gamesWithMeanScore());
        progress.finish();
        if (logOut != null) {
            logOut.flush();
            if (logOut.checkError()) {
                throw new IOException("--hlog: the latency log could not be written");
            }
        }
        return summary;
    }

    private static String text(Summary summary, SearchCounters c, double cpuSeconds, Path hlog) {
        StringBuilder sb = new StringBuilder(SummaryReport.text(summary));
        if (cpuSeconds > 0) {
            sb.append(String.format(Locale.ROOT, "cpu       %.2f s in the playing threads: %.0f moves per CPU second%n",
                    cpuSeconds, summary.moves() / cpuSeconds));
        }
        if (c == null) {
            sb.append("search    none: the policy network's most probable legal move, one forward pass per move\n");
        }
        double n = c == null ? 1 : Math.max(1, c.searches());
        if (c != null) sb.append(String.format(Locale.ROOT, "search    per move: %.1f nodes, %.1f leaves, tt hit rate %.1f%%, mean depth %.2f, %d cut short%n",
                c.nodes() / n, c.leaves() / n, 100 * c.ttHitRate(), c.meanDepth(), c.cutShort()));
        if (hlog != null) {
            sb.append("hlog      ").append(hlog).append('\n');
        }
        return sb.toString();
    }

    /** The run's report, its object left open for the tables' coverage. */
    private static JsonWriter json(Summary summary, SearchConfig config, SearchCounters c, double cpuSeconds, Path hlog) {
        JsonWriter extra = SummaryReport.fields(JsonConventions.writer().begin(), summary)
                .field("cpu_s", cpuSeconds)
                .field("moves_per_cpu_s", cpuSeconds > 0 ? summary.moves() / cpuSeconds : Double.NaN);
        JsonConventions.search(extra, "search", config);
        if (c == null) {
            extra.nullField("search_work"); // a policy network plays without a search
        } else {
            double n = Math.max(1, c.searches());
            extra.object("search_work")
                .field("searches", c.searches())
                .field("nodes_per_move", c.nodes() / n)
                .field("leaves_per_move", c.leaves() / n)
                .field("tt_probes", c.ttProbes())
                .field("tt_hits", c.ttHits())
                .field("tt_hit_rate", c.ttHitRate())
                .field("mean_depth", c.meanDepth())
                .field("cut_short", c.cutShort())
                .end();
        }
        return extra.field("hlog", JsonConventions.path(hlog));
    }
}
