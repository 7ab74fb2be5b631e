package g2048.train.policy;

import static g2048.settings.BadSetting.field;

import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.nn.Adam;
import g2048.nn.Backend;
import g2048.nn.Backends;
import g2048.nn.CpuBackend;
import g2048.nn.Initializer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.NetworkModel;
import g2048.nn.Optimiser;
import g2048.nn.PolicyEvaluator;
import g2048.nn.SoftmaxCrossEntropy;
import g2048.nn.Workspace;
import g2048.play.GameRunner;
import g2048.play.Summary;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import g2048.policy.PolicyPlayer;
import g2048.settings.BadSetting;
import g2048.train.Every;
import g2048.train.LearningCurve;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Supervised training of a policy network on a teacher's positions: epochs over the training part
 * of {@link TrainingData} in a seeded shuffle, mini-batches of mean softmax cross-entropy, Adam.
 * Every {@code snapshotEvery} positions (and at the end) it writes a snapshot for play, measures the
 * held-out loss and move agreement, plays greedy games, adds a curve row, and checkpoints: a new
 * {@code checkpoint-POSITIONS.g2pn} with the optimiser's state, then {@value #STATE} naming it (and
 * its SHA-256), then the older checkpoint is deleted, so a run killed at any moment leaves a state
 * file naming a complete checkpoint. A stopped or killed run resumes from it and goes on exactly
 * as if it had not stopped (same thread count).
 *
 * <p>A network that sees boards turned ({@link g2048.nn.BoardOrientation}) trains on the
 * positions turned so (the data is turned once, in memory, before the first step).
 *
 * <p>The steps (gradient and Adam) run on a {@link Backend}: the CPU by default, or the GPU's
 * ({@code --device cuda}), which keeps the parameters and the optimiser's moments on the device and
 * hands them back for each snapshot; snapshots, held-out measures and games run on the CPU.
 *
 * <p>Output directory: {@code checkpoint-*.g2pn}, {@code state.properties}, {@code snapshots/},
 * {@code curve.csv}, {@code curve.png}, {@code final.g2pn}.
 */
public final class PolicyTrainer {

    public static final String STATE = "state.properties";
    public static final String FINAL = "final.g2pn";

    /**
     * What a run does. Adam's rate goes linearly from {@code learningRate} at the first position to
     * {@code finalLearningRate} at the end of the last epoch (equal rates: constant). Decaying the
     * rate at the end of a run is what lets the last steps settle instead of jumping around a minimum.
     */
    public record Config(NetSpec spec, int epochs, int batch, double learningRate, double finalLearningRate, double temperature,
            int threads, long snapshotEvery, int evalGames, int heldOutSample, long seed) {

        /** A constant rate. */
        public Config(NetSpec spec, int epochs, int batch, double learningRate, double temperature, int threads,
                long snapshotEvery, int evalGames, int heldOutSample, long seed) {
            this(spec, epochs, batch, learningRate, learningRate, temperature, threads, snapshotEvery, evalGames, heldOutSample, seed);
        }

        public Config {
            BadSetting.requireAtLeast("epochs", 1, epochs);
            BadSetting.requireAtLeast("batch", 1, batch);
            requireHeapFor(batch);
            if (!(learningRate > 0)) {
                throw new BadSetting(field("learningRate"), ": expected a positive rate, got " + learningRate);
            }
            if (!(finalLearningRate > 0)) {
                throw new BadSetting(field("finalLearningRate"), ": expected a positive rate, got " + finalLearningRate);
            }
            BadSetting.requireAtLeast("threads", 1, threads);
            BadSetting.requireAtLeast("snapshotEvery", 1, snapshotEvery);
            if (evalGames < 0) {
                throw new BadSetting(field("evalGames"), ": expected 0 or more, got " + evalGames);
            }
        }

        /** Bytes a step holds per position of its batch: the board (8), its legal moves (4) and its target (4 × 4). */
        static final long BYTES_PER_POSITION = 8 + 4 + 4 * 4;

        /**
         * Refuses a batch whose buffers the heap cannot hold, before anything is allocated: the run would
         * otherwise load its data, then fail out of memory, a failure while running instead of a bad setting.
         */
        private static void requireHeapFor(int batch) {
            Runtime rt = Runtime.getRuntime();
            long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
            long need = batch * BYTES_PER_POSITION;
            if (need > free) {
                throw new BadSetting(field("batch"), ": " + batch + " positions need " + (need >> 20) + " MiB of buffers, more than the "
                        + (free >> 20) + " MiB of heap free (expected a smaller batch, or a larger heap: -Xmx)");
            }
        }

        /** Adam's rate for the step that starts after {@code positions} of the run's {@code total}. */
        public double learningRateAt(long positions, long total) {
            if (finalLearningRate == learningRate || total <= 0) {
                return learningRate;
            }
            double f = Math.min(1.0, (double) positions / total);
            return learningRate + (finalLearningRate - learningRate) * f;
        }
    }

