package g2048.nn;

/**
 * The CPU's optimisers, value and policy alike: the gradient of a batch's mean loss (the head's)
 * by one {@link ParallelGradient} into one array, then {@link Adam#step} on the caller's weights in
 * place. Trainer thread only.
 */
class CpuOptimiser<B extends Optimiser.Batch> implements Optimiser<B> {

    final float[] weights;
    final Adam adam;
    private final float[] grad;
    private final ParallelGradient gradient;

    /** Steps {@code weights} and {@code adam} in place, the gradient by {@code threads} threads in slices of {@code slice}. */
    CpuOptimiser(Network net, float[] weights, Adam adam, int threads, int slice) {
        this.weights = weights;
        this.adam = adam;
        this.grad = new float[weights.length];
        this.gradient = new ParallelGradient(net, threads, slice);
    }

    /** What follows a step (the value optimiser publishes the new weights); nothing by default. */
    void stepped(B batch) {
    }

    @Override
    public final double step(B batch, int from, int n) {
        double loss = gradient.compute(weights, batch, from, n, grad);
        adam.step(weights, grad);
        stepped(batch);
        return loss;
    }

    @Override
    public void close() {
        gradient.close();
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
