package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.cuda.CudaBackend;
import g2048.files.LockFile;
import g2048.json.JsonWriter;
import g2048.nn.Architectures;
import g2048.nn.Backend;
import g2048.nn.BackendOptions;
import g2048.nn.Backends;
import g2048.nn.CpuBackend;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.nn.NetworkModel;
import g2048.nn.TrainedNetwork;
import g2048.train.GreedyCells;
import g2048.train.StopSignal;
import g2048.train.cnn.Batching;
import g2048.train.cnn.CnnCurve;
import g2048.train.cnn.JumpStart;
import g2048.train.cnn.SymmetryMode;
import g2048.train.cnn.TimeSplit;
import g2048.train.cnn.TrainConfig;
import g2048.train.cnn.TrainingRun;
import g2048.train.cnn.TrainingStats;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code g2048 train cnn}: TD-afterstate training of a value network (Matsuzaki 2021), with snapshots,
 * an evaluation per snapshot, the learning curve (CSV and PNG), resume and a clean Ctrl-C.
 */
@Command(name = "cnn", mixinStandardHelpOptions = true,
        description = {"Train a value network by TD-afterstate learning with generator threads and one trainer.",
            "The defaults are the best configuration of the value-network paper (Matsuzaki 2021)."})
public final class TrainCnnCommand implements Callable<Integer> {

    @Option(names = "--arch", description = "Architecture: ${COMPLETION-CANDIDATES}, or a spec text "
            + "(name=..;input=..;embed=..;trunk=..). Default: CNN22, or the resumed run's.",
            completionCandidates = ArchNames.class)
    String arch;

    @Option(names = "--device", defaultValue = "auto", description = NetworkDeviceOptions.DEVICE_HELP
            + " The trainer and the generators run on the backend chosen (under check: the GPU), and each snapshot is"
            + " evaluated there (under check: on both, compared).", completionCandidates = NetworkDeviceOptions.DeviceNames.class)
    String device;

    @Option(names = "--gemm", defaultValue = "kernels", description = NetworkDeviceOptions.GEMM_HELP)
    String gemm;

    @Option(names = "--positions", required = true, description = "Train until this many positions in total (e.g. 5000000).")
    long positions;

    @Option(names = "--out", description = "Output directory (default: the --resume directory).")
    Path out;

    @Option(names = "--resume", description = "Continue the run in this directory from its latest.g2nn.")
    Path resume;

    @Option(names = "--batching", defaultValue = "batch1K", description = "game, batchN, shuffleN or position (default: ${DEFAULT-VALUE}).")
    String batching;

    @Option(names = "--symmetry", defaultValue = "simple", description = "Move choice: simple, ave, max or min (default: ${DEFAULT-VALUE}).")
    String symmetry;

    @Option(names = "--augment", description = "Train on all 8 symmetric images of each position.")
    boolean augment;

    @Option(names = "--restart", negatable = true, defaultValue = "true",
            description = "Restart strategy: the next play starts from the middle of the last (default: on; --no-restart).")
    boolean restart;

    @Option(names = "--jump", defaultValue = "S-jump", description = "Jump-start: S-jump, L-jump or nojump (default: ${DEFAULT-VALUE}).")
    String jump;

    @Option(names = "--generators", description = "Generator threads (default: cores - 1, at least 1).")
    Integer generators;

    @Option(names = "--trainer-threads", defaultValue = "1",
            description = "Threads the trainer splits each batch over (default: ${DEFAULT-VALUE}; more helps only with idle cores).")
    int trainerThreads;

