package g2048.cuda;

import g2048.nn.Adam;
import g2048.nn.Network;

/**
 * Training on the GPU: the device-side mirror of {@link Network#forward}, {@link Network#backward}
 * and {@link Adam#step} over one {@link CudaNetwork}. The parameters, their gradient and Adam's
 * moments stay on the device; {@link #downloadTo} brings them back for snapshots (the network
 * file's layout), and {@link #publish} hands each version to the generators (through
 * {@link DeviceWeights}, which {@link CudaFollower}s copy from). One thread drives a trainer.
 *
 * <p>One optimiser step ({@link #step}) is: zero the gradient, forward, the MSE gradient
 * {@code 2/N · (V − target)}, backward, Adam with the bias-corrected rate computed on the host
 * exactly as {@link Adam} computes it.
 */
public final class CudaTrainer implements AutoCloseable {

    private final CudaNetwork net;
    private final CudaPass pass;
    private final DeviceBuffer grad;
    private final DeviceAdam optimiser;

    /**
     * Uploads {@code weights} and Adam's state ({@code adam}'s moments and step count, with the
     * given hyper-parameters; {@link Adam}'s defaults for a fresh run).
     */
    public CudaTrainer(CudaContext ctx, Network network, float[] weights, Adam adam, double alpha, double beta1, double beta2,
            double epsilon, int batch, GemmMode gemm) {
        CudaNetwork n = new CudaNetwork(ctx, network, weights);
        CudaPass p = null;
        DeviceBuffer g = null;
        DeviceAdam o = null;
        try {
            p = new CudaPass(n, batch, true, gemm);
            g = DeviceBuffer.floats(ctx, network.paramCount());
            o = new DeviceAdam(ctx, adam, network.paramCount(), alpha, beta1, beta2, epsilon);
        } catch (RuntimeException e) {
            throw PassResources.closeAfter(e, g, p, n);
        }
        this.net = n;
        this.pass = p;
        this.grad = g;
        this.optimiser = o;
    }

    /** With {@link Adam}'s default hyper-parameters (Matsuzaki 2021's), its products by the kernels. */
    public CudaTrainer(CudaContext ctx, Network network, float[] weights, Adam adam, int batch) {
        this(ctx, network, weights, adam, batch, GemmMode.KERNELS);
    }

    /** With {@link Adam}'s default hyper-parameters (Matsuzaki 2021's), its products by {@code gemm}. */
    public CudaTrainer(CudaContext ctx, Network network, float[] weights, Adam adam, int batch, GemmMode gemm) {
        this(ctx, network, weights, adam, Adam.ALPHA, Adam.BETA1, Adam.BETA2, Adam.EPSILON, batch, gemm);
    }

    /** Samples per forward/backward slice (a step may take more, in slices). */
    public int batch() {
        return pass.capacity();
    }

    public long steps() {
        return optimiser.steps();
    }

    public CudaNetwork network() {
        return net;
    }

    /**
     * One optimiser step on {@code boards[from..from+n)} with TD targets {@code targets[from..from+n)}
     * (MSE over the batch), the GPU form of the CPU trainer's step. Returns the batch's sum of
     * squared errors before the step.
     */
    public double step(long[] boards, float[] targets, int from, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a step needs at least one sample, got " + n);
        }
        zeroGradient();
        double sse = 0;
        float scale = 2f / n;
        // A batch larger than the pass is accumulated over slices, as the CPU trainer does.
        for (int off = 0; off < n; off += pass.capacity()) {
            int k = Math.min(pass.capacity(), n - off);
            pass.forward(boards, from + off, k);
            sse += pass.backward(targets, from + off, k, scale, grad);
        }
        adamStep();
        return sse;
    }

    /** Sets the gradient to zero (queued). */
    public void zeroGradient() {
        net.context().bind();
        grad.zero(net.network().paramCount(), pass.stream());
    }

    /** Forward of a batch (queued); the values come with {@link #values}. */
    public void forward(long[] boards, int from, int n) {
        pass.forward(boards, from, n);
    }

    /** The last forward pass's values. */
    public void values(float[] out) {
        pass.values(out);
    }

    /** Backward after {@link #forward} of the same samples: adds into the gradient; returns the SSE. */
    public double backward(float[] targets, int from, int n, float scale) {
        return pass.backward(targets, from, n, scale, grad);
    }

    /** Adam over the accumulated gradient (queued). */
    public void adamStep() {
        optimiser.step(pass.stream(), net.params(), grad);
    }

    /** Copies the gradient (parameters' layout) into {@code dst} (waits for the device). */
    public void gradient(float[] dst) {
        grad.download(dst);
    }

    /**
     * Copies the parameters into {@code weights} and the moments into {@code adam}'s live arrays,
     * for a snapshot. {@code adam} must have taken the same number of steps ({@link #steps()}); make
     * it with {@code new Adam(m, v, trainer.steps(), ...)} otherwise.
     */
    public void downloadTo(float[] weights, Adam adam) {
        if (adam.steps() != optimiser.steps()) {
            throw new IllegalArgumentException("Adam state at step " + adam.steps() + ", the trainer at " + optimiser.steps());
        }
        net.download(weights);
        optimiser.download(adam.firstMoments(), adam.secondMoments());
    }

    /** Copies the moments into {@code m1} and {@code m2} (waits for the device). */
    public void moments(float[] m1, float[] m2) {
        optimiser.download(m1, m2);
    }

    /**
     * Publishes the parameters as they are after the steps queued so far (see
     * {@link DeviceWeights#publish}); false if no buffer was free.
     */
    public boolean publish(DeviceWeights to, long version) {
        net.context().bind();
        return to.publish(net.params(), pass.stream(), version);
    }

    @Override
    public void close() {
        try (net; pass; grad; optimiser) {
            // closes in reverse order: optimiser, grad, pass, net
        }
    }
}
