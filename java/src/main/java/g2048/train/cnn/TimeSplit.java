package g2048.train.cnn;

import java.util.Locale;

/**
 * Where a training run's threads spent their time, summed over threads since the run started
 * (or, as a {@link #since difference}, over an interval): the generators' time in valuing
 * afterstates (the network, on the CPU or the GPU), in waiting for a free chunk (the trainer is
 * behind), and in the rest (playing, sending); the trainer's time in optimiser steps (the GPU's
 * forward, backward and Adam, the trainer thread waiting on them) and in waiting for positions
 * (the generators are behind), over {@code steps} steps.
 */
public record TimeSplit(long generatorNanos, long valuesNanos, long generatorWaitNanos, long trainerNanos, long stepNanos,
        long trainerWaitNanos, long steps) {

    /** The time spent between {@code earlier} and this split. */
    public TimeSplit since(TimeSplit earlier) {
        return new TimeSplit(generatorNanos - earlier.generatorNanos, valuesNanos - earlier.valuesNanos,
                generatorWaitNanos - earlier.generatorWaitNanos, trainerNanos - earlier.trainerNanos, stepNanos - earlier.stepNanos,
                trainerWaitNanos - earlier.trainerWaitNanos, steps - earlier.steps);
    }

    /** The generators' time neither valuing nor waiting: playing the moves, filling and sending chunks. */
    public long playNanos() {
        return Math.max(0, generatorNanos - valuesNanos - generatorWaitNanos);
    }

    /** Milliseconds per optimiser step; NaN without steps. */
    public double millisPerStep() {
        return steps == 0 ? Double.NaN : stepNanos / 1e6 / steps;
    }

    /**
     * One line, e.g. {@code generators: values 71%, play 22%, waiting 7% | trainer: steps 93%
     * (4.12 ms each), waiting 7%}.
     */
    public String describe() {
        return String.format(Locale.ROOT, "generators: values %s, play %s, waiting %s | trainer: steps %s (%.2f ms each), waiting %s",
                share(valuesNanos, generatorNanos), share(playNanos(), generatorNanos), share(generatorWaitNanos, generatorNanos),
                share(stepNanos, trainerNanos), millisPerStep(), share(trainerWaitNanos, trainerNanos));
    }

    private static String share(long part, long whole) {
        return whole <= 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100.0 * part / whole);
    }
}