    @Option(names = "--lanes", description = "Games each generator plays at once, evaluated in one batch (default: "
            + CpuBackend.GENERATOR_LANES + " on the CPU, " + CudaBackend.GENERATOR_LANES + " on the GPU).")
    Integer lanes;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the initial weights and the games (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--snapshot-every", defaultValue = "1000000", description = "Positions between snapshots (default: ${DEFAULT-VALUE}).")
    long snapshotEvery;

    @Option(names = "--eval-games", defaultValue = "100", description = "Greedy games evaluating each snapshot; 0 for none, the curve then follows the training games only (default: ${DEFAULT-VALUE}).")
    int evalGames;

    @Option(names = "--progress-seconds", defaultValue = "10", description = "Seconds between progress lines (default: ${DEFAULT-VALUE}).")
    double progressSeconds;

    @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress (done/total, rate, ETA) on standard error; results still go to standard output.")
    boolean quiet;

    @Option(names = "--json", description = "Print JSON lines on standard output: progress, snapshot and evaluation events"
            + " and a summary (the text lines go to standard error).")
    boolean json;

    private Progress progress;

    /** The lanes asked for, else the backend's default ({@link Backend#generatorLanes()}). */
    static int defaultLanes(Integer asked, Backend backend) {
        return asked != null ? asked : backend.generatorLanes();
    }

    /** Architecture names for help and completion. */
    static final class ArchNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Architectures.names(Head.VALUE).iterator();
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintStream o = json ? System.err : System.out;
        Backends.Choice choice = Backends.installed().choose(device,
                BackendOptions.of("gemm", gemm), System.err);
        if (out == null && resume == null) {
            throw new Errors.BadInput("--out: give an output directory (or --resume DIR)");
        }
        Path dir = out != null ? out : resume;
        TrainedNetwork start = null;
        if (resume != null) {
            try {
                start = TrainingRun.resumePoint(resume);
            } catch (TrainingRun.NoResumePoint e) {
                throw new Errors.BadInput("--resume: " + Errors.text(e));
            }
        }
        if (Files.exists(dir.resolve(TrainingRun.LATEST)) && (resume == null || !TrainedWork.sameFile(dir, resume))) {
            throw new Errors.BadInput("--out: " + dir + " already holds a run; use --resume " + dir + " to continue it"
                    + (resume != null ? " (--resume names another run, " + resume + ")" : ""));
        }
        NetSpec spec = arch == null ? (start != null ? start.spec() : Architectures.named("CNN22")) : parseArch(arch);
        if (start != null && !start.spec().equals(spec)) {
            throw new Errors.BadInput("--arch: " + spec.name() + " does not match the resumed run's " + start.spec().name());
        }
        if (start != null && start.positions() >= positions) {
            throw new Errors.BadInput("--positions: the resumed run has already trained " + start.positions() + " positions");
        }
        if (evalGames < 0) {
            throw new Errors.BadInput("--eval-games: expected 0 or more, got " + evalGames);
        }
        if (progressSeconds <= 0) {
            throw new Errors.BadInput("--progress-seconds: expected a positive number, got " + progressSeconds);
        }
        // every output is checked before the work starts: a run that cannot save should not train
        OutputDirectory.checkWritable(out != null ? "--out" : "--resume", dir, "snapshots");
        int gens = generators != null ? generators : Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        int laneCount = defaultLanes(lanes, choice.backend());
        TrainConfig config = new TrainConfig(spec, positions, Batching.parse(batching), SymmetryMode.parse(symmetry), augment,
                restart, JumpStart.parse(jump), gens, laneCount, 256, seed, trainerThreads);
        progress = new Progress("train cnn", "positions", positions, System.err, Progress.stderrIsTerminal(), quiet,
                System::nanoTime, progressSeconds).resumedAt(start == null ? 0 : start.positions());
        TrainingRun run = new TrainingRun(config, dir, start, snapshotEvery,
                new TrainingRun.Evaluation(evalGames, 32, seed + 1), progressSeconds, listener(o), choice);
        o.printf(Locale.ROOT, "train cnn: %s (%d weights) on %s, %s, %s%s, %s, %s, %d generator(s) x %d lanes, %d trainer thread(s), to %d positions -> %s%n",
                spec.name(), spec.weightCount(), run.describeDevice(), config.batching(), config.symmetry().name().toLowerCase(Locale.ROOT),
                augment ? " + augmentation" : "", restart ? "restart" : "no restart", config.jump().text(), gens, laneCount, trainerThreads, positions, dir);
        // two runs writing one directory would corrupt it
        try (LockFile _ = DirectoryLock.acquire(out != null ? "--out" : "--resume", dir)) {
            int left = TrainingRun.prepare(dir, resume);
            if (left > 0) {
                System.err.println("train cnn: deleted " + left + " temporary file(s) left by an interrupted run");
            }
            runToEnd(run, o, dir);
        }
        return 0;
    }

