package g2048.nn;

import g2048.nn.Adam;

/**
 * The training steps of one run on a {@code g2048.policy.Backend}: each step is the gradient of a batch's
 * mean softmax cross-entropy ({@link SoftmaxCrossEntropy}) and one Adam step. One thread drives it.
 */
public interface PolicyOptimiser extends AutoCloseable {

    /**
     * One step on positions {@code [0, n)}: boards, legal-move masks, targets {@code targets[s·4 ..]}
     * (distributions over the legal moves). Returns the positions' summed loss before the step.
     */
    double step(long[] boards, int[] legal, float[] targets, int n);

    /** Adam's rate α for the following steps (a schedule sets it before each). */
    void learningRate(double alpha);

    /** Copies the current parameters into {@code dst} (the flat layout of {@link PolicySpec}). */
    void weights(float[] dst);

    /** Adam's current state (moments and steps), for a checkpoint; read it before the next step. */
    Adam adam();

    @Override
    void close();
}
