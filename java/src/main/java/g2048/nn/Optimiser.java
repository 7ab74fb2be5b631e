package g2048.nn;

/**
 * The trainer's side of a {@link ValueTraining}: takes Adam steps on the mean squared error of
 * batches and publishes each new version of the weights to the generators. It owns the master
 * weights and the optimiser state, wherever they live. Trainer thread only (see
 * {@link ValueTraining#trainerOptimiser}).
 */
public interface Optimiser extends AutoCloseable {

    /**
     * One Adam step on samples {@code [from, from + n)} (a batch larger than the device's pass is
     * accumulated over slices: still one step), then publishes the weights as version
     * {@code version}. Returns the batch's sum of squared errors before the step.
     */
    double step(long[] boards, float[] targets, int from, int n, long version);

    /** A fresh copy of the current weights (for a snapshot). */
    float[] weights();

    /** A fresh copy of the current Adam state (for a snapshot). */
    Adam adam();

    @Override
    void close();
}
