package g2048.nn;

import g2048.eval.Evaluator;
import g2048.game.Shape;

/**
 * A value network as an {@link Evaluator} on the CPU. The parameters are shared by every
 * instance made by {@link #forThread()}; each instance owns a {@link Workspace} of
 * {@link #maxBatchSize()} samples, so one instance must be used by one thread only.
 */
public final class NetworkEvaluator implements Evaluator {

    /** Batch of one workspace; larger requests are split. */
    public static final int BATCH = 256;

    private final Network net;
    private final float[] weights;
    private final String source;
    private final Workspace ws;
    private final long[] one = new long[1];

    /** @param source where the weights came from, for {@link #describe()} */
    public NetworkEvaluator(Network net, float[] weights, String source) {
        if (weights.length != net.paramCount()) {
            throw new IllegalArgumentException(net.spec().name() + " needs " + net.paramCount() + " parameters, got " + weights.length);
        }
        this.net = net;
        this.weights = weights;
        this.source = source;
        this.ws = net.workspace(BATCH, false);
    }

    public Network network() {
        return net;
    }

    @Override
    public Shape shape() {
        return Shape.S4x4;
    }

    @Override
    public double value(long afterstate) {
        one[0] = afterstate;
        net.forward(weights, ws, one, 1);
        return ws.outputs()[0];
    }

    @Override
    public void values(long[] afterstates, int count, double[] out) {
        float[] y = ws.outputs();
        for (int from = 0; from < count; from += BATCH) {
            int n = Math.min(BATCH, count - from);
            net.forward(weights, ws, afterstates, from, n);
            for (int s = 0; s < n; s++) {
                out[from + s] = y[s];
            }
        }
    }

    @Override
    public int preferredBatchSize() {
        return BATCH;
    }

    @Override
    public Evaluator forThread() {
        return new NetworkEvaluator(net, weights, source);
    }

    @Override
    public String describe() {
        return "cnn " + net.spec().name() + " cpu (" + source + ")";
    }
}