    /** Told what happens. */
    public interface Listener {
        void progress(long positions, long total, double loss, double rate, double etaSeconds);

        void snapshot(PolicyCurve.Row row, Path file);
    }

    private final Config config;
    private final TrainingData data;
    private final Path dir;
    private String dataKey;
    private float[] initial;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final Backend device;

    /** @param dataKey names the data (files, sizes, split): a resumed run must name the same */
    public PolicyTrainer(Config config, TrainingData data, Path dir, String dataKey) {
        this(config, data, dir, dataKey, new CpuBackend());
    }

    /** As {@link #PolicyTrainer(Config, TrainingData, Path, String)}, its steps on {@code device}. */
    public PolicyTrainer(Config config, TrainingData data, Path dir, String dataKey, Backend device) {
        this.device = device;
        this.config = config;
        this.data = data;
        data.orient(config.spec().orientation());
        this.dir = dir;
        this.dataKey = dataKey + ";batch=" + config.batch() + ";temperature=" + config.temperature() + ";seed=" + config.seed()
                + ";arch=" + config.spec().text();
    }

    public void stop() {
        stop.set(true);
    }

    /**
     * Starts a new run from {@code weights} (a trained network of the run's architecture: fine-tuning,
     * say on new data) instead of random ones, with a fresh optimiser; {@code name} identifies them,
     * and a resumed run must name the same.
     */
    public PolicyTrainer startingFrom(float[] weights, String name) {
        if (weights.length != config.spec().weightCount()) {
            throw new BadSetting(field("init"), ": " + name + " has " + weights.length + " weights, "
                    + config.spec().name() + " has " + config.spec().weightCount());
        }
        this.initial = weights.clone();
        this.dataKey += ";init=" + name;
        return this;
    }

