package g2048.cuda;

import g2048.eval.Evaluator;
import g2048.game.Shape;

/**
 * A value network as an {@link Evaluator} on the GPU: boards go up 8 bytes each, values come back
 * as floats, in batches of up to {@link #maxBatchSize()} per launch sequence (larger requests are
 * split; with the kernels' products, batches of up to {@link CudaPass#RECORDED_MAX_BATCH} replay a
 * recording, see {@link CudaPass}). The parameters ({@link CudaNetwork}) are shared by the instances {@link #forThread()}
 * makes; each instance owns a {@link CudaPass} and must be used by one thread. Close the instances
 * to free their device buffers (the owner of the network closes it, see {@link #owner}).
 */
public final class CudaEvaluator implements Evaluator, AutoCloseable {

    /** Batch a pass is sized for by default: large enough for a GPU, small enough for search latency. */
    public static final int DEFAULT_CAPACITY = 4096;

    private final CudaNetwork net;
    private final CudaPass pass;
    private final String source;
    private final boolean owner;
    private final long[] one = new long[1];
    private final float[] oneValue = new float[1];

    /**
     * @param owner whether closing this evaluator also closes the network (the first one made over
     *     a network owns it; those from {@link #forThread()} do not)
     */
    CudaEvaluator(CudaNetwork net, int capacity, String source, boolean owner, GemmMode gemm, boolean replay) {
        this.net = net;
        this.pass = new CudaPass(net, capacity, false, gemm, replay);
        this.source = source;
        this.owner = owner;
    }

    /** Uploads {@code weights} of {@code network} and makes the owning evaluator over them, its products by the kernels. */
    public static CudaEvaluator create(CudaContext ctx, g2048.nn.Network network, float[] weights, String source, int capacity) {
        return create(ctx, network, weights, source, capacity, GemmMode.KERNELS);
    }

    /**
     * As {@link #create(CudaContext, g2048.nn.Network, float[], String, int)}, its products by
     * {@code gemm}, replaying small forwards where the products are the kernels.
     */
    public static CudaEvaluator create(CudaContext ctx, g2048.nn.Network network, float[] weights, String source, int capacity,
            GemmMode gemm) {
        return create(ctx, network, weights, source, capacity, gemm, gemm == GemmMode.KERNELS);
    }

    /**
     * As {@link #create(CudaContext, g2048.nn.Network, float[], String, int, GemmMode)}; {@code replay}
     * says whether small forwards are recorded and replayed (kernels' products only).
     */
    public static CudaEvaluator create(CudaContext ctx, g2048.nn.Network network, float[] weights, String source, int capacity,
            GemmMode gemm, boolean replay) {
        CudaNetwork net = new CudaNetwork(ctx, network, weights);
        try {
            return new CudaEvaluator(net, capacity, source, true, gemm, replay);
        } catch (RuntimeException e) {
            net.close();
            throw e;
        }
    }

    public CudaNetwork network() {
        return net;
    }

    /** Whether closing this instance closes the shared network too. */
    public boolean owner() {
        return owner;
    }

    @Override
    public Shape shape() {
        return Shape.S4x4;
    }

    @Override
    public double value(long afterstate) {
        one[0] = afterstate;
        pass.forward(one, 0, 1);
        pass.outputs(oneValue);
        return oneValue[0];
    }

    @Override
    public void values(long[] afterstates, int count, double[] out) {
        for (int from = 0; from < count; from += pass.capacity()) {
            int n = Math.min(pass.capacity(), count - from);
            pass.forward(afterstates, from, n);
            pass.values(out, from);
        }
    }

    /** Whether forwards of few boards replay a recording ({@link CudaPass#RECORDED_MAX_BATCH}). */
    public boolean replays() {
        return pass.replays();
    }

    @Override
    public int preferredBatchSize() {
        return pass.capacity();
    }

    @Override
    public Evaluator forThread() {
        return new CudaEvaluator(net, pass.capacity(), source, false, pass.gemm(), pass.replays());
    }

    @Override
    public String describe() {
        String products = pass.gemm() == GemmMode.KERNELS ? "" : ", gemm " + pass.gemm().label();
        String graphs = pass.replays() ? ", cuda graphs" : "";
        return "cnn " + net.spec().name() + " cuda" + products + graphs + " (" + source + ")";
    }

    @Override
    public void close() {
        try {
            pass.close();
        } finally {
            if (owner) {
                net.close();
            }
        }
    }
}
