package g2048.cuda;

import g2048.nn.Adam;
import g2048.nn.PolicyOptimiser;
import g2048.nn.PolicySpec;

/**
 * Policy training on the GPU: the device-side mirror of {@link g2048.nn.PolicyGradient} and
 * {@link Adam#step} over one {@link CudaPolicyNetwork}. The parameters, their gradient and Adam's
 * moments stay on the device; {@link #weights} and {@link #adam} bring them back for snapshots and
 * checkpoints. One step ({@link #step}): zero the gradient, forward and backward in slices of the
 * pass (the loss's gradient scaled by 1/N over the whole batch, as on the CPU), then
 * {@code adam_step} with the bias-corrected rate computed on the host exactly as {@link Adam} does.
 * One thread drives a trainer.
 */
public final class CudaPolicyTrainer implements PolicyOptimiser {

    private final CudaPolicyNetwork net;
    private final CudaPolicyPass pass;
    private final DeviceBuffer grad;
    private final DeviceAdam optimiser;
    private final int count;

    /**
     * Uploads {@code weights} and {@code adam}'s moments and step count; {@code alpha} … {@code epsilon}
     * are the hyper-parameters of the steps (those of {@code adam} for the same steps as the CPU).
     *
     * @param slice positions per forward/backward pass (a step may take more, in slices)
     */
    public CudaPolicyTrainer(CudaContext ctx, PolicySpec spec, float[] weights, Adam adam, double alpha, double beta1, double beta2,
            double epsilon, int slice) {
        this.count = spec.weightCount();
        if (adam.firstMoments().length != count) {
            throw new IllegalArgumentException("Adam state of " + adam.firstMoments().length + " parameters for " + spec.name()
                    + "'s " + count);
        }
        CudaPolicyNetwork n = new CudaPolicyNetwork(ctx, spec, weights);
        CudaPolicyPass p = null;
        DeviceBuffer g = null;
        DeviceAdam o = null;
        try {
            p = new CudaPolicyPass(n, slice);
            g = DeviceBuffer.floats(ctx, count);
            o = new DeviceAdam(ctx, adam, count, alpha, beta1, beta2, epsilon);
        } catch (RuntimeException e) {
            throw PassResources.closeAfter(e, g, p, n);
        }
        this.net = n;
        this.pass = p;
        this.grad = g;
        this.optimiser = o;
    }

    public CudaPolicyPass pass() {
        return pass;
    }

    public long steps() {
        return optimiser.steps();
    }

    /**
     * One optimiser step on positions {@code [0, n)}: the gradient of their mean cross-entropy,
     * then Adam. Returns their summed loss before the step.
     */
    @Override
    public double step(long[] boards, int[] legal, float[] targets, int n) {
        double loss = gradient(boards, legal, targets, n);
        adamStep();
        return loss;
    }

    /**
     * The gradient of the mean cross-entropy of positions {@code [0, n)} into the device's gradient
     * (zeroed first), as {@link g2048.nn.PolicyGradient#compute}; returns their summed loss.
     */
    public double gradient(long[] boards, int[] legal, float[] targets, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a step needs at least one position, got " + n);
        }
        net.context().bind();
        grad.zero(count, pass.stream());
        double loss = 0;
        float scale = 1f / n;
        for (int off = 0; off < n; off += pass.capacity()) {
            int k = Math.min(pass.capacity(), n - off);
            pass.forward(boards, off, k);
            loss += pass.backward(legal, targets, off, k, scale, grad);
        }
        return loss;
    }

    @Override
    public void learningRate(double alpha) {
        optimiser.setAlpha(alpha);
    }

    /** Adam over the gradient (queued). */
    public void adamStep() {
        optimiser.step(pass.stream(), net.params(), grad);
    }

    /** Copies the gradient into {@code dst} (waits for the device). */
    public void gradient(float[] dst) {
        pass.synchronize();
        grad.download(dst);
    }

    @Override
    public void weights(float[] dst) {
        pass.synchronize();
        net.download(dst);
    }

    /** Adam's state as it is on the device: fresh arrays, the trainer's step count and hyper-parameters. */
    @Override
    public Adam adam() {
        pass.synchronize();
        return optimiser.toAdam();
    }

    @Override
    public void close() {
        try (net; pass; grad; optimiser) {
            // closes in reverse order: optimiser, grad, pass, net
        }
    }
}
