package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.files.LockFile;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.ntuple.Method;
import g2048.ntuple.TupleSpec;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.Shaping;
import g2048.ntuple.Stages;
import g2048.ntuple.TdRule;
import g2048.ntuple.TerminalValue;
import g2048.ntuple.TrainingState;
import g2048.train.Every;
import g2048.train.LearningCurve;
import g2048.train.StopSignal;
import g2048.train.ntuple.NtupleCurve;
import g2048.train.ntuple.NtupleRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code g2048 train ntuple}: TD learning of an n-tuple network (Szubert and Jaśkowski 2014) on several threads, with
 * evaluation lines, atomic checkpoints, {@code --resume} and a clean checkpoint on Ctrl-C.
 */
@Command(name = "ntuple", mixinStandardHelpOptions = true,
        description = {"Train an n-tuple network by TD-afterstate, TD-state or Q-learning.",
            "The methods of the n-tuple paper (Szubert and Jaśkowski 2014) and the field's (README, *N-tuple networks*).",
            "--games is the total count: a resumed run plays the games still missing.",
            "Writes --out (compact form if it ends in .g2nz) at every checkpoint and at the end, and beside it the",
            "learning curve NAME.curve.csv and NAME.curve.png (a row per evaluation or checkpoint and where the run ended or",
            "stopped: training moves as positions, training games as steps, the training games' mean and, at an",
            "evaluation, the greedy mean, sd, max and reach rates)."})
final class TrainNtupleCommand implements Callable<Integer> {

    @Option(names = "--net", description = "Network: 4x6, 5x6, 6x6, 7x6, 8x6, 17x4, 2x4+2x6 or TUPLES[:sym][:cN], e.g. 0123,4567:sym:c16 (default: 4x6). With --resume, a network holding every tuple of the resumed one grows it: the shared"
            + " tuples keep their weights, the new ones start at 0 (e.g. 4x6 into 5x6).")
    String net;

    @Option(names = "--stages", description = "Multi-stage network: thresholds T1,T2,... on the board's tile set (the sum of the"
            + " distinct tiles on it), one set of tables per stage; e.g. 16384 gives 2 stages, 16384,32768,49152 gives 4"
            + " (default: one stage, or the resumed model's).")
    String stages;

    @Option(names = "--tc", negatable = true, description = "Temporal coherence (TD+TC): each weight learns at alpha·|E|/A,"
            + " E and A the sum of its errors and of their sizes, kept in full model files so that --resume continues"
            + " exactly. On --resume, --tc starts fresh accumulators for a model without them (OTD then TC) and --no-tc"
            + " drops them (default: off, or the resumed model's).")
    Boolean tc;

    @Option(names = "--tc-prior", description = "With --tc on --resume of a model without accumulators: each trained (non-zero)"
            + " weight's A starts at this much error and its E at 0, so its rate starts near 0 and grows only with errors"
            + " that agree, instead of every rate restarting at alpha (default: 0, fresh accumulators).")
    Float tcPrior;

    @Option(names = "--n-step", description = "td-afterstate: n-step TD, the target the next N rewards and the value"
            + " N afterstates on; with --lambda the horizon of forward TD(λ) (default: 1).")
    Integer nStep;

    @Option(names = "--lambda", description = "td-afterstate: TD(λ) with λ in [0, 1); forward over --n-step afterstates,"
            + " or with --backward over the whole game (default: 0).")
    Double lambda;

    @Option(names = "--backward", description = "td-afterstate: learn after each game, from its last afterstate to its"
            + " first, each target read from the values just updated (default: online, forward).")
    boolean backward;

    @Option(names = "--shaping", description = "Where training games start: none, restart (from halfway through the previous"
            + " game) or carousel (in turn afresh and from the states that first reached each stage threshold, or 8192"
            + " and 16384) (default: none).")
    String shaping;

    @Option(names = "--init", description = "Optimistic initialisation: every fresh board valued V (each weight V/features),"
            + " e.g. 320000; new models only (default: 0).")
    Double init;

    @Option(names = "--method", description = "td-afterstate, td-state or q-learning (default: td-afterstate).")
    String method;

    @Option(names = "--terminal-value",
            description = "td-state only: the value of a terminal state in the move choice and the target, zero or network"
                    + " (the network's value, as Fig. 5 of the n-tuple paper, Szubert and Jaśkowski 2014, reads) (default: zero, or the resumed model's).")
    String terminalValue;

