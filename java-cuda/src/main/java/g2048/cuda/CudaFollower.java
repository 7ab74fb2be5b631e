package g2048.cuda;

import g2048.concurrent.Published;
import g2048.nn.GeneratorThreadEvaluator;
import g2048.nn.Network;

/**
 * A generator's values on the GPU during training: a forward pass over its own device copy of the
 * parameters, brought up to the latest {@link DeviceWeights} version before each batch by a
 * device-to-device copy (a few megabytes, microseconds), so that the trainer's Adam steps never
 * change the parameters under a pass in flight. It is the evaluator of one generator thread
 * ({@code CudaValueTraining} closes it once the run's threads have ended, freeing its copy,
 * pass and stream).
 */
public final class CudaFollower extends GeneratorThreadEvaluator implements AutoCloseable {

    private final CudaNetwork net;
    private final CudaPass pass;
    private final DeviceWeights source;
    private long version = Long.MIN_VALUE;

    /** A follower of {@code source} for {@code network}, with a pass of {@code capacity} boards whose products are by {@code gemm}. */
    public CudaFollower(CudaContext ctx, Network network, DeviceWeights source, int capacity, GemmMode gemm) {
        this.source = source;
        CudaNetwork n = new CudaNetwork(ctx, network, new float[network.paramCount()]);
        try {
            this.pass = new CudaPass(n, capacity, false, gemm);
        } catch (RuntimeException e) {
            n.close();
            throw e;
        }
        this.net = n;
    }

    /** Values of {@code boards[0..n)} into {@code out[0..n)} under the latest published parameters. */
    @Override
    public void values(long[] boards, int n, double[] out) {
        Published.Slot<DeviceBuffer> v = source.acquire();
        try {
            if (v.version() != version) {
                net.params().copyFrom(v.buffer(), pass.stream());
                pass.synchronize();
                version = v.version();
            }
        } finally {
            source.release(v);
        }
        for (int from = 0; from < n; from += pass.capacity()) {
            int k = Math.min(pass.capacity(), n - from);
            pass.forward(boards, from, k);
            pass.values(out, from);
        }
    }

    @Override
    public int preferredBatchSize() {
        return pass.capacity();
    }

    @Override
    public String describe() {
        String products = pass.gemm() == GemmMode.KERNELS ? "" : ", gemm " + pass.gemm().label();
        return "cnn " + net.spec().name() + " cuda" + products + " (following the trainer's weights)";
    }

    @Override
    public void close() {
        try (net; pass) {
            // closes the pass, then the parameter copy
        }
    }
}
