package g2048.nn;

/**
 * The CPU's optimisers, value and policy alike: the gradient of a batch's mean loss (the head's,
 * {@link #gradient}) into one array, then {@link Adam#step} on the caller's weights in place.
 * Trainer thread only.
 */
abstract class CpuOptimiser implements Optimiser {

    final float[] weights;
    final Adam adam;
    final float[] grad;

    /** Steps {@code weights} and {@code adam} in place. */
    CpuOptimiser(float[] weights, Adam adam) {
        this.weights = weights;
        this.adam = adam;
        this.grad = new float[weights.length];
    }

    /** Writes into {@link #grad} the gradient of the mean loss of samples {@code [from, from + n)}; returns their summed loss. */
    abstract double gradient(Batch batch, int from, int n);

    /** What follows a step (the value optimiser publishes the new weights); nothing by default. */
    void stepped(Batch batch) {
    }

    @Override
    public final double step(Batch batch, int from, int n) {
        double loss = gradient(batch, from, n);
        adam.step(weights, grad);
        stepped(batch);
        return loss;
    }

    @Override
    public void learningRate(double alpha) {
        adam.setAlpha(alpha);
    }

    @Override
    public void weights(float[] dst) {
        if (dst != weights) {
            System.arraycopy(weights, 0, dst, 0, weights.length);
        }
    }

    /** The live state (the caller's {@code adam}); see {@link Optimiser#adam}. */
    @Override
    public Adam adam() {
        return adam;
    }
}