    @Option(names = "--alpha", description = "Learning rate, added as alpha·delta to every tuple's entry (default: 0.0025, or the resumed model's).")
    Double alpha;

    @Option(names = "--games", required = true, description = "Total training games.")
    long games;

    @Option(names = "--threads", defaultValue = "1", description = "Training threads sharing the tables (default: ${DEFAULT-VALUE}; 1 is reproducible).")
    int threads;

    @Option(names = "--seed", description = "Seed of the run (default: 1, or the resumed model's).")
    Long seed;

    @Option(names = "--out", required = true, description = "Model file to write.")
    Path out;

    @Option(names = "--compact-bits", description = "A compact --out's steps: bits of each weight, the sign's included,"
            + " 8 to 15 (default: 14). Each bit fewer saves about a bit per trained weight and costs strength (on an"
            + " eight-tuple network, 13 bits lost 7,700 points of 1-ply mean against 14, 12 bits 22,000).")
    Integer compactBits;

    @Option(names = "--shape", description = "Board shape RxC (default: 4x4, or the resumed model's).")
    String shape;

    @Option(names = "--eval-every", defaultValue = "10000", description = "Evaluate greedy play every K games; 0 = never (default: ${DEFAULT-VALUE}).")
    long evalEvery;

    @Option(names = "--eval-games", defaultValue = "1000", description = "Games per evaluation (default: ${DEFAULT-VALUE}).")
    int evalGames;

    @Option(names = "--checkpoint-every", defaultValue = "10000", description = "Write --out every K games; 0 = only at the end (default: ${DEFAULT-VALUE}).")
    long checkpointEvery;

    @Option(names = "--resume", description = "Continue training from this model file (its games, seed, network and method).")
    Path resume;

    @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress (done/total, rate, ETA) on standard error; results still go to standard output.")
    boolean quiet;

    @Option(names = "--json", description = "Print JSON lines on standard output: a start event, a progress event per"
            + " evaluation or checkpoint, a summary (the text lines go to standard error).")
    boolean json;

    /** The text report: standard output, or standard error when standard output carries JSON. */
    private PrintStream text() {
        return json ? System.err : System.out;
    }

    @Override
    public Integer call() {
        if (games < 1) {
            throw new Errors.BadInput("--games: expected at least 1, got " + games);
        }
        if (threads < 1) {
            throw new Errors.BadInput("--threads: expected at least 1, got " + threads);
        }
        if (evalEvery < 0 || checkpointEvery < 0) {
            throw new Errors.BadInput("--eval-every and --checkpoint-every: expected 0 or more");
        }
        if (evalGames < 1) {
            throw new Errors.BadInput("--eval-games: expected at least 1, got " + evalGames);
        }
        boolean compactOut = out.getFileName().toString().endsWith(NtupleModels.COMPACT_EXTENSION);
        String bitsProblem = compactBits == null ? null : NtupleModels.compactBitsProblem(compactBits);
        if (bitsProblem != null) {
            throw new Errors.BadInput("--compact-bits: " + bitsProblem);
        }
        if (compactBits != null && !compactOut) {
            throw new Errors.BadInput("--compact-bits: applies to a compact --out (" + NtupleModels.COMPACT_EXTENSION
                    + "), got " + out);
        }
        // Fails before any training when --out could not be written at the first checkpoint.
        OutputDirectory.checkWritable("--out", out.toAbsolutePath().getParent());
        OutputDirectory.checkFileWritable("--out", out);
        OutputDirectory.checkFileWritable("--out", NtupleCurve.csvBeside(out)); // its name, and the .png's, as long
        TrainedWork.refuseReplacing("--out", out, resume);
        if (compactOut) {
            System.err.println("train ntuple: --out is compact (int16 steps, no TC accumulators): a run resumed from it continues"
                    + " close to, not exactly from, where it stopped; a .g2n --out resumes exactly");
        }
        try (LockFile lock = lockOutput()) {
            deleteLeftovers();
            NtupleModel model = resume == null ? createModel() : resumeModel();
            try (model) {
                return train(model);
            }
        } catch (IOException e) {
            throw new Errors.BadInput("--out " + out + ": cannot lock it for this run (" + Errors.text(e) + ")", e);
        }
    }