    /** Runs until done or Ctrl-C, which stops the run cleanly (a last snapshot) before the JVM exits. */
    private void runToEnd(TrainingRun run, PrintStream o, Path dir) throws Exception {
        try (StopSignal signal = StopSignal.install("g2048-train-stop", run::stop)) {
            TrainedNetwork result = run.run();
            progress.finish();
            o.printf(Locale.ROOT, "%s: %,d positions; resume point %s%n", signal.received() ? "stopped" : "done", result.positions(),
                    dir.resolve(TrainingRun.LATEST));
            if (json) {
                System.out.println(new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "summary")
                        .field("stopped", signal.received())
                        .field("positions", result.positions())
                        .field("positions_total", positions)
                        .field("resume_point", dir.resolve(TrainingRun.LATEST).toString())
                        .end());
                System.out.flush();
            }
        }
    }

    /**
     * Progress (done/total, rate, ETA and where the time went) on standard error; snapshots and evaluations on
     * {@code o}, and as JSON lines on standard output with --json.
     */
    private TrainingRun.Listener listener(PrintStream o) {
        return new TrainingRun.Listener() {
            private TimeSplit lastTime = new TimeSplit(0, 0, 0, 0, 0, 0, 0);

            @Override
            public void progress(TrainingStats s, double rate, double seconds) {
                // the rate since the last line too: the overall one includes the start-up (bench/gpu-check.sh reads "N pos/s")
                progress.show(s.positions(), String.format(Locale.ROOT,
                        "%.0f pos/s lately, steps %,d, loss %.4g, games %,d, mean score (last 100) %.0f",
                        rate, s.steps(), s.lastLoss(), s.games(), s.recentMeanScore()));
                TimeSplit now = s.time();
                if (!quiet && !Progress.stderrIsTerminal()) {
                    System.err.printf(Locale.ROOT, "          time  %s%n", now.since(lastTime).describe());
                }
                lastTime = now;
                if (json) {
                    System.out.println(new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "progress")
                            .field("positions", s.positions())
                            .field("positions_total", positions)
                            .field("positions_per_s", rate)
                            .field("steps", s.steps())
                            .field("loss", s.lastLoss())
                            .field("games", s.games())
                            .field("recent_mean_score", s.recentMeanScore())
                            .field("elapsed_s", seconds)
                            .end());
                    System.out.flush();
                }
            }

            @Override
            public void snapshotSaved(Path file, long p) {
                progress.finish();
                o.printf(Locale.ROOT, "snapshot %s (%,d positions)%n", file, p);
                if (json) {
                    System.out.println(new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "snapshot").field("file", file.toString())
                            .field("positions", p).end());
                    System.out.flush();
                }
            }

            @Override
            public void evaluated(CnnCurve.Row row) {
                progress.finish();
                GreedyCells r = row.greedy();
                o.printf(Locale.ROOT, "eval at %,d positions: %d greedy games, mean %.0f ± %.0f, max %d, 2048 %.1f%%, 4096 %.1f%%, 8192 %.1f%%%n",
                        row.positions(), r.games(), r.mean(), r.sd(), r.max(), 100 * r.reach2048(), 100 * r.reach4096(), 100 * r.reach8192());
                if (json) {
                    JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "evaluation")
                            .field("positions", row.positions())
                            .field("games", r.games())
                            .field("mean", r.mean())
                            .field("sd", r.sd())
                            .field("max", r.max());
                    System.out.println(JsonConventions.reach(j, new int[] {11, 12, 13, 14},
                            new double[] {r.reach2048(), r.reach4096(), r.reach8192(), r.reach16384()}).end());
                    System.out.flush();
                }
            }

            @Override
            public void note(String line) {
                System.err.println(line);
            }
        };
    }

    private static NetSpec parseArch(String text) {
        return text.contains("=") ? NetSpec.parse(Head.VALUE, text) : Architectures.named(Head.VALUE, text);
    }
}
