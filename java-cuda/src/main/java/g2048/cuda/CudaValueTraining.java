package g2048.cuda;

import g2048.nn.Adam;
import g2048.nn.GeneratorThreadEvaluator;
import g2048.nn.Network;
import g2048.nn.Optimiser;
import g2048.nn.ValueTraining;
import java.util.ArrayList;
import java.util.List;

/**
 * Training on a GPU: the trainer's steps by {@link CudaTrainer} (parameters, gradient and Adam's
 * moments stay on the device), each new version published on the device ({@link DeviceWeights})
 * and each generator's batches valued by a {@link CudaFollower} over its own copy. Nothing but
 * boards, targets and values crosses to the host, except the weights of a snapshot. The
 * {@link CudaBackend}'s training device.
 */
public final class CudaValueTraining implements ValueTraining {

    private final CudaContext ctx;
    private final GemmMode gemm;
    private CudaTrainer<Optimiser.Values> trainer;
    private DeviceWeights published;
    private final List<CudaFollower> followers = new ArrayList<>();

    /** Training on {@code ctx}'s device, every pass's products (trainer's and generators') by {@code gemm}. */
    public CudaValueTraining(CudaContext ctx, GemmMode gemm) {
        this.ctx = ctx;
        this.gemm = gemm;
    }

    @Override
    public String describe() {
        return "cuda " + ctx.describe() + ", gemm " + gemm.label();
    }

    @Override
    public Optimiser<Optimiser.Values> trainerOptimiser(Network net, float[] weights, Adam adam, int trainerThreads) {
        trainer = new CudaTrainer<>(ctx, net, weights, adam, SLICE, gemm);
        published = new DeviceWeights(ctx, weights, 3, adam.steps());
        return new Optimiser<>() {
            @Override
            public double step(Optimiser.Values v, int from, int n) {
                double sse = trainer.step(v, from, n);
                trainer.publish(published, v.version());
                return sse;
            }

            @Override
            public void learningRate(double alpha) {
                trainer.learningRate(alpha);
            }

            @Override
            public void weights(float[] dst) {
                trainer.network().download(dst);
            }

            @Override
            public Adam adam() {
                return trainer.adam();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public synchronized GeneratorThreadEvaluator generatorEvaluator(Network net, int capacity) {
        if (published == null) {
            throw new IllegalStateException("make the optimiser first: it publishes the weights the generators read");
        }
        CudaFollower f = new CudaFollower(ctx, net, published, capacity, gemm);
        followers.add(f);
        return f;
    }

    /** Frees the followers (their generators have ended), then the published versions and the trainer. */
    @Override
    public synchronized void close() {
        // Resources close in reverse (published, then trainer), each even if another fails; null ones are skipped.
        try (CudaTrainer<Optimiser.Values> t = trainer; DeviceWeights p = published) {
            for (CudaFollower f : followers) {
                f.close();
            }
            followers.clear();
        }
    }
}
