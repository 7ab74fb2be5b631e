package g2048.cli;

import g2048.files.LockFile;
import g2048.nn.Architectures;
import g2048.nn.Backend;
import g2048.nn.Backends;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import g2048.train.StopSignal;
import g2048.train.policy.PolicyCurve;
import g2048.train.policy.PolicyTrainer;
import g2048.train.policy.TrainingData;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code g2048 train policy}: supervised training of a policy network on a teacher's datasets. */
@Command(name = "policy", mixinStandardHelpOptions = true,
        description = {"Train a policy network (POLICY2 … POLICY5) on datasets written by 'g2048 dataset'.",
            "Softmax cross-entropy over the legal moves against the teacher's move, Adam. Writes snapshots,",
            "curve.csv and curve.png (loss, held-out agreement, greedy score) into --out; Ctrl-C stops after a",
            "checkpoint and --resume continues. The steps (gradient, Adam) run where --device says;",
            "snapshots, held-out measures and greedy games run on the CPU."})
final class TrainPolicyCommand implements Callable<Integer> {

    @Option(names = "--arch", defaultValue = "POLICY5", description = "POLICY2, POLICY3, POLICY4 or POLICY5, or a spec"
            + " 'name=N;convs=K;channels=C' (default: ${DEFAULT-VALUE}).")
    String arch;

    @Option(names = "--data", required = true, arity = "1..*", description = "Dataset files (.g2pd).")
    List<Path> data;

    @Option(names = "--out", required = true, description = "The run's directory.")
    Path out;

    @Option(names = "--epochs", defaultValue = "1", description = "Passes over the training positions (default: ${DEFAULT-VALUE}).")
    int epochs;

    @Option(names = "--batch", defaultValue = "256", description = "Positions per Adam step (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--lr", defaultValue = "0.001", description = "Adam's learning rate (default: ${DEFAULT-VALUE}).")
    double lr;

    @Option(names = "--lr-final", description = "The rate at the end of the last epoch, reached by a linear decay from --lr"
            + " (default: --lr, a constant rate).")
    Double lrFinal;

    @Option(names = "--holdout", defaultValue = "0.05", description = "Fraction of games held out for the agreement measure (default: ${DEFAULT-VALUE}).")
    double holdout;

    @Option(names = "--heldout-sample", defaultValue = "4096", description = "Held-out positions measured at each snapshot (default: ${DEFAULT-VALUE}).")
    int heldOutSample;

    @Option(names = "--soft-temperature", defaultValue = "0",
            description = "0: the teacher's move as target; T > 0: the softmax of the teacher's move values / T (default: ${DEFAULT-VALUE}).")
    double temperature;

    @Option(names = "--threads", defaultValue = "2", description = "Threads of each step on the CPU and of the greedy games (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--device", defaultValue = "auto", description = "Where the training steps (gradient and Adam) run:"
            + " ${COMPLETION-CANDIDATES}. cuda keeps the weights and Adam's moments on the GPU (checked against the CPU's gradient"
            + " before training) and is an error where no GPU can run; auto takes the GPU where it can run and says what it chose."
            + " On the GPU a resumed run goes on within fp32 rounding of an uninterrupted one, not bit for bit"
            + " (default: ${DEFAULT-VALUE}).", completionCandidates = DeviceNames.class)
    String device;

    @Option(names = "--orientation", description = "How the network sees a board: as-is, or corner (each board turned, of its"
            + " eight rotations and reflections, into the one that reads greatest from the top-left, so the network learns one"
            + " orientation of the game; its move is turned back in play). Stored in the model (default: as-is, or what --arch names).")
    String orientation;

    @Option(names = "--init", description = "Start from this trained network's weights (a .g2pn of the same --arch) instead of"
            + " random ones, with a fresh optimiser: fine-tuning, e.g. on positions of the network's own games labelled by the"
            + " teacher ('dataset --behaviour policy').")
    Path init;

    @Option(names = "--resume", description = "Continue the run in --out from its checkpoint.")
    boolean resume;

    @Option(names = "--snapshot-every", defaultValue = "100000", description = "Positions between snapshots (default: ${DEFAULT-VALUE}).")
    long snapshotEvery;

