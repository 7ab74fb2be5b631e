package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.files.AtomicFile;
import g2048.files.LockFile;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.solver.AgeReport;
import g2048.solver.AgeStats;
import g2048.solver.Manifest;
import g2048.solver.Solution;
import g2048.solver.Solver;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code g2048 solve}: solves a small board exactly, age by age, resuming an interrupted run. */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = "Solve a small board (2x2 .. 4x3) exactly into a directory; rerun to resume. See 'solve query'.",
        subcommands = {SolveQueryCommand.class})
final class SolveCommand implements Callable<Integer> {

    @Option(names = "--shape", description = "Board shape RxC, at most 12 cells (2x2, 2x3, 2x4, 3x3, 3x4, 4x3, ...).")
    String shape;

    @Option(names = "--out", description = "Solution directory (created; an unfinished solve there is resumed).")
    Path out;

    @Option(names = "--threads", description = "Threads (default: the number of cores).")
    Integer threads;

    @Option(names = "--max-age", description = "Stop the forward pass after this age (the backward pass then does not run).")
    Integer maxAge;

    @picocli.CommandLine.Mixin
    SparkOptions sparkOptions = new SparkOptions();

    @Option(names = "--json", description = "Print one JSON object with the totals instead of the text summary.")
    boolean json;

    @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress (done/total, rate, ETA) on standard error; results still go to standard output.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        if (shape == null) {
            throw new Errors.BadInput("--shape: missing, expected RxC, e.g. 3x3");
        }
        if (out == null) {
            throw new Errors.BadInput("--out: missing, expected the solution directory");
        }
        Shape s = ShapeArgument.parse(shape);
        if (s.cells() > 12) {
            throw new Errors.BadInput("--shape: " + s + " has " + s.cells() + " cells, expected at most 12 (2x2 .. 4x3)");
        }
        int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (nThreads < 1) {
            throw new Errors.BadInput("--threads: expected at least 1, got " + nThreads);
        }
        if (maxAge != null && (maxAge < Manifest.FIRST_AGE || maxAge % 2 != 0)) {
            throw new Errors.BadInput("--max-age: expected an even age of at least 4, got " + maxAge);
        }
        boolean spark = sparkOptions.spark(threads);
        // before the directory is touched: a missing module is bad input, reported at once
        java.util.List<String> child = spark ? SparkEngine.command(SparkEngine.sourceRoot(), s, out,
                sparkOptions.masterOrDefault(), sparkOptions.partitionStates, maxAge, sparkOptions.metrics, sparkOptions.scratch) : null;
        OutputDirectory.checkWritable("--out", out, "work");
        // two solves writing one directory would corrupt it
        try (LockFile _ = DirectoryLock.acquire("--out", out)) {
            // a run killed mid-write leaves its temporary file; under the lock none is in use
            int left = AtomicFile.deleteLeftovers(out) + AtomicFile.deleteLeftovers(out.resolve("work"));
            if (left > 0) {
                System.err.println("solve: deleted " + left + " temporary file(s) left by an interrupted run");
            }
            return spark ? solveOnSpark(s, child) : solve(s, nThreads);
        }
    }

    private int solveOnSpark(Shape s, java.util.List<String> child) throws IOException {
        Manifest.Read existing = Manifest.readAllowingLegacy(out);
        if (existing != null && !existing.manifest().shape().equals(s)) {
            throw new Errors.BadInput("--out: " + out + " holds a " + existing.manifest().shape() + " solve, not " + s);
        }
        long t0 = System.nanoTime();
        int rc = SparkEngine.run(child);
        if (rc != 0) {
            return rc;
        }
        Manifest m = Manifest.read(out);
        Solver.Outcome outcome = m.done() ? Solver.Outcome.SOLVED : Solver.Outcome.STOPPED_AT_MAX_AGE;
        return report(s, outcome, (System.nanoTime() - t0) / 1e9, "on Spark, " + sparkOptions.masterOrDefault(),
                "  time: per age and per stage above (the Spark run's own lines)\n");
    }

    private int solve(Shape s, int nThreads) throws IOException {
        Manifest.Read existing = Manifest.readAllowingLegacy(out);
        if (existing != null && !existing.manifest().shape().equals(s)) {
            throw new Errors.BadInput("--out: " + out + " holds a " + existing.manifest().shape() + " solve, not " + s);
        }
        Solver solver = new Solver(s, out, nThreads).maxAge(maxAge == null ? 0 : maxAge);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            solver.requestStop();
            try {
                finished.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "g2048-solve-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        long t0 = System.nanoTime();
        Solver.Outcome outcome;
        // The forward pass ends at an age found only by reaching it: its total is a bound, so it shows no ETA.
        Progress forward = Progress.onStderr("solve " + s + " forward pass", "ages", 0, quiet);
        forward.total(GradeCommand.ageCount(maxAge != null ? Math.min(maxAge, ageBound(s)) : ageBound(s)), true);
        Progress backward = Progress.onStderr("solve " + s + " backward pass", "ages", 0, quiet);
        try {
            outcome = solver.run(new Solver.Progress() {
                private long statesSoFar;
                private int lastAge;

                @Override
                public void forwardAge(int age, long states, long afterstates, long terminal, double seconds) {
                    statesSoFar += states;
                    forward.update(GradeCommand.ageCount(age), String.format(Locale.ROOT,
                            "age %d, %,d states so far, %,d at this age", age, statesSoFar, states));
                }

                @Override
                public void backwardAge(int age, double best, double seconds) {
                    if (lastAge == 0) {
                        forward.finish();
                        lastAge = lastAge();
                        backward.total(GradeCommand.ageCount(lastAge), false);
                    }
                    // an age without afterstates has no best value: say nothing rather than NaN
                    backward.update((lastAge - age) / 2 + 1, Double.isFinite(best)
                            ? String.format(Locale.ROOT, "age %d, best afterstate value %.4f", age, best)
                            : String.format(Locale.ROOT, "age %d", age));
                }

                @Override
                public void note(String line) {
                    System.err.println("solve: " + line);
                }
            });
            if (outcome == Solver.Outcome.STOPPED) {
                // Said before the shutdown hook is released: after that the JVM may halt at any moment.
                Manifest m = Manifest.read(out);
                System.err.println("solve: stopped after age " + (m.forwardFinished() ? m.backwardComplete() : m.forwardComplete())
                        + " (" + (m.forwardFinished() ? "backward" : "forward") + " pass); rerun the same command to resume");
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
            // The JVM is already stopping (Ctrl-C): the hook waits for us, nothing more to do.
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (outcome == Solver.Outcome.STOPPED) {
            return Errors.FAILURE;
        }
        return report(s, outcome, seconds, nThreads + " threads", "  time: " + solver.phaseTimes()
                + " (the rest: files, checksums, start-up)\n");
    }

    /** The summary of a finished run (the age report written beside the solution, totals, expected scores). */
    private int report(Shape s, Solver.Outcome outcome, double seconds, String how, String timeLine) throws IOException {
        Manifest m = Manifest.read(out);
        List<AgeStats> ages = AgeStats.read(out, m);
        AgeReport.write(out, s + " solve", ages);
        AgeStats.Totals totals = AgeStats.Totals.of(ages);
        double[] expected = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        if (outcome == Solver.Outcome.SOLVED) {
            try (Solution sol = Solution.open(out)) {
                expected = new double[] {sol.expectedFromStart(4), sol.expectedFromStart(6), sol.expectedFromStart(8),
                    sol.expectedFromStart(0)};
            }
        }
        boolean complete = outcome == Solver.Outcome.SOLVED;
        if (json) {
            JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin()
                    .field("shape", s.name())
                    .field("out", JsonConventions.path(out))
                    .field("complete", complete)
                    .field("last_age", complete ? m.lastAge() : m.forwardComplete())
                    .field("states", totals.states())
                    .field("afterstates", totals.afterstates())
                    .field("terminal", totals.terminal());
            if (complete) {
                j.object("expected_score")
                        .field("start_2_2", expected[0]).field("start_2_4", expected[1]).field("start_4_4", expected[2])
                        .field("random_start", expected[3])
                        .end();
            } else {
                j.nullField("expected_score");
            }
            j.field("elapsed_s", seconds).end();
            System.out.println(j);
        } else {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "solve %s: %s through age %d in %.1f s (%s)%n", s,
                    complete ? "solved" : "forward pass only (--max-age)", complete ? m.lastAge() : m.forwardComplete(),
                    seconds, how));
            sb.append(String.format(Locale.ROOT, "  states       %,d%n  afterstates  %,d%n  terminal     %,d%n",
                    totals.states(), totals.afterstates(), totals.terminal()));
            if (complete) {
                sb.append(String.format(Locale.ROOT, "  expected optimal score: 2+2 %.4f   2+4 %.4f   4+4 %.4f   random start %.4f%n",
                        expected[0], expected[1], expected[2], expected[3]));
            }
            sb.append(timeLine);
            sb.append("  per age: ").append(out.resolve(AgeReport.CSV)).append(", ").append(out.resolve(AgeReport.PNG)).append('\n');
            System.out.print(sb);
        }
        return 0;
    }

    /** The last age of the solve in progress, from its manifest (written when the forward pass ended). */
    private int lastAge() {
        try {
            return Manifest.read(out).lastAge();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** No board of n cells holds a tile beyond 2^(n+1): its tiles sum to at most n·2^(n+1). */
    static int ageBound(Shape s) {
        return s.cells() << (s.cells() + 1);
    }
}
