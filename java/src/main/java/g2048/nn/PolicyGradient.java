package g2048.nn;

import java.util.Arrays;

/**
 * The gradient of a batch's mean cross-entropy, computed by several threads ({@link BatchSplit}):
 * each thread runs forward and backward on its part (in slices of its workspace) into its own
 * gradient rows, and the rows are summed in thread order, so a given thread count always gives the
 * same result. With one thread it runs on the caller. Not thread-safe: one trainer uses one
 * instance.
 */
public final class PolicyGradient implements AutoCloseable {

    private final PolicyNetwork net;
    private final BatchSplit split;
    private final PolicyWorkspace[] workspaces;
    private final double[] losses;

    /** @param slice positions per forward/backward pass of one thread */
    public PolicyGradient(PolicyNetwork net, int threads, int slice) {
        this.split = new BatchSplit(threads, "--threads", "g2048-policy-gradient");
        this.net = net;
        this.workspaces = new PolicyWorkspace[threads];
        this.losses = new double[threads];
        for (int t = 0; t < threads; t++) {
            workspaces[t] = new PolicyWorkspace(net.spec(), slice, true);
        }
    }

    public int threads() {
        return split.threads();
    }

    /**
     * Writes into {@code grad} the gradient of the mean cross-entropy of positions
     * {@code [from, from + n)} (targets {@code targets[s·4 ..]}, legal moves {@code legal[s]});
     * returns their summed loss.
     */
    public double compute(PackedWeights w, long[] boards, int[] legal, float[] targets, int from, int n, float[] grad) {
        split.run(t -> part(t, w, boards, legal, targets, from, n));
        Arrays.fill(grad, 0f);
        double loss = 0;
        for (int t = 0; t < split.threads(); t++) {
            net.addGradientInto(workspaces[t], grad);
            loss += losses[t];
        }
        return loss;
    }

    private void part(int t, PackedWeights w, long[] boards, int[] legal, float[] targets, int from, int n) {
        int lo = split.start(n, t);
        int hi = split.start(n, t + 1);
        PolicyWorkspace ws = workspaces[t];
        net.clearGradient(ws);
        float scale = 1f / n;
        double loss = 0;
        for (int off = lo; off < hi; off += ws.capacity()) {
            int k = Math.min(ws.capacity(), hi - off);
            net.forward(w, ws, boards, from + off, k);
            loss += net.backward(w, ws, legal, targets, from + off, k, scale);
        }
        losses[t] = loss;
    }

    @Override
    public void close() {
        split.close();
    }
}