    /**
     * Deletes the temporary files that killed runs left beside --out (a save cut short leaves one as
     * large as the model), as every other writer does; under the lock, so no live run loses one.
     */
    private void deleteLeftovers() throws IOException {
        String name = out.getFileName().toString().replaceFirst("\\.g2nz?$", "");
        Path dir = out.toAbsolutePath().getParent();
        int left = g2048.files.AtomicFile.deleteLeftoversOf(out, dir.resolve(name + ".curve.csv"),
                dir.resolve(name + ".curve.png"));
        if (left > 0) {
            System.err.println("train ntuple: deleted " + left + " temporary file(s) left by a killed run");
        }
    }

    /** One run at a time writes --out: the lock is {@code .NAME.lock} beside it, held for the run. */
    private LockFile lockOutput() throws IOException {
        try {
            return LockFile.beside(out);
        } catch (LockFile.Held e) {
            throw new Errors.BadInput("--out " + out + ": in use by another run (" + e.file() + " is locked)", e);
        }
    }

    private NtupleModel createModel() {
        TupleSpec spec = parse("--net", () -> TupleSpec.parse(net == null ? "4x6" : net));
        Method m = parse("--method", () -> Method.parse(method == null ? "td-afterstate" : method));
        Shape s = parse("--shape", () -> Shape.parse(shape == null ? "4x4" : shape));
        parse("--net", () -> {
            spec.checkFits(s);
            return spec;
        });
        if (m == Method.Q_LEARNING && spec.symmetric()) {
            throw new Errors.BadInput("--net " + spec.name() + ": q-learning keeps one network per action, and an action"
                    + " is not symmetric; use a network without :sym (e.g. 17x4)");
        }
        TerminalValue t = parse("--terminal-value", () -> TerminalValue.parse(terminalValue == null ? "zero" : terminalValue));
        if (t != TerminalValue.ZERO && m != Method.TD_STATE) {
            throw new Errors.BadInput("--terminal-value " + terminalValue + ": a choice of td-state only; "
                    + m.text() + " values a terminal state 0");
        }
        Stages st = parse("--stages", () -> Stages.parse(stages));
        double v0 = init == null ? 0 : init;
        if (!Double.isFinite(v0)) {
            throw new Errors.BadInput("--init: expected a finite value, got " + init);
        }
        double a = alpha == null ? 0.0025 : alpha;
        if (tcPrior != null) {
            throw new Errors.BadInput("--tc-prior: warms the accumulators of a resumed model's trained weights; a new model"
                    + " has none (use it with --resume and --tc)");
        }
        return NtupleModel.create(spec, s, m, t, st, v0, tc != null && tc, seed == null ? 1 : seed, a);
    }

    private NtupleModel resumeModel() {
        NtupleModel model = NtupleModels.loadForTraining(resume);
        try {
            TupleSpec wantedNet = net == null ? model.spec() : parse("--net", () -> TupleSpec.parse(net));
            if (!wantedNet.equals(model.spec())) {
                NtupleModel grown;
                try {
                    grown = model.grow(wantedNet);
                } catch (IllegalArgumentException e) {
                    throw new Errors.BadInput("--net " + net + ": " + Errors.text(e));
                }
                int added = wantedNet.tuples().length - model.spec().tuples().length;
                System.err.println("train ntuple: grown from " + model.spec().name() + " to " + wantedNet.name() + ": its "
                        + model.spec().tuples().length + " tuples start from " + resume + ", " + added + " new tuple"
                        + (added == 1 ? "" : "s") + " from 0");
                model.close();
                model = grown;
            }
            if (method != null && Method.parse(method) != model.method()) {
                throw new Errors.BadInput("--method " + method + " does not match the resumed model " + resume + " ("
                        + model.method().text() + ")");
            }
            if (terminalValue != null && parse("--terminal-value", () -> TerminalValue.parse(terminalValue)) != model.terminal()) {
                throw new Errors.BadInput("--terminal-value " + terminalValue + " does not match the resumed model " + resume
                        + " (" + model.terminal().text() + ")");
            }
            if (shape != null && !Shape.parse(shape).equals(model.shape())) {
                throw new Errors.BadInput("--shape " + shape + " does not match the resumed model " + resume + " ("
                        + model.shape() + ")");
            }
            Stages wanted = stages == null ? model.stages() : parse("--stages", () -> Stages.parse(stages));
            if (!wanted.equals(model.stages())) {
                NtupleModel split;
                try {
                    split = model.promote(wanted);
                } catch (IllegalArgumentException e) {
                    throw new Errors.BadInput("--stages " + stages + ": " + Errors.text(e));
                }
                model.close();
                model = split;
                System.err.println("train ntuple: split into " + wanted.count() + " stages (" + wanted.text()
                        + "), each starting from the resumed stage that served its boards");
            }
            if (init != null) {
                throw new Errors.BadInput("--init: sets the weights of a new model only; " + resume + " was initialised with "
                        + model.initialValue());
            }
            if (tcPrior != null && (tc == null || !tc || model.coherent())) {
                throw new Errors.BadInput("--tc-prior: warms fresh accumulators, so it goes with --tc on a resumed model"
                        + " that has none (" + resume + (model.coherent() ? " keeps its own)" : ")"));
            }
            if (tc != null && tc != model.coherent()) {
                float prior = tcPrior == null ? 0f : tcPrior;
                NtupleModel coherent = model;
                parse("--tc-prior", () -> {
                    coherent.setCoherent(tc, prior);
                    return prior;
                });
                System.err.println(!tc ? "train ntuple: temporal coherence off, accumulators dropped (plain TD from here)"
                        : prior > 0 ? "train ntuple: temporal coherence on, warm accumulators (A = " + prior
                                + " on every trained weight: rates start near 0)"
                        : "train ntuple: temporal coherence on, fresh accumulators (rates start at alpha)");
            }
            if (seed != null && seed != model.training().seed()) {
                throw new Errors.BadInput("--seed " + seed + " does not match the resumed model " + resume + " (seed "
                        + model.training().seed() + "); a resumed run keeps its seed");
            }
            return model;
        } catch (RuntimeException e) {
            model.close();
            throw e;
        }
    }