    @Option(names = "--eval-games", defaultValue = "20", description = "Greedy games played at each snapshot; 0 for none (default: ${DEFAULT-VALUE}).")
    int evalGames;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the weights, the shuffle and the split (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
        NetSpec spec;
        try {
            spec = arch.contains("=") ? NetSpec.parse(Head.POLICY, arch) : Architectures.named(Head.POLICY, arch);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--arch: " + Errors.text(e));
        }
        if (orientation != null) {
            try {
                spec = spec.withOrientation(g2048.nn.BoardOrientation.named(orientation));
            } catch (IllegalArgumentException e) {
                throw new Errors.BadInput("--orientation: " + Errors.text(e));
            }
        }
        if (!(temperature >= 0)) {
            throw new Errors.BadInput("--soft-temperature: expected 0 or a positive temperature, got " + temperature);
        }
        if (heldOutSample < 0) {
            throw new Errors.BadInput("--heldout-sample: expected 0 or more, got " + heldOutSample);
        }
        DistinctFiles.check("--data", data);
        DistinctFiles.checkNotAnInput("--out", out, "--init", init);
        Backend steps = Backends.installed().choosePolicyTraining(device, System.out);
        double finalRate = lrFinal == null ? lr : lrFinal;
        PolicyTrainer.Config config = new PolicyTrainer.Config(spec, epochs, batch, lr, finalRate, temperature, threads, snapshotEvery,
                evalGames, heldOutSample, seed);
        boolean existed = Files.exists(out);
        try {
            OutputDirectory.checkWritable("--out", out, "snapshots");
            train(spec, steps, config, finalRate);
        } catch (Exception e) {
            if (!existed) {
                // a refused run (bad data, a mismatched --init) leaves no directory behind
                OutputDirectory.deleteIfNoFiles(out);
            }
            throw e;
        }
        return 0;
    }

    private void train(NetSpec spec, Backend steps, PolicyTrainer.Config config, double finalRate) throws Exception {
        PrintStream o = System.out;
        try (LockFile lock = DirectoryLock.acquire("--out", out)) {
            TrainingData d = TrainingData.load(data, holdout, seed);
            o.printf(Locale.ROOT, "train policy %s: %,d games (mean score %.0f), %,d training positions, %,d held out (%,d games);"
                    + " %d epoch(s) of batch %d, Adam lr %s, %s targets, %d threads, steps on %s%n", spec, d.games(), d.meanScore(),
                    d.trainSize(), d.heldOutSize(), d.heldOutGames(), epochs, batch,
                    finalRate == lr ? String.format(Locale.ROOT, "%g", lr) : String.format(Locale.ROOT, "%g to %g (linear)", lr, finalRate),
                    temperature > 0 ? "soft (T = " + temperature + ")" : "hard", threads, steps.policyDevice());
            PolicyTrainer trainer = new PolicyTrainer(config, d, out, TrainingData.key(data, holdout), steps);
            if (init != null) {
                PolicyModel start = PolicyFile.load(init, lr);
                if (!start.spec().sameWeightsAs(spec)) {
                    throw new Errors.BadInput("--init: " + init + " is a " + start.spec() + ", not the --arch " + spec);
                }
                trainer.startingFrom(start.weights(), init.toAbsolutePath().normalize() + "@" + Files.size(init));
                o.printf(Locale.ROOT, "starting from %s (%,d positions trained)%n", init, start.positions());
            }
            try (StopSignal _ = StopSignal.install("g2048-train-policy-stop", trainer::stop)) {
                PolicyModel m = trainer.run(resume, new PolicyTrainer.Listener() {
                    @Override
                    public void progress(long positions, long total, double loss, double rate, double eta) {
                        o.printf(Locale.ROOT, "positions %,d / %,d  loss %.4f  %.0f positions/s  ETA %s%n", positions, total, loss,
                                rate, duration(eta));
                    }

                    @Override
                    public void snapshot(PolicyCurve.Row r, Path file) {
                        // no held-out games (a tiny dataset): say so instead of printing NaN
                        String heldOut = Double.isNaN(r.heldOutLoss()) ? "no held-out positions" : String.format(Locale.ROOT,
                                "held-out loss %.4f, agreement %.2f%%", r.heldOutLoss(), 100 * r.agreement());
                        o.printf(Locale.ROOT, "snapshot %s: %,d positions, epoch %d, %.0f s, loss %.4f, %s%s%n", file.getFileName(),
                                r.positions(), r.epoch(), r.seconds(), r.trainLoss(), heldOut, r.games() == 0 ? "" : String.format(Locale.ROOT,
                                        ", greedy mean %.0f over %d games (2048 %.0f%%, 4096 %.0f%%, 8192 %.0f%%)", r.mean(), r.games(),
                                        100 * r.reach2048(), 100 * r.reach4096(), 100 * r.reach8192()));
                    }
                });
                o.printf(Locale.ROOT, "%s: %,d positions trained; checkpoint %s%s%n", trainer.stopped() ? "stopped" : "done",
                        m.positions(), trainer.latestCheckpoint(),
                        trainer.stopped() ? " (continue with --resume)" : ", model " + out.resolve(PolicyTrainer.FINAL));
            }
        }
    }

    /** The devices' names, for help and completion. */
    static final class DeviceNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Backends.installed().policyTrainingNames().iterator();
        }
    }

    private static String duration(double seconds) {
        if (!Double.isFinite(seconds)) {
            return "?";
        }
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60) : String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
}
