package g2048.cli;

import g2048.files.AtomicFile;
import g2048.files.LockFile;
import g2048.json.JsonWriter;
import g2048.tables.Coverage;
import g2048.tables.EndgameTable;
import g2048.tables.Formation;
import g2048.tables.RegionGame;
import g2048.tables.TableBuilder;
import g2048.tables.TableSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code g2048 tables}: builds exact endgame tables for 4x4 ({@code build}) and describes a directory of them ({@code info}). */
@Command(name = "tables", mixinStandardHelpOptions = true,
        description = "Exact endgame tables for 4x4: 'tables build' writes them, 'tables info' lists them; play, move and bench search read them with --tables DIR.",
        subcommands = {TablesCommand.Build.class, TablesCommand.Info.class, TablesSurveyCommand.class})
final class TablesCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** {@code tables build}: formations × targets into a directory, resuming an interrupted build. */
    @Command(name = "build", mixinStandardHelpOptions = true,
            description = "Build endgame tables, every formation for every target, into a directory (NAME-TARGET.g2et); rerun to resume.")
    static final class Build implements Callable<Integer> {

        @Option(names = "--formations", split = ",", paramLabel = "F",
                description = "Formations: named (${DEFAULT-VALUE} by default; the named ones: 41, 442, L3, 44, 441, 442x) or NAME=PICTURE with PICTURE four rows of x (fixed) and . (free) separated by /, e.g. t=xxxx/x..x/..../....",
                defaultValue = Formation.DEFAULT_FORMATIONS)
        List<String> formations;

        @Option(names = "--targets", split = ",", paramLabel = "T", defaultValue = Formation.DEFAULT_TARGETS,
                description = "Target tiles, powers of two 8..16384 (default: ${DEFAULT-VALUE}).")
        List<Integer> targets;

        @Option(names = "--out", required = true, description = "Directory of the tables (created; an unfinished build there is resumed).")
        Path out;

        @Option(names = "--threads", description = "Threads (default: the number of cores).")
        Integer threads;

        @picocli.CommandLine.Mixin
        SparkOptions sparkOptions = new SparkOptions();

        @Option(names = "--json", description = "Print one JSON object with the tables instead of the text summary.")
        boolean json;

        @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress on standard error.")
        boolean quiet;

        @Override
        public Integer call() throws IOException {
            int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (nThreads < 1) {
                throw new Errors.BadInput("--threads: expected at least 1, got " + nThreads);
            }
            boolean spark = sparkOptions.spark(threads);
            List<RegionGame> games = new ArrayList<>();
            for (String f : formations) {
                Formation formation = formation(f);
                for (int t : targets) {
                    try {
                        games.add(new RegionGame(formation, t));
                    } catch (IllegalArgumentException e) {
                        throw new Errors.BadInput("--targets: " + e.getMessage(), e);
                    }
                }
            }
            // before the directory is touched: a missing module is bad input, reported at once
            List<String> child = spark ? SparkEngine.tablesCommand(SparkEngine.sourceRoot(), formations, targets, out,
                    sparkOptions.masterOrDefault(), sparkOptions.partitionStates, sparkOptions.metrics, sparkOptions.scratch) : null;
            OutputDirectory.checkWritable("--out", out);
            try (LockFile _ = DirectoryLock.acquire("--out", out)) {
                AtomicFile.deleteLeftovers(out);
                if (spark) {
                    return buildOnSpark(games, child);
                }
                JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().beginArray("tables");
                long cpu0 = cpuNanos();
                long t0 = System.nanoTime();
                for (RegionGame g : games) {
                    double seconds = build(g, nThreads);
                    if (seconds < 0) {
                        return Errors.FAILURE;
                    }
                    Path file = TableBuilder.tableFile(out, g);
                    if (json) {
                        j.begin().field("table", file.getFileName().toString()).field("formation", g.formation().picture())
                                .field("target", g.target()).field("bytes", Files.size(file)).field("elapsed_s", seconds).end();
                    } else {
                        System.out.printf(Locale.ROOT, "%-20s %s  target %5d  %,14d bytes  %8.1f s%n", file.getFileName(),
                                g.formation().picture(), g.target(), Files.size(file), seconds);
                    }
                }
                double wall = (System.nanoTime() - t0) / 1e9;
                double cpu = (cpuNanos() - cpu0) / 1e9;
                if (json) {
                    System.out.println(j.endArray().field("elapsed_s", wall).field("cpu_s", cpu).end());
                } else {
                    System.out.printf(Locale.ROOT, "built %d table(s) in %s in %.1f s (%.1f CPU-seconds)%n", games.size(), out, wall, cpu);
                }
                return 0;
            }
        }

        /** Runs the Spark build as a child process (its lines an age on standard error), then lists the tables. */
        private int buildOnSpark(List<RegionGame> games, List<String> child) throws IOException {
            long t0 = System.nanoTime();
            int rc = SparkEngine.run(child);
            if (rc != 0) {
                return rc;
            }
            double wall = (System.nanoTime() - t0) / 1e9;
            String sparkMaster = sparkOptions.masterOrDefault();
            JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().beginArray("tables");
            for (RegionGame g : games) {
                Path file = TableBuilder.tableFile(out, g);
                if (json) {
                    j.begin().field("table", file.getFileName().toString()).field("formation", g.formation().picture())
                            .field("target", g.target()).field("bytes", Files.size(file)).end();
                } else {
                    System.out.printf(Locale.ROOT, "%-20s %s  target %5d  %,14d bytes%n", file.getFileName(), g.formation().picture(),
                            g.target(), Files.size(file));
                }
            }
            if (json) {
                System.out.println(j.endArray().field("elapsed_s", wall).field("engine", "spark").field("master", sparkMaster).end());
            } else {
                System.out.printf(Locale.ROOT, "built %d table(s) in %s in %.1f s on Spark, %s%n", games.size(), out, wall, sparkMaster);
            }
            return 0;
        }

        private static long cpuNanos() {
            return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }

        private static Formation formation(String text) {
            try {
                return Formation.parse(text);
            } catch (IllegalArgumentException e) {
                throw new Errors.BadInput("--formations: " + e.getMessage(), e);
            }
        }

        /** Builds one table; its seconds, or -1 when stopped (Ctrl-C), which says how to resume. */
        private double build(RegionGame g, int nThreads) throws IOException {
            String name = g.formation().name() + "-" + g.target();
            TableBuilder builder = TableBuilder.into(out, g, nThreads);
            CountDownLatch finished = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                builder.requestStop();
                try {
                    finished.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "g2048-tables-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            // the forward pass ends at an age found only by reaching it: its total is a bound, so it shows no ETA
            Progress forward = Progress.onStderr("tables " + name + " forward", "ages", 0, quiet);
            forward.total(g.maxAge() / 2 + 1, true);
            Progress backward = Progress.onStderr("tables " + name + " backward", "states", 0, quiet);
            long t0 = System.nanoTime();
            boolean done;
            try {
                done = builder.run(new TableBuilder.Progress() {
                    private long states;

                    @Override
                    public void forwardAge(int age, long n, long afters, double seconds) {
                        states += n;
                        forward.update(age / 2 + 1, String.format(Locale.ROOT, "age %d, %,d states so far", age, states));
                    }

                    @Override
                    public void backwardAge(int age, long statesDone, long statesTotal, double seconds) {
                        forward.finish();
                        backward.total(statesTotal, false);
                        backward.update(statesDone, String.format(Locale.ROOT, "age %d", age));
                    }
                });
                if (!done) {
                    System.err.println("tables: stopped while building " + name + "; rerun the same command to resume");
                    System.err.flush();
                }
            } finally {
                forward.finish();
                backward.finish();
                finished.countDown();
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is stopping (Ctrl-C): the hook waits for us
            }
            return done ? (System.nanoTime() - t0) / 1e9 : -1;
        }
    }

    /** {@code tables info}: the tables of a directory, each checked. */
    @Command(name = "info", mixinStandardHelpOptions = true, description = "List the endgame tables of a directory, each checked.")
    static final class Info implements Callable<Integer> {

        @Parameters(paramLabel = "DIR", description = "Directory of tables.")
        Path dir;

        @Option(names = "--json", description = "Print one JSON object.")
        boolean json;

        @Override
        public Integer call() throws IOException {
            try (TableSet set = TableSet.open(dir)) {
                JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().beginArray("tables");
                for (EndgameTable t : set.tables()) {
                    if (json) {
                        j.begin().field("table", Coverage.name(t)).field("formation", t.formation().picture())
                                .field("target", t.target()).field("afterstates", t.afterstates()).field("bytes", t.bytes()).end();
                    } else {
                        System.out.printf(Locale.ROOT, "%-14s %s  target %5d  %,14d afterstates  %,14d bytes%n", Coverage.name(t),
                                t.formation().picture(), t.target(), t.afterstates(), t.bytes());
                    }
                }
                if (json) {
                    System.out.println(j.endArray().end());
                }
            }
            return 0;
        }
    }
}
