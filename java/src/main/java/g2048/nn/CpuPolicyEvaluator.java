package g2048.nn;

/**
 * A policy network's logits on the CPU: {@link Network#forward} over a small workspace of its
 * own (play asks for one board at a time); the weights are shared with {@link #forThread()}'s.
 */
final class CpuPolicyEvaluator implements PolicyEvaluator {

    /** Boards of one pass; larger requests are split. */
    private static final int BATCH = 16;

    private final Network net;
    private final float[] weights;
    private final Workspace ws;

    CpuPolicyEvaluator(NetworkModel model) {
        this.net = model.network();
        this.weights = model.weights();
        this.ws = net.workspace(BATCH, false);
    }

    @Override
    public NetSpec spec() {
        return net.spec();
    }

    @Override
    public void logits(long[] boards, int n, float[] out) {
        for (int from = 0; from < n; from += BATCH) {
            int k = Math.min(BATCH, n - from);
            net.forward(weights, ws, boards, from, k);
            System.arraycopy(ws.outputs(), 0, out, from * NetSpec.MOVES, k * NetSpec.MOVES);
        }
    }

    @Override
    public PolicyEvaluator forThread() {
        return new CpuPolicyEvaluator(new NetworkModel(net, weights, ""));
    }
}
