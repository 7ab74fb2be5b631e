package g2048.train.cnn;

import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Optimiser;
import g2048.train.Every;
import java.util.function.BooleanSupplier;
import org.agrona.concurrent.IdleStrategy;

/**
 * The trainer thread (Matsuzaki 2021): takes the generators' pairs off the queue, forms batches as
 * the {@link Batching} option says, and has its {@link Optimiser} take one Adam step on the mean
 * squared error of each batch and publish the new weights. A {@link SnapshotSink} receives copies
 * of the weights and the optimiser state every {@code snapshotEvery} positions and at the end.
 *
 * <p>Gradients of a batch larger than the workspace are accumulated over slices, so a step on a
 * whole game ({@code game} batching) is exactly one step on all its positions. A game arrives as
 * one chunk and is stepped on where it lies; the other modes copy chunks into the trainer's batch.
 */
public final class OptimiserLoop implements Runnable {

    /** Receives snapshots on the trainer thread; must copy nothing itself (the arrays are fresh). */
    public interface SnapshotSink {
        void snapshot(float[] weights, Adam adam, long positions, long steps, boolean last);
    }

    private final TrainConfig config;
    private final Optimiser<Optimiser.Values> optimiser;
    private final PositionHandoff handoff;
    private final TrainingStats stats;
    private final BooleanSupplier stopRequested;
    private final Runnable stopAll;
    private final SnapshotSink sink;
    private final Every snapshots;
    private final int augmentation;
    private final Rng shuffleRng;

    private long[] boards;
    private float[] targets;
    private int count;
    private long samplesTrained;
    private long nextSnapshot;
    // Time since the last report to the stats (see reportTime).
    private long mark;
    private long stepNanos;
    private long waitNanos;
    private long timedSteps;

    /**
     * @param stopRequested true once the run must stop (Ctrl-C or a failure)
     * @param stopAll       called when the trainer reaches the position target, to stop everyone
     */
    public OptimiserLoop(TrainConfig config, Optimiser<Optimiser.Values> optimiser, PositionHandoff handoff, TrainingStats stats,
            BooleanSupplier stopRequested, Runnable stopAll, SnapshotSink sink, long snapshotEvery) {
        this.config = config;
        this.optimiser = optimiser;
        this.handoff = handoff;
        this.stats = stats;
        this.stopRequested = stopRequested;
        this.stopAll = stopAll;
        this.sink = sink;
        this.snapshots = new Every(snapshotEvery);
        this.augmentation = config.augmentation();
        this.shuffleRng = new Rng(Rng.gameSeed(config.seed(), 2_000_000L));
        Batching b = config.batching();
        int buffer = switch (b.mode()) {
            case BATCH -> b.size();
            case SHUFFLE -> b.size() * Batching.SHUFFLE_FACTOR;
            case POSITION -> augmentation;
            case GAME -> 0;
        };
        boards = new long[buffer];
        targets = new float[buffer];
        this.samplesTrained = stats.positions() * augmentation;
        this.nextSnapshot = snapshots.nextAfter(stats.positions());
        this.mark = System.nanoTime();
    }

    @Override
    public void run() {
        IdleStrategy idle = PositionHandoff.idleStrategy();
        boolean waiting = false;
        mark = System.nanoTime();
        long waitStart = 0;
        while (!stopRequested.getAsBoolean() && stats.positions() < config.positions()) {
            PositionChunk c = handoff.poll();
            if (c == null) {
                if (!waiting) {
                    waitStart = System.nanoTime();
                    waiting = true;
                }
                idle.idle();
                continue;
            }
            if (waiting) {
                waitNanos += System.nanoTime() - waitStart;
                waiting = false;
                idle.reset();
            }
            take(c);
            handoff.recycle(c);
        }
        if (waiting) {
            waitNanos += System.nanoTime() - waitStart;
        }
        reportTime();
        stopAll.run();
        sink.snapshot(weights(), optimiser.adam(), stats.positions(), stats.steps(), true);
    }

    private void take(PositionChunk c) {
        if (config.batching().mode() == Batching.Mode.GAME) {
            // A whole game: the step reads the chunk itself, before it goes back to its generator.
            if (c.count > 0) {
                step(c.boards, c.targets, 0, c.count);
            }
            return;
        }
        int i = 0;
        while (i < c.count) {
            int k = Math.min(c.count - i, boards.length - count);
            System.arraycopy(c.boards, i, boards, count, k);
            System.arraycopy(c.targets, i, targets, count, k);
            count += k;
            i += k;
            if (count == boards.length) {
                trainBuffer();
                count = 0;
            }
        }
    }

    private void trainBuffer() {
        Batching b = config.batching();
        switch (b.mode()) {
            case BATCH -> step(boards, targets, 0, count);
            case POSITION -> {
                // Online TD: one step per position (its 8 images together with augmentation).
                step(boards, targets, 0, count);
            }
            case SHUFFLE -> {
                shuffle(boards, targets, count);
                for (int from = 0; from < count; from += b.size()) {
                    step(boards, targets, from, Math.min(b.size(), count - from));
                }
            }
            case GAME -> throw new IllegalStateException("game batching trains per game");
        }
    }

    /** Adds the time since the last report to the run's {@link TimeSplit}: after every step, so the figures stay current. */
    private void reportTime() {
        long now = System.nanoTime();
        stats.trainerTime(now - mark, stepNanos, waitNanos, timedSteps);
        mark = now;
        stepNanos = 0;
        waitNanos = 0;
        timedSteps = 0;
    }

    /** Fisher–Yates on the pairs, seeded. */
    void shuffle(long[] bs, float[] ts, int n) {
        for (int i = n - 1; i > 0; i--) {
            int j = shuffleRng.nextInt(i + 1);
            long b = bs[i];
            bs[i] = bs[j];
            bs[j] = b;
            float t = ts[i];
            ts[i] = ts[j];
            ts[j] = t;
        }
    }

    /** One Adam step on the mean squared error of samples {@code [from, from + n)}. */
    private void step(long[] bs, float[] ts, int from, int n) {
        long steps = stats.steps.get() + 1;
        long t0 = System.nanoTime();
        double sse = optimiser.step(new Optimiser.Values(bs, ts, steps), from, n);
        stepNanos += System.nanoTime() - t0;
        timedSteps++;
        reportTime();
        stats.steps.set(steps);
        stats.loss(sse / n);
        stats.samples.addAndGet(n);
        samplesTrained += n;
        long positions = samplesTrained / augmentation;
        stats.positions.set(positions);
        if (positions >= nextSnapshot && positions < config.positions()) {
            sink.snapshot(weights(), optimiser.adam(), positions, steps, false);
            nextSnapshot = snapshots.nextAfter(positions);
        }
    }

    /** A fresh copy of the optimiser's weights, for a snapshot. */
    private float[] weights() {
        float[] w = new float[config.spec().weightCount()];
        optimiser.weights(w);
        return w;
    }
}