    /** Trains from scratch or (with {@code resume}) from the directory's checkpoint; returns the final model. */
    public PolicyModel run(boolean resume, Listener listener) throws IOException {
        NetSpec spec = config.spec();
        Network net = new Network(spec);
        Files.createDirectories(dir.resolve("snapshots"));
        AtomicFile.deleteLeftovers(dir);
        AtomicFile.deleteLeftovers(dir.resolve("snapshots"));
        float[] w;
        Adam adam;
        int epoch = 0;
        long cursor = 0;
        long positions = 0;
        double secondsBefore = 0;
        LearningCurve<PolicyCurve.Row> curve = PolicyCurve.in(dir, spec.name() + " from the teacher's moves");
        if (resume) {
            TrainingState st = readState();
            if (!dataKey.equals(st.data())) {
                throw new BadFileException(dir.resolve(STATE), "was trained on '" + TrainingState.printable(st.data())
                        + "', this run names '" + dataKey
                        + "' (the same --arch, --data, --holdout, --batch, --seed, --init and targets resume it)");
            }
            Path checkpoint = dir.resolve(st.checkpoint());
            PolicyModel m = PolicyFile.load(checkpoint, config.learningRate());
            if (m.adam() == null || !m.spec().equals(spec)) {
                throw new BadFileException(checkpoint, "is not a checkpoint of " + spec.name());
            }
            deleteCheckpointsBut(checkpoint.getFileName().toString());
            w = m.weights();
            adam = m.adam();
            epoch = st.epoch();
            cursor = st.cursor();
            positions = m.positions();
            secondsBefore = st.seconds();
            if (positions != (long) epoch * data.trainSize() + cursor) {
                throw new BadFileException(dir.resolve(STATE), "epoch " + epoch + " and cursor " + cursor + " do not match the "
                        + positions + " positions of " + checkpoint.getFileName() + " (" + data.trainSize() + " an epoch)");
            }
            long kept = positions;
            curve.removeIf(r -> r.positions() > kept);
        } else {
            if (Files.exists(dir.resolve(STATE))) {
                throw new BadSetting(field("out"), ": " + dir + " holds a run already; continue it with ", field("resume"), " or choose another directory");
            }
            w = initial != null ? initial.clone() : Initializer.heNormal(spec, config.seed());
            adam = new Adam(w.length, config.learningRate(), Adam.BETA1, Adam.BETA2, Adam.EPSILON);
        }
        int n = data.trainSize();
        long total = (long) config.epochs() * n;
        int batch = config.batch();
        long[] boards = new long[batch];
        int[] legal = new int[batch];
        float[] targets = new float[4 * batch];
        double lossSum = 0;
        long lossCount = 0;
        Every snapshots = new Every(config.snapshotEvery());
        long nextSnapshot = snapshots.nextAfter(positions);
        long start = System.nanoTime();
        long startPositions = positions;
        long lastProgress = start;
        try (Optimiser<Optimiser.Moves> opt = device.policyTraining(spec, w, adam, batch, config.threads())) {
            while (epoch < config.epochs() && !stop.get()) {
                int[] order = shuffled(n, config.seed(), epoch);
                while (cursor < n && !stop.get()) {
                    int k = (int) Math.min(batch, n - cursor);
                    for (int i = 0; i < k; i++) {
                        int idx = data.trainIndex(order[(int) cursor + i]);
                        boards[i] = data.board(idx);
                        legal[i] = data.legal(idx);
                        data.target(idx, config.temperature(), targets, 4 * i);
                    }
                    opt.learningRate(config.learningRateAt(positions, total));
                    lossSum += opt.step(new Optimiser.Moves(boards, legal, targets), 0, k);
                    lossCount += k;
                    cursor += k;
                    positions += k;
                    long now = System.nanoTime();
                    if (now - lastProgress > 10_000_000_000L) {
                        lastProgress = now;
                        double rate = (positions - startPositions) / ((now - start) / 1e9);
                        listener.progress(positions, total, lossSum / lossCount, rate, (total - positions) / rate);
                    }
                    if (positions >= nextSnapshot) {
                        nextSnapshot = snapshots.nextAfter(nextSnapshot);
                        double secs = secondsBefore + (System.nanoTime() - start) / 1e9;
                        opt.weights(w);
                        adam = opt.adam();
                        snapshot(net, w, adam, epoch, cursor, positions, secs, lossSum / lossCount, curve, listener);
                        lossSum = 0;
                        lossCount = 0;
                    }
                }
                if (cursor >= n) {
                    epoch++;
                    cursor = 0;
                }
            }
            double secs = secondsBefore + (System.nanoTime() - start) / 1e9;
            opt.weights(w);
            adam = opt.adam();
            if (lossCount > 0) {
                snapshot(net, w, adam, epoch, cursor, positions, secs, lossSum / lossCount, curve, listener);
            }
        }
        PolicyModel result = new PolicyModel(spec, w, null, positions);
        if (epoch >= config.epochs()) {
            PolicyFile.save(dir.resolve(FINAL), result);
        }
        return result;
    }

    public boolean stopped() {
        return stop.get();
    }

