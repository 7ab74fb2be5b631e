package g2048.cuda;

import g2048.nn.Adam;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.Optimiser;

/**
 * Training on the GPU, value or policy networks alike: the device-side mirror of the CPU's
 * gradients ({@link Network#backward}, {@link g2048.nn.ParallelGradient}) and {@link Adam#step} over
 * one {@link CudaNetwork}. The parameters, their gradient and Adam's moments ({@link DeviceAdam})
 * stay on the device; {@link #weights}, {@link #adam} and {@link #downloadTo} bring them back for
 * snapshots and checkpoints, and {@link #publish} hands each version of a value network to the
 * generators (through {@link DeviceWeights}, which {@link CudaFollower}s copy from). One thread
 * drives a trainer.
 *
 * <p>One optimiser step ({@link #step}) is: zero the gradient, forward and backward in slices of
 * the pass (a batch larger than the pass is accumulated over slices, as on the CPU), the head's
 * loss gradient scaled for the mean over the whole batch ({@code 2/N · (V − target)} for the
 * squared error, {@code 1/N · (p − y)} for the cross-entropy), then {@code adam_step} with the
 * bias-corrected rate computed on the host exactly as {@link Adam} computes it.
 */
public final class CudaTrainer<B extends Optimiser.Batch> implements Optimiser<B> {

    private final CudaNetwork net;
    private final CudaPass pass;
    private final DeviceBuffer grad;
    private final DeviceAdam optimiser;

    /**
     * Uploads {@code weights} (the flat parameters of {@code spec}) and {@code adam}'s moments and
     * step count; {@code alpha} … {@code epsilon} are the hyper-parameters of the steps.
     *
     * @param slice samples per forward/backward pass (a step may take more, in slices)
     * @param gemm  what computes the products
     */
    public CudaTrainer(CudaContext ctx, NetSpec spec, float[] weights, Adam adam, double alpha, double beta1, double beta2,
            double epsilon, int slice, GemmMode gemm) {
        int count = spec.weightCount();
        if (adam.firstMoments().length != count) {
            throw new IllegalArgumentException("Adam state of " + adam.firstMoments().length + " parameters for " + spec.name()
                    + "'s " + count);
        }
        CudaNetwork n = CudaNetwork.of(ctx, spec, weights);
        CudaPass p = null;
        DeviceBuffer g = null;
        DeviceAdam o = null;
        try {
            p = new CudaPass(n, slice, true, gemm);
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

    /** A value network's trainer with {@link Adam}'s default hyper-parameters (Matsuzaki 2021's), its products by the kernels. */
    public CudaTrainer(CudaContext ctx, Network network, float[] weights, Adam adam, int batch) {
        this(ctx, network, weights, adam, batch, GemmMode.KERNELS);
    }

    /** A value network's trainer with {@link Adam}'s default hyper-parameters (Matsuzaki 2021's), its products by {@code gemm}. */
    public CudaTrainer(CudaContext ctx, Network network, float[] weights, Adam adam, int batch, GemmMode gemm) {
        this(ctx, network.spec(), weights, adam, Adam.ALPHA, Adam.BETA1, Adam.BETA2, Adam.EPSILON, batch, gemm);
    }

    /** Samples per forward/backward slice (a step may take more, in slices). */
    public int batch() {
        return pass.capacity();
    }

    public CudaPass pass() {
        return pass;
    }

    public long steps() {
        return optimiser.steps();
    }

    public CudaNetwork network() {
        return net;
    }

    /**
     * One optimiser step on samples {@code [from, from + n)} of {@code batch}, the GPU form of the
     * CPU's step. Returns their summed loss before the step (the squared errors, or the cross-entropies).
     */
    @Override
    public double step(B batch, int from, int n) {
        double loss = gradient(batch, from, n);
        adamStep();
        return loss;
    }

    /**
     * The gradient of the mean loss of samples {@code [from, from + n)} into the device's gradient
     * (zeroed first), as the CPU computes it; returns their summed loss.
     */
    public double gradient(B batch, int from, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a step needs at least one sample, got " + n);
        }
        zeroGradient();
        double loss = 0;
        // the mean's derivative: 2/N for the squared error, 1/N for the cross-entropy
        float scale = batch.head().meanScale(n);
        for (int off = 0; off < n; off += pass.capacity()) {
            int k = Math.min(pass.capacity(), n - off);
            pass.forward(batch.boards(), from + off, k);
            loss += pass.backward(batch, from + off, k, scale, grad);
        }
        return loss;
    }

    /** Sets the gradient to zero (queued). */
    public void zeroGradient() {
        net.context().bind();
        grad.zero(net.paramCount(), pass.stream());
    }

    /** Forward of a batch (queued); the outputs come with {@link #outputs}. */
    public void forward(long[] boards, int from, int n) {
        pass.forward(boards, from, n);
    }

    /** The last forward pass's outputs (see {@link CudaPass#outputs}). */
    public void outputs(float[] out) {
        pass.outputs(out);
    }

    /** A value network's backward after {@link #forward} of the same samples: adds into the gradient; returns the SSE. */
    public double backward(float[] targets, int from, int n, float scale) {
        return pass.backward(targets, from, n, scale, grad);
    }

    /** Adam over the accumulated gradient (queued). */
    public void adamStep() {
        optimiser.step(pass.stream(), net.params(), grad);
    }

    @Override
    public void learningRate(double alpha) {
        optimiser.setAlpha(alpha);
    }

    /** Copies the gradient (parameters' layout) into {@code dst} (waits for the device). */
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