    private int train(NtupleModel model) {
        TrainingState st = model.training();
        double a = alpha != null ? alpha : st.alpha();
        SelfPlay play;
        try {
            play = new SelfPlay(model, a, threads);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--alpha: " + Errors.text(e));
        }
        TdRule rule = parse("--n-step/--lambda", () -> new TdRule(nStep == null ? 1 : nStep, lambda == null ? 0 : lambda,
                backward));
        parse("--method", () -> {
            play.setRule(rule);
            return rule;
        });
        Shaping shape = parse("--shaping", () -> Shaping.parse(shaping == null ? "none" : shaping));
        play.setShaping(shape);
        text().printf(Locale.ROOT, "train ntuple: %s%s on %s, %s, alpha %s, seed %d, %d thread%s, tables %.0f MiB%s; "
                        + "games %d of %d done%n",
                model.spec().name(), (model.stages().count() == 1 ? "" : " in " + model.stages().count() + " stages ("
                        + model.stages().text() + ")")
                        + (model.initialValue() == 0 ? "" : ", initial value " + model.initialValue()),
                model.shape(), model.method().text() + (rule.plain() ? "" : " by " + rule.text())
                        + (model.coherent() ? " + temporal coherence" : "")
                        + (shape == Shaping.NONE ? "" : ", " + shape.text() + " shaping")
                        + (model.terminal() == TerminalValue.ZERO ? "" : " (terminal states valued by the network)"), (float) a, st.seed(), threads, threads == 1 ? "" : "s",
                model.network().table().byteSize() / 1048576.0, (model.network().hugePages() ? " on huge pages" : "")
                        + (model.network().rawAccess() ? ", unchecked look-ups" : ", checked look-ups"),
                st.games(), games);
        if (json) {
            System.out.println(new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "start")
                    .field("net", model.spec().name())
                    .field("shape", model.shape().toString())
                    .field("method", model.method().text())
                    .field("stages", model.stages().count())
                    .field("alpha", a)
                    .field("seed", st.seed())
                    .field("threads", threads)
                    .field("games_done", st.games())
                    .field("games_total", games)
                    .field("out", JsonConventions.path(out))
                    .end());
        }
        NtupleRun run = new NtupleRun(model, play, new NtupleRun.Plan(games, new Every(evalEvery), evalGames,
                new Every(checkpointEvery), out, compactBits != null ? compactBits : NtupleModels.COMPACT_BITS),
                openCurve(model));
        try (StopSignal _ = StopSignal.install("g2048-train-stop", run::stop, Duration.ofSeconds(120))) {
            Progress progress = Progress.onStderr("train ntuple", "games", games, quiet).resumedAt(st.games());
            NtupleRun.Result result = run.run(new NtupleRun.Listener() {
                @Override
                public void gameFinished(long done, long meanScore, long movesPerSecond) {
                    progress.update(done, String.format(Locale.ROOT, "%.2fM moves/s, mean score %d", movesPerSecond / 1e6,
                            meanScore));
                }

                @Override
                public void reporting() {
                    progress.finish();
                }

                @Override
                public void reported(NtupleRun.Report r) {
                    report(r);
                }
            });
            progress.finish();
            TrainingState end = result.state();
            double overall = end.nanos() == 0 ? 0 : end.moves() / (end.nanos() / 1e9);
            text().printf(Locale.ROOT, "%s %s after %d games (%d moves, %.1f s learning, %.2fM moves/s overall)%n",
                    result.stopped() ? "stopped; saved" : "saved", out, end.games(), end.moves(), end.nanos() / 1e9,
                    overall / 1e6);
            if (json) {
                System.out.println(new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "summary")
                        .field("stopped", result.stopped())
                        .field("out", JsonConventions.path(out))
                        .field("games", end.games())
                        .field("moves", end.moves())
                        .field("learning_s", end.nanos() / 1e9)
                        .field("moves_per_s", overall)
                        .end());
                System.out.flush();
            }
            return 0;
        }
    }

    /** The learning curve beside --out; a resumed run continues it. */
    private LearningCurve<NtupleCurve.Row> openCurve(NtupleModel model) {
        try {
            return NtupleCurve.besideModel(out, model, resume == null);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--out " + out + ": " + Errors.text(e));
        } catch (IOException e) {
            throw new Errors.BadInput("--out " + out + ": cannot read its learning curve " + NtupleCurve.csvBeside(out) + ": "
                    + Errors.text(e));
        }
    }

    /** A report's line of text, and with --json its event. */
    private void report(NtupleRun.Report r) {
        TrainingState st = r.state();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "games %d  train mean %.0f  %.2fM moves/s  %.1f s total",
                st.games(), r.trainGames() == 0 ? 0 : r.trainMean(), r.movesPerSecond() / 1e6, st.nanos() / 1e9));
        line.append(String.format(Locale.ROOT, " (%.2fM per thread-CPU-s)", r.movesPerCpuSecond() / 1e6));
        SelfPlay.Evaluation e = r.evaluation();
        if (e != null) {
            line.append("  | ").append(evaluation(e));
        }
        if (r.checkpoint()) {
            line.append("  | checkpoint");
        }
        text().println(line);
        text().flush();
        if (json) {
            System.out.println(progressEvent(st, r.trainMean(), r.movesPerSecond(), e, r.checkpoint()));
            System.out.flush();
        }
    }

    /** The JSON line of one report: the training since the last, its evaluation (or null), whether it checkpointed. */
    private String progressEvent(TrainingState st, double trainMean, double trainRate, SelfPlay.Evaluation e,
                                 boolean checkpoint) {
        JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "progress")
                .field("games_done", st.games())
                .field("games_total", games)
                .field("moves", st.moves())
                .field("learning_s", st.nanos() / 1e9)
                .field("train_mean_score", trainMean)
                .field("moves_per_s", trainRate);
        if (e == null) {
            j.nullField("evaluation");
        } else {
            j.object("evaluation")
                    .field("games", e.games())
                    .field("mean", e.mean())
                    .field("sd", e.sd())
                    .field("max", e.max());
            JsonConventions.reach(j, e.reachCodes(), e.reachRates()).field("moves_per_s", e.moves() / e.seconds()).end();
        }
        return j.field("checkpoint", checkpoint).end().toString();
    }

    static String evaluation(SelfPlay.Evaluation e) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "greedy %d games: mean %.0f ± %.0f, max %d",
                e.games(), e.mean(), e.sd(), e.max()));
        sb.append(String.format(Locale.ROOT, ", %.2fM moves/s, %.2fM per thread-CPU-s", e.moves() / e.seconds() / 1e6,
                e.movesPerCpuSecond() / 1e6));
        for (int k = 0; k < e.reachCodes().length; k++) {
            sb.append(String.format(Locale.ROOT, ", %d %.1f%%", 1 << e.reachCodes()[k], 100 * e.reachRates()[k]));
        }
        return sb.toString();
    }

    private static <T> T parse(String option, java.util.function.Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput(option + ": " + Errors.text(e));
        }
    }
}