    private void snapshot(Network net, float[] w, Adam adam, int epoch, long cursor, long positions, double seconds,
            double trainLoss, LearningCurve<PolicyCurve.Row> curve, Listener listener) throws IOException {
        Path snap = dir.resolve("snapshots").resolve(String.format(Locale.ROOT, "policy-%012d.g2pn", positions));
        PolicyFile.save(snap, new PolicyModel(config.spec(), w, null, positions));
        double[] held = heldOut(net, w);
        // a stopped run checkpoints at once: its greedy games would hold up the exit
        int games = stop.get() ? 0 : config.evalGames();
        Summary s = null;
        if (games > 0) {
            PolicyEvaluator logits = Backends.installed().openPolicy(Backends.AUTO, new NetworkModel(net, w.clone(), snap.toString()));
            PolicyPlayer player = new PolicyPlayer(logits, config.spec().name() + " greedy");
            s = new GameRunner(Shape.S4x4).run(player, games, config.threads(), config.seed() + 1_000_003L, null);
        }
        PolicyCurve.Row row = s == null
                ? new PolicyCurve.Row(positions, epoch, seconds, trainLoss, held[0], held[1], 0, Double.NaN, Double.NaN, 0,
                        Double.NaN, Double.NaN, Double.NaN)
                : new PolicyCurve.Row(positions, epoch, seconds, trainLoss, held[0], held[1], s.stats().games(), s.stats().mean(),
                        s.stats().sd(), s.stats().max(), s.stats().reach(11), s.stats().reach(12), s.stats().reach(13));
        curve.append(row);
        String name = String.format(Locale.ROOT, "checkpoint-%012d.g2pn", positions);
        String sha = PolicyFile.save(dir.resolve(name), new PolicyModel(config.spec(), w, adam, positions));
        new TrainingState(name, dataKey, epoch, cursor, seconds, sha).write(dir.resolve(STATE));
        deleteCheckpointsBut(name);
        latest = dir.resolve(name);
        listener.snapshot(row, snap);
    }

    private Path latest;

    /** The checkpoint written last (null before the first). */
    public Path latestCheckpoint() {
        return latest;
    }

    private void deleteCheckpointsBut(String keep) throws IOException {
        try (var files = Files.newDirectoryStream(dir, "checkpoint-*.g2pn")) {
            for (Path f : files) {
                if (!f.getFileName().toString().equals(keep)) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    private TrainingState readState() throws IOException {
        Path file = dir.resolve(STATE);
        TrainingState st = TrainingState.read(file, config.epochs(), data.trainSize());
        Path checkpoint = dir.resolve(st.checkpoint());
        String sha = java.util.HexFormat.of().formatHex(sha256Trailer(checkpoint));
        if (!sha.equals(st.sha256())) {
            throw new BadFileException(file, "names " + checkpoint + " with another SHA-256 than the file's");
        }
        return st;
    }

    private static byte[] sha256Trailer(Path file) throws IOException {
        long size = g2048.files.RegularFile.check(file, "a policy checkpoint (.g2pn)");
        if (size < 32) {
            throw new BadFileException(file, size + " bytes, too short for a policy checkpoint (.g2pn)");
        }
        try (var ch = java.nio.channels.FileChannel.open(file)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(32);
            ch.read(b, size - 32);
            return b.array();
        }
    }

    /** Mean loss and move agreement on {@code heldOutSample} held-out positions spread over all (NaN without any). */
    private double[] heldOut(Network net, float[] w) {
        int m = Math.min(config.heldOutSample(), data.heldOutSize());
        if (m == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        int slice = 64;
        Workspace ws = net.workspace(slice, false);
        long[] boards = new long[slice];
        double[] p = new double[4];
        float[] y = new float[4];
        float[] dz = new float[4];
        double loss = 0;
        int agree = 0;
        for (int from = 0; from < m; from += slice) {
            int k = Math.min(slice, m - from);
            for (int i = 0; i < k; i++) {
                boards[i] = data.board(heldOutAt(from + i, m));
            }
            net.forward(w, ws, boards, 0, k);
            for (int i = 0; i < k; i++) {
                int idx = heldOutAt(from + i, m);
                data.target(idx, 0, y, 0);
                float[] z = java.util.Arrays.copyOfRange(ws.outputs(), 4 * i, 4 * i + 4);
                loss += SoftmaxCrossEntropy.lossAndGradient(z, 0, data.legal(idx), y, 0, 1f, dz, p);
                if (PolicyPlayer.best(ws.outputs(), 4 * i, data.legal(idx)) == data.move(idx)) {
                    agree++;
                }
            }
        }
        return new double[] {loss / m, (double) agree / m};
    }

    /** The i-th of m held-out positions spread evenly over all of them (over many games, not the first few). */
    private int heldOutAt(int i, int m) {
        return data.heldOutIndex((int) ((long) i * data.heldOutSize() / m));
    }

    /** A permutation of 0..n−1 for {@code epoch}, from the run's seed (Fisher–Yates). */
    static int[] shuffled(int n, long seed, int epoch) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Rng rng = new Rng(Rng.mix(seed * 0x9E3779B97F4A7C15L + epoch));
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
