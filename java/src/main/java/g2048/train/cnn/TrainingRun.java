package g2048.train.cnn;

import g2048.eval.Evaluator;
import g2048.files.AtomicFile;
import g2048.nn.Adam;
import g2048.nn.Backend;
import g2048.nn.BackendOptions;
import g2048.nn.Backends;
import g2048.nn.CpuBackend;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.NetworkFile;
import g2048.nn.NetworkModel;
import g2048.nn.Optimiser;
import g2048.nn.TrainedNetwork;
import g2048.nn.ValueTraining;
import g2048.player.GameStats;
import g2048.settings.BadSetting;
import g2048.train.GreedyCells;
import g2048.train.LearningCurve;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One training run: starts the generators and the trainer, writes snapshots, evaluates them and
 * keeps the learning curve, until the position target is reached or {@link #stop()} is called
 * (which still writes a final snapshot). Files in the output directory:
 * <pre>
 *   latest.g2nn                    weights + Adam state: the resume point, rewritten at every snapshot
 *   snapshots/pos-NNNNNNNNNNNN.g2nn weights at each snapshot (positions zero-padded to 12 digits)
 *   curve.csv, curve.png            the learning curve ({@link CnnCurve})
 * </pre>
 */
public final class TrainingRun {

    public static final String LATEST = "latest.g2nn";

    /**
     * Chunks in each generator's pool. A generator sends a chunk per turn of its lanes, so the
     * chunks in flight bound how far it runs ahead of the trainer, i.e. how stale its weights get.
     * The bound is about one trainer window (a batch, 5N for shuffleN, 4,096 positions for game)
     * shared by the generators, plus two chunks: enough for the generators to fill the next batch
     * while the trainer steps on the current one (so both cores work), and no more, so that the
     * targets stay about one step old. Under {@code game} batching every lane also holds the chunk
     * of its play in progress, and a finished game is one chunk in flight, as it was at least one
     * when games travelled in chunks of fixed size.
     */
    static int chunksPerGenerator(TrainConfig c) {
        long window = switch (c.batching().mode()) {
            case BATCH -> c.batching().size();
            case SHUFFLE -> (long) c.batching().size() * Batching.SHUFFLE_FACTOR;
            case POSITION -> c.augmentation();
            case GAME -> 4096;
        };
        long perGenerator = (window + c.generators() - 1) / c.generators();
        long samplesPerTurn = (long) c.lanes() * c.augmentation();
        int inFlight = (int) Math.max(4, Math.min(4096, (perGenerator + samplesPerTurn - 1) / samplesPerTurn + 2));
        return c.batching().mode() == Batching.Mode.GAME ? Generator.chunksHeld(c) + inFlight : inFlight;
    }

    /** What a run reports, on the thread that called {@link #run()}. */
    public interface Listener {
        void progress(TrainingStats stats, double positionsPerSecond, double seconds);

        void snapshotSaved(Path file, long positions);

        void evaluated(CnnCurve.Row row);

        /** A line from the backend that evaluates a snapshot (a GPU's self-check, a fallback). */
        default void note(String line) {
        }
    }

    /** A directory without a point to resume from, in one line naming its file. */
    public static final class NoResumePoint extends IllegalArgumentException {
        NoResumePoint(String message) {
            super(message);
        }
    }

    /** Evaluation settings: greedy games per snapshot (0 = none), their lanes and seed. */
    public record Evaluation(int games, int lanes, long seed) {
    }

    private record Snapshot(float[] weights, Adam adam, long positions, long steps, boolean last) {
    }

    private final TrainConfig config;
    private final Path out;
    private final TrainedNetwork start;
    private final long snapshotEvery;
    private final Evaluation evaluation;
    private final double progressSeconds;
    private final Listener listener;
    private final Backends.Choice backend;
    private final ValueTraining device;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicBoolean interrupted = new AtomicBoolean();
    private final LinkedBlockingQueue<Snapshot> snapshots = new LinkedBlockingQueue<>();
    private final List<Throwable> failures = new ArrayList<>();
    private volatile TrainingStats stats;

    /** On the CPU reference, see the other constructor. */
    public TrainingRun(TrainConfig config, Path out, TrainedNetwork start, long snapshotEvery, Evaluation evaluation,
            double progressSeconds, Listener listener) {
        this(config, out, start, snapshotEvery, evaluation, progressSeconds, listener,
                Backends.Choice.of(new CpuBackend(), BackendOptions.NONE));
    }

    /**
     * @param start   the network to continue (with its Adam state), or null for a fresh one
     * @param backend where the run computes ({@link g2048.nn.Backends}): the trainer and the generators
     *                on its {@link ValueTraining} (closed when the run ends), each snapshot's
     *                evaluation on an evaluator it opens (under {@code check}: on both backends, compared)
     */
    public TrainingRun(TrainConfig config, Path out, TrainedNetwork start, long snapshotEvery, Evaluation evaluation,
            double progressSeconds, Listener listener, Backends.Choice backend) {
        BadSetting.requireAtLeast("snapshotEvery", 1, snapshotEvery);
        if (start != null && !start.spec().equals(config.spec())) {
            throw new IllegalArgumentException("mismatched: the run to resume trains " + start.spec().name()
                    + " (" + start.spec().text() + "), not " + config.spec().text());
        }
        this.config = config;
        this.out = out;
        this.start = start;
        this.snapshotEvery = snapshotEvery;
        this.evaluation = evaluation;
        this.progressSeconds = progressSeconds;
        this.listener = listener;
        this.backend = backend;
        this.device = backend.backend().valueTraining(backend.options());
    }

    /**
     * The network and Adam state that continue the run in {@code dir} ({@value #LATEST});
     * {@link NoResumePoint} names the file when it is missing or holds no optimiser state.
     */
    public static TrainedNetwork resumePoint(Path dir) throws IOException {
        Path latest = dir.resolve(LATEST);
        if (!Files.exists(latest)) {
            throw new NoResumePoint(latest + " does not exist");
        }
        TrainedNetwork start = NetworkFile.load(latest);
        if (start.adam() == null) {
            throw new NoResumePoint(latest + " holds no optimiser state");
        }
        return start;
    }

    /**
     * Readies {@code dir} for a run under its lock: deletes the temporary files a killed run left
     * (none is in use under the lock) and returns how many; a run resumed from another directory
     * ({@code resumedFrom}, or null) continues that run's curve.
     */
    public static int prepare(Path dir, Path resumedFrom) throws IOException {
        int left = AtomicFile.deleteLeftovers(dir) + AtomicFile.deleteLeftovers(dir.resolve("snapshots"));
        if (resumedFrom != null && !resumedFrom.toAbsolutePath().normalize().equals(dir.toAbsolutePath().normalize())) {
            Files.createDirectories(dir);
            Path csv = resumedFrom.resolve("curve.csv");
            if (Files.exists(csv) && !Files.exists(dir.resolve("curve.csv"))) {
                Files.copy(csv, dir.resolve("curve.csv"));
            }
        }
        return left;
    }

    /** Where the run computes, in words, for its first line. */
    public String describeDevice() {
        return device.describe();
    }

    /** Asks the run to stop soon; {@link #run()} still writes the final snapshot. Any thread. */
    public void stop() {
        interrupted.set(true);
        stop.set(true);
    }

    /** The counters of the running run (null before {@link #run()}). */
    public TrainingStats stats() {
        return stats;
    }

    /** Trains; returns the final network (weights and Adam state). */
    public TrainedNetwork run() throws IOException, InterruptedException {
        Files.createDirectories(out.resolve("snapshots"));
        Network net = new Network(config.spec());
        float[] weights;
        Adam adam;
        if (start == null) {
            weights = Initializer.truncatedNormal(net, config.seed());
            adam = new Adam(net.paramCount());
        } else {
            weights = start.weights().clone();
            adam = start.adam() != null ? start.adam() : new Adam(net.paramCount());
        }
        long startPositions = start == null ? 0 : start.positions();
        TrainingStats st = new TrainingStats(startPositions, adam.steps());
        stats = st;
        LearningCurve<CnnCurve.Row> curve = CnnCurve.in(out,
                config.spec().name() + " " + config.batching() + " " + config.symmetry().name().toLowerCase(Locale.ROOT)
                        + (config.augment() ? " aug" : "") + (config.restart() ? " restart" : "") + " " + config.jump().text());
        try (device) {
            return train(net, weights, adam, st, curve, startPositions);
        }
    }

    private TrainedNetwork train(Network net, float[] weights, Adam adam, TrainingStats st, LearningCurve<CnnCurve.Row> curve,
            long startPositions) throws IOException, InterruptedException {
        double previousSeconds = curve.rows().isEmpty() ? 0 : curve.rows().getLast().seconds();
        PositionHandoff handoff = new PositionHandoff(config.generators(), chunksPerGenerator(config), Generator.chunkCapacity(config));
        Optimiser<Optimiser.Values> optimiser = device.trainerOptimiser(net, weights, adam, config.trainerThreads());
        OptimiserLoop trainer = new OptimiserLoop(config, optimiser, handoff, st, stop::get, () -> stop.set(true),
                (w, a, p, s, last) -> snapshots.add(new Snapshot(w, a, p, s, last)), snapshotEvery);
        List<Thread> threads = new ArrayList<>();
        threads.add(thread(() -> {
            try (optimiser) {
                trainer.run();
            }
        }, "g2048-trainer"));
        for (int g = 0; g < config.generators(); g++) {
            threads.add(thread(new Generator(g, config, device.generatorEvaluator(net, Generator.batchCapacity(config)), handoff, st,
                    stop::get), "g2048-generator-" + g));
        }
        long t0 = System.nanoTime();
        for (Thread t : threads) {
            t.start();
        }
        try {
            return coordinate(net, st, curve, startPositions, previousSeconds, t0, threads);
        } finally {
            // Stop and wait for every thread before the device is closed under them.
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
        }
    }

    private TrainedNetwork coordinate(Network net, TrainingStats st, LearningCurve<CnnCurve.Row> curve, long startPositions,
            double previousSeconds, long t0, List<Thread> threads) throws IOException, InterruptedException {
        long lastPositions = startPositions;
        long lastTime = t0;
        TrainedNetwork result = null;
        while (result == null) {
            Snapshot s = snapshots.poll((long) (progressSeconds * 1000), TimeUnit.MILLISECONDS);
            long now = System.nanoTime();
            if (s == null || now - lastTime >= progressSeconds * 1e9) {
                long p = st.positions();
                listener.progress(st, (p - lastPositions) / ((now - lastTime) / 1e9), previousSeconds + (now - t0) / 1e9);
                lastPositions = p;
                lastTime = now;
            }
            if (s == null) {
                if (!threads.getFirst().isAlive() && snapshots.isEmpty()) {
                    break;
                }
                continue;
            }
            if (s.weights() == null) {
                break;
            }
            TrainedNetwork saved = new TrainedNetwork(config.spec(), s.weights(), s.adam(), s.positions());
            Path snap = out.resolve("snapshots").resolve(String.format(Locale.ROOT, "pos-%012d.g2nn", s.positions()));
            NetworkFile.save(snap, new TrainedNetwork(config.spec(), s.weights(), null, s.positions()));
            NetworkFile.save(out.resolve(LATEST), saved);
            listener.snapshotSaved(snap, s.positions());
            if (evaluation.games() > 0 && !(s.last() && interrupted.get())) {
                GameStats r = evaluate(new NetworkModel(net, s.weights(), snap.getFileName().toString()));
                CnnCurve.Row row = new CnnCurve.Row(s.positions(), s.steps(), previousSeconds + (System.nanoTime() - t0) / 1e9,
                        new GreedyCells(evaluation.games(), r.mean(), r.sd(), r.max(), r.reach(11), r.reach(12), r.reach(13),
                                r.reach(14)), st.recentMeanScore());
                curve.append(row);
                listener.evaluated(row);
            } else {
                // without evaluation games, or stopped early (no time left to play them), the curve still follows
                // the training games: a stopped run's curve ends where it stopped
                curve.append(new CnnCurve.Row(s.positions(), s.steps(), previousSeconds + (System.nanoTime() - t0) / 1e9,
                        GreedyCells.NONE, st.recentMeanScore()));
            }
            if (s.last()) {
                result = saved;
            }
        }
        stop.set(true);
        for (Thread t : threads) {
            t.join();
        }
        long now = System.nanoTime();
        listener.progress(st, (st.positions() - lastPositions) / Math.max(1e-9, (now - lastTime) / 1e9), previousSeconds + (now - t0) / 1e9);
        synchronized (failures) {
            if (!failures.isEmpty()) {
                Throwable f = failures.getFirst();
                throw new IllegalStateException("training failed: " + f, f);
            }
        }
        if (result == null) {
            throw new IllegalStateException("the trainer ended without a final snapshot");
        }
        return result;
    }

    /** The snapshot's greedy games on an evaluator the backend opens for them (freed after), its notes to the listener. */
    private GameStats evaluate(NetworkModel model) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        Evaluator e;
        try (PrintStream notes = new PrintStream(text, true, StandardCharsets.UTF_8)) {
            e = backend.open(model, notes);
        } finally {
            text.toString(StandardCharsets.UTF_8).lines().forEach(listener::note);
        }
        try {
            return GreedyEvaluation.play(e, evaluation.games(), evaluation.lanes(), evaluation.seed());
        } finally {
            Evaluator.free(e);
        }
    }

    private Thread thread(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.setUncaughtExceptionHandler((th, e) -> {
            synchronized (failures) {
                failures.add(e);
            }
            stop.set(true);
            // The trainer's final snapshot would never come: unblock the coordinator.
            if (th.getName().equals("g2048-trainer")) {
                snapshots.add(new Snapshot(null, null, -1, -1, true));
            }
        });
        return t;
    }
}
