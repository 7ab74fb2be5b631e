package g2048.train.cnn;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters shared by the threads of a run: positions trained, optimiser steps, samples, games,
 * the scores of the latest 100 games the generators finished (the paper's progress measure), and
 * where the threads' time went ({@link #time()}).
 */
public final class TrainingStats {

    public static final int RECENT = 100;

    final AtomicLong positions = new AtomicLong();
    final AtomicLong steps = new AtomicLong();
    final AtomicLong samples = new AtomicLong();
    final AtomicLong games = new AtomicLong();
    private final long[] recent = new long[RECENT];
    private int recentCount;
    private int recentNext;
    private double lastLoss = Double.NaN;
    private final LongAdder generatorNanos = new LongAdder();
    private final LongAdder valuesNanos = new LongAdder();
    private final LongAdder generatorWaitNanos = new LongAdder();
    private final AtomicLong trainerNanos = new AtomicLong();
    private final AtomicLong stepNanos = new AtomicLong();
    private final AtomicLong trainerWaitNanos = new AtomicLong();
    private final AtomicLong timedSteps = new AtomicLong();

    public TrainingStats(long positions, long steps) {
        this.positions.set(positions);
        this.steps.set(steps);
    }

    /** Positions (afterstates generated and trained on, before augmentation). */
    public long positions() {
        return positions.get();
    }

    public long steps() {
        return steps.get();
    }

    /** Samples fed to the optimiser (positions × 8 with augmentation). */
    public long samples() {
        return samples.get();
    }

    public long games() {
        return games.get();
    }

    synchronized void gameFinished(long score) {
        recent[recentNext] = score;
        recentNext = (recentNext + 1) % RECENT;
        recentCount = Math.min(RECENT, recentCount + 1);
        games.incrementAndGet();
    }

    /** The mean score of the latest (up to) 100 games; NaN before the first. */
    public synchronized double recentMeanScore() {
        if (recentCount == 0) {
            return Double.NaN;
        }
        double s = 0;
        for (int i = 0; i < recentCount; i++) {
            s += recent[i];
        }
        return s / recentCount;
    }

    /** A generator's time since its last report: in all, valuing afterstates, waiting for a chunk. */
    void generatorTime(long nanos, long values, long waiting) {
        generatorNanos.add(nanos);
        valuesNanos.add(values);
        generatorWaitNanos.add(waiting);
    }

    /** The trainer's time since its last report: in all, in {@code steps} optimiser steps, waiting for positions. */
    void trainerTime(long nanos, long inSteps, long waiting, long steps) {
        trainerNanos.addAndGet(nanos);
        stepNanos.addAndGet(inSteps);
        trainerWaitNanos.addAndGet(waiting);
        timedSteps.addAndGet(steps);
    }

    /** Where the threads' time went since the run (or this resumption) started; each thread reports after each turn or step. */
    public TimeSplit time() {
        return new TimeSplit(generatorNanos.sum(), valuesNanos.sum(), generatorWaitNanos.sum(), trainerNanos.get(), stepNanos.get(),
                trainerWaitNanos.get(), timedSteps.get());
    }

    synchronized void loss(double mse) {
        lastLoss = mse;
    }

    /** The mean squared error of the last optimiser step. */
    public synchronized double lastLoss() {
        return lastLoss;
    }
}
