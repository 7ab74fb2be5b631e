package g2048.cli;

import g2048.files.LockFile;
import g2048.game.Shape;
import g2048.ntuple.HandOff;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.Shaping;
import g2048.ntuple.Stages;
import g2048.ntuple.TdRule;
import g2048.ntuple.TerminalValue;
import g2048.ntuple.TrainingState;
import g2048.ntuple.TupleSpec;
import g2048.train.LearningCurve;
import g2048.train.StopSignal;
import g2048.train.ntuple.NtupleCurve;
import g2048.train.ntuple.NtupleEvents;
import g2048.train.ntuple.NtupleRun;
import g2048.train.ntuple.NtupleTraining;
import g2048.train.ntuple.NtupleTrainingSpec;
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
 * evaluation lines, atomic checkpoints, {@code --resume} and a clean checkpoint on Ctrl-C. The options become a
 * {@link NtupleTrainingSpec}, whose rules (defaults, what a resumed run keeps) are the engine's; this command parses,
 * checks that the outputs can be written, and prints.
 */
@Command(name = "ntuple", mixinStandardHelpOptions = true,
        description = {"Train an n-tuple network by TD-afterstate, TD-state or Q-learning.",
            "The methods of the n-tuple paper (Szubert and Jaśkowski 2014) and the field's (docs/ntuple.md).",
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
            + " N afterstates on; with --lambda the horizon of forward TD(λ) (default: 1, or the resumed model's).")
    Integer nStep;

    @Option(names = "--lambda", description = "td-afterstate: TD(λ) with λ in [0, 1); forward over --n-step afterstates,"
            + " or with --backward over the whole game (default: 0, or the resumed model's).")
    Double lambda;

    @Option(names = "--backward", description = "td-afterstate: learn after each game, from its last afterstate to its"
            + " first, each target read from the values just updated (default: online, forward, or the resumed model's).")
    Boolean backward;

    @Option(names = "--shaping", description = "Where training games start: none, restart (from halfway through the previous"
            + " game), carousel (in turn afresh and from the states that first reached each stage threshold, or 8192"
            + " and 16384) or late (restart episodes from where a greedy game, unlearned, first reaches the last stage"
            + " threshold, or 16384: only the late stage learns) (default: none, or the resumed model's; a resumed run"
            + " may turn to late).")
    String shaping;

    @Option(names = "--late-prefix", description = "--shaping late: the model whose greedy games play each episode's"
            + " prefix up to the late point, e.g. models/ntuple-6x6.g2nz to train a late model on the shipped model's"
            + " 16384s (default: the model trained). Not kept in --out: give it again on --resume.")
    Path latePrefix;

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

    @Option(names = "--compact-accumulators", description = "A compact --out keeps the temporal-coherence accumulators"
            + " too (each weight's A and rate within 19%), so that a run resumed from it goes on at its rates: a"
            + " checkpoint small enough to commit. About doubles the file; with --tc only.")
    boolean compactAccumulators;

    @Option(names = "--shape", description = "Board shape RxC (default: 4x4, or the resumed model's).")
    String shape;

    @Option(names = "--eval-every", defaultValue = "10000", description = "Evaluate greedy play every K games; 0 = never (default: ${DEFAULT-VALUE}).")
    long evalEvery;

    @Option(names = "--eval-games", defaultValue = "1000", description = "Games per evaluation (default: ${DEFAULT-VALUE}).")
    int evalGames;

    @Option(names = "--checkpoint-every", defaultValue = "10000", description = "Write --out every K games; 0 = only at the end (default: ${DEFAULT-VALUE}).")
    long checkpointEvery;

    @Option(names = "--resume", description = "Continue training from this model file (its games, seed, network, method, TD rule and shaping).")
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

    /** The options as the engine's spec: each choice parsed, a bad value named by its field. */
    private NtupleTrainingSpec spec() {
        return new NtupleTrainingSpec(out, games, resume, NtupleTrainingSpec.parse("net", net, TupleSpec::parse),
                NtupleTrainingSpec.parse("method", method, Method::parse), NtupleTrainingSpec.parse("shape", shape, Shape::parse),
                NtupleTrainingSpec.parse("terminalValue", terminalValue, TerminalValue::parse),
                NtupleTrainingSpec.parse("stages", stages, Stages::parse), init, tc, tcPrior, alpha, seed, nStep, lambda,
                backward, NtupleTrainingSpec.parse("shaping", shaping, Shaping::parse), latePrefix, threads, evalEvery, evalGames,
                checkpointEvery, compactBits, compactAccumulators);
    }

    @Override
    public Integer call() {
        NtupleTrainingSpec spec = spec();
        // Fails before any training when --out could not be written at the first checkpoint.
        OutputDirectory.checkWritable("--out", out.toAbsolutePath().getParent());
        OutputDirectory.checkFileWritable("--out", out);
        OutputDirectory.checkFileWritable("--out", NtupleCurve.csvBeside(out)); // its name, and the .png's, as long
        TrainedWork.refuseReplacing("--out", out, resume);
        if (spec.compactOut()) {
            System.err.println("train ntuple: --out is compact (int16 steps" + (compactAccumulators ? ", TC accumulators coded"
                    : ", no TC accumulators") + "): a run resumed from it continues close to, not exactly from, where it"
                    + " stopped; a .g2n --out resumes exactly");
        }
        try (LockFile lock = lockOutput()) {
            deleteLeftovers();
            try (NtupleTraining training = NtupleTraining.open(spec, note -> System.err.println("train ntuple: " + note))) {
                return train(spec, training);
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
        int left = g2048.files.AtomicFile.deleteLeftoversOf(out, NtupleCurve.csvBeside(out), NtupleCurve.pngBeside(out));
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

    private int train(NtupleTrainingSpec spec, NtupleTraining training) {
        NtupleModel model = training.model();
        TrainingState st = model.training();
        SelfPlay play = training.selfPlay();
        TdRule rule = training.rule();
        Shaping shape = training.shaping();
        text().printf(Locale.ROOT, "train ntuple: %s%s on %s, %s, alpha %s, seed %d, %d thread%s, tables %.0f MiB%s; "
                        + "games %d of %d done%n",
                model.spec().name(), (model.stages().count() == 1 ? "" : " in " + model.stages().count() + " stages ("
                        + model.stages().text() + ")")
                        + (model.initialValue() == 0 ? "" : ", initial value " + model.initialValue()),
                model.shape(), model.method().text() + (rule.plain() ? "" : " by " + rule.text())
                        + (model.coherent() ? " + temporal coherence" : "")
                        + (shape == Shaping.NONE ? "" : ", " + shape.text() + " shaping")
                        + (training.latePrefix() == null ? "" : " (prefixes played by " + training.latePrefix().describe() + ")")
                        + (model.terminal() == TerminalValue.ZERO ? "" : " (terminal states valued by the network)"),
                (float) training.alpha(), st.seed(), threads, threads == 1 ? "" : "s",
                model.network().table().byteSize() / 1048576.0, (model.network().hugePages() ? " on huge pages" : "")
                        + (model.network().rawAccess() ? ", unchecked look-ups" : ", checked look-ups"),
                st.games(), games);
        if (json) {
            System.out.println(NtupleEvents.start(spec, training));
        }
        NtupleRun run = new NtupleRun(model, play, spec.plan(), openCurve(model));
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

                @Override
                public void aligned(HandOff.Result h) {
                    text().println(handOff(h));
                    if (json) {
                        System.out.println(NtupleEvents.aligned(h));
                        System.out.flush();
                    }
                }
            });
            progress.finish();
            TrainingState end = result.state();
            text().printf(Locale.ROOT, "%s %s after %d games (%d moves, %.1f s learning, %.2fM moves/s overall)%n",
                    result.stopped() ? "stopped; saved" : "saved", out, end.games(), end.moves(), end.nanos() / 1e9,
                    NtupleEvents.movesPerSecond(end) / 1e6);
            if (json) {
                System.out.println(NtupleEvents.summary(spec, result));
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
        if (r.handOff() != null) {
            line.append("  | ").append(handOff(r.handOff()));
        }
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
            System.out.println(NtupleEvents.progress(r, games));
            System.out.flush();
        }
    }

    static String handOff(HandOff.Result h) {
        return String.format(Locale.ROOT, "hand-off: stage %d shifted by %+.0f (mean TD error across it %+.0f -> %+.0f, sd %.0f,"
                + " %d hand-offs in %d greedy games)", h.stage() + 1, h.shift(), h.errorBefore(), h.errorAfter(), h.sd(),
                h.handOffs(), h.games());
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
}
