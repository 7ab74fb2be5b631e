package g2048.nn;

import java.util.Arrays;

/**
 * The gradient of a batch's mean squared error, computed by several threads ({@link BatchSplit}):
 * each thread runs forward and backward on its part into its own gradient buffer (in slices of
 * its workspace), and the buffers are summed in thread order, so a given thread count always gives
 * the same result. With one thread it runs on the caller. Not thread-safe: one trainer uses one
 * instance.
 */
public final class ParallelGradient implements AutoCloseable {

    private final Network net;
    private final BatchSplit split;
    private final Workspace[] workspaces;
    private final float[][] grads;
    private final double[] sse;

    /** @param slice samples per forward/backward pass of one thread */
    public ParallelGradient(Network net, int threads, int slice) {
        this.split = new BatchSplit(threads, "trainer threads", "g2048-gradient");
        this.net = net;
        this.workspaces = new Workspace[threads];
        this.grads = new float[threads][];
        this.sse = new double[threads];
        for (int t = 0; t < threads; t++) {
            workspaces[t] = net.workspace(slice, true);
            grads[t] = t == 0 ? null : new float[net.paramCount()];
        }
    }

    public int threads() {
        return split.threads();
    }

    /**
     * Writes into {@code grad} the gradient of the mean squared error of samples
     * {@code [from, from + n)} under parameters {@code w}; returns their sum of squared errors.
     */
    public double compute(float[] w, long[] boards, float[] targets, int from, int n, float[] grad) {
        Arrays.fill(grad, 0f);
        split.run(t -> part(t, w, boards, targets, from, n, t == 0 ? grad : grads[t]));
        double total = sse[0];
        for (int t = 1; t < split.threads(); t++) {
            float[] g = grads[t];
            for (int i = 0; i < grad.length; i++) {
                grad[i] += g[i];
            }
            total += sse[t];
        }
        return total;
    }

    private void part(int t, float[] w, long[] boards, float[] targets, int from, int n, float[] grad) {
        int lo = split.start(n, t);
        int hi = split.start(n, t + 1);
        if (t > 0) {
            Arrays.fill(grad, 0f);
        }
        Workspace ws = workspaces[t];
        float scale = 2f / n;
        double s = 0;
        for (int off = lo; off < hi; off += ws.capacity()) {
            int k = Math.min(ws.capacity(), hi - off);
            net.forward(w, ws, boards, from + off, k);
            s += net.backward(w, ws, targets, from + off, k, scale, grad);
        }
        sse[t] = s;
    }

    @Override
    public void close() {
        split.close();
    }
}
