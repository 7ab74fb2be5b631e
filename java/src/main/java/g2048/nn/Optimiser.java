package g2048.nn;

/**
 * A training run's optimiser, value or policy: Adam steps on the mean loss of the network's
 * {@link Head} over batches, wherever the weights, their gradient and Adam's state live (the
 * caller's arrays on the CPU, the device on a GPU). A value network's optimiser comes from a
 * {@link ValueTraining} (its steps publish each new version of the weights to the generators), a
 * policy network's from {@link Backend#policyTraining}. One thread drives it.
 */
public interface Optimiser extends AutoCloseable {

    /** The samples of a step, as the head's loss reads them. */
    sealed interface Batch {
        long[] boards();
    }

    /**
     * A value network's batch: a TD target per board, the loss their squared error; after the step
     * the weights are published to the generators as {@code version}.
     */
    record Values(long[] boards, float[] targets, long version) implements Batch {
    }

    /**
     * A policy network's batch: per board its legal moves (a bit mask) and a target distribution
     * over them at {@code targets[s·4 ..]}, the loss their softmax cross-entropy
     * ({@link SoftmaxCrossEntropy}).
     */
    record Moves(long[] boards, int[] legal, float[] targets) implements Batch {
    }

    /** {@code batch} as a value network's, or an {@link IllegalArgumentException}. */
    static Values values(Batch batch) {
        if (batch instanceof Values v) {
            return v;
        }
        throw new IllegalArgumentException("a value network's optimiser steps on values, not on moves");
    }

    /** {@code batch} as a policy network's, or an {@link IllegalArgumentException}. */
    static Moves moves(Batch batch) {
        if (batch instanceof Moves m) {
            return m;
        }
        throw new IllegalArgumentException("a policy network's optimiser steps on moves, not on values");
    }

    /**
     * One Adam step on samples {@code [from, from + n)} of {@code batch} (a batch larger than the
     * device's pass is accumulated over slices: still one step). Returns the samples' summed loss
     * before the step; a batch of the other head's kind is an {@link IllegalArgumentException}.
     */
    double step(Batch batch, int from, int n);

    /** Adam's rate α for the following steps (a schedule sets it before each). */
    void learningRate(double alpha);

    /** Copies the current parameters into {@code dst} (the flat layout of {@link NetSpec}). */
    void weights(float[] dst);

    /** Adam's current state (moments, steps and hyper-parameters), for a snapshot; read it before the next step. */
    Adam adam();

    @Override
    void close();
}
