package g2048.nn;

import java.util.Arrays;

/**
 * The gradient of a batch's mean loss (its head's, {@link Optimiser.Batch}), value or policy,
 * computed by several threads ({@link BatchSplit}): each thread runs forward and backward on its
 * part into its own gradient buffer (in slices of its workspace), and the buffers are summed in
 * thread order, so a given thread count always gives the same result. With one thread it runs on
 * the caller. Not thread-safe: one trainer uses one instance.
 */
public final class ParallelGradient implements AutoCloseable {

    private final Network net;
    private final BatchSplit split;
    private final Workspace[] workspaces;
    private final float[][] grads;
    private final double[] losses;

    /** @param slice samples per forward/backward pass of one thread */
    public ParallelGradient(Network net, int threads, int slice) {
        this.split = new BatchSplit(threads, "trainer threads", "g2048-gradient");
        this.net = net;
        this.workspaces = new Workspace[threads];
        this.grads = new float[threads][];
        this.losses = new double[threads];
        for (int t = 0; t < threads; t++) {
            workspaces[t] = net.workspace(slice, true);
            grads[t] = t == 0 ? null : new float[net.paramCount()];
        }
    }

    public int threads() {
        return split.threads();
    }

    /**
     * Writes into {@code grad} the gradient of the mean loss of samples {@code [from, from + n)} of
     * {@code batch} under parameters {@code w}; returns their summed loss.
     */
    public double compute(float[] w, Optimiser.Batch batch, int from, int n, float[] grad) {
        Arrays.fill(grad, 0f);
        split.run(t -> part(t, w, batch, from, n, t == 0 ? grad : grads[t]));
        double total = losses[0];
        for (int t = 1; t < split.threads(); t++) {
            float[] g = grads[t];
            for (int i = 0; i < grad.length; i++) {
                grad[i] += g[i];
            }
            total += losses[t];
        }
        return total;
    }

    private void part(int t, float[] w, Optimiser.Batch batch, int from, int n, float[] grad) {
        int lo = split.start(n, t);
        int hi = split.start(n, t + 1);
        if (t > 0) {
            Arrays.fill(grad, 0f);
        }
        Workspace ws = workspaces[t];
        float scale = batch.head().meanScale(n);
        double loss = 0;
        for (int off = lo; off < hi; off += ws.capacity()) {
            int k = Math.min(ws.capacity(), hi - off);
            net.forward(w, ws, batch.boards(), from + off, k);
            loss += net.backward(w, ws, batch, from + off, k, scale, grad);
        }
        losses[t] = loss;
    }

    @Override
    public void close() {
        split.close();
    }
}
