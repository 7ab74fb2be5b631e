package g2048.policy;

import static g2048.settings.BadSetting.field;

import g2048.settings.BadSetting;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The gradient of a batch's mean cross-entropy, computed by several threads: the batch is cut into
 * as many contiguous parts as threads, each thread runs forward and backward on its part (in
 * slices of its workspace) into its own gradient rows, and the rows are summed in thread order, so
 * a given thread count always gives the same result. With one thread it runs on the caller. Not
 * thread-safe: one trainer uses one instance.
 */
public final class PolicyGradient implements AutoCloseable {

    private final PolicyNetwork net;
    private final int threads;
    private final PolicyWorkspace[] workspaces;
    private final double[] losses;
    private final ExecutorService pool;

    // the batch of the current call, read by the parts
    private PackedWeights w;
    private long[] boards;
    private int[] legal;
    private float[] targets;
    private int from;
    private int n;

    /** @param slice positions per forward/backward pass of one thread */
    public PolicyGradient(PolicyNetwork net, int threads, int slice) {
        if (threads < 1) {
            throw new BadSetting(field("threads"), " must be at least 1, got " + threads);
        }
        this.net = net;
        this.threads = threads;
        this.workspaces = new PolicyWorkspace[threads];
        this.losses = new double[threads];
        for (int t = 0; t < threads; t++) {
            workspaces[t] = new PolicyWorkspace(net.spec(), slice, true);
        }
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread th = new Thread(r, "g2048-policy-gradient");
            th.setDaemon(true);
            return th;
        });
    }

    public int threads() {
        return threads;
    }

    /**
     * Writes into {@code grad} the gradient of the mean cross-entropy of positions
     * {@code [from, from + n)} (targets {@code targets[s·4 ..]}, legal moves {@code legal[s]});
     * returns their summed loss.
     */
    public double compute(PackedWeights w, long[] boards, int[] legal, float[] targets, int from, int n, float[] grad) {
        this.w = w;
        this.boards = boards;
        this.legal = legal;
        this.targets = targets;
        this.from = from;
        this.n = n;
        List<Future<?>> done = new ArrayList<>(threads - 1);
        for (int t = 1; t < threads; t++) {
            int part = t;
            done.add(pool.submit(() -> part(part)));
        }
        part(0);
        for (Future<?> f : done) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while computing a gradient", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("gradient thread failed: " + e.getCause(), e.getCause());
            }
        }
        Arrays.fill(grad, 0f);
        double loss = 0;
        for (int t = 0; t < threads; t++) {
            net.addGradientInto(workspaces[t], grad);
            loss += losses[t];
        }
        return loss;
    }

    // part t covers [from + t·n/T, from + (t+1)·n/T)
    private void part(int t) {
        int lo = (int) ((long) n * t / threads);
        int hi = (int) ((long) n * (t + 1) / threads);
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
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
