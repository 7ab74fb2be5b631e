package g2048.nn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The gradient of a batch's mean squared error, computed by several threads: the batch is cut
 * into as many contiguous parts as threads, each thread runs forward and backward on its part
 * into its own gradient buffer (in slices of its workspace), and the buffers are summed in thread
 * order, so a given thread count always gives the same result. With one thread it runs on the
 * caller. Not thread-safe: one trainer uses one instance.
 */
public final class ParallelGradient implements AutoCloseable {

    private final Network net;
    private final int threads;
    private final Workspace[] workspaces;
    private final float[][] grads;
    private final double[] sse;
    private final ExecutorService pool;
    private final List<Callable<Void>> tasks = new ArrayList<>();

    // The batch of the current call, read by the tasks.
    private float[] w;
    private long[] boards;
    private float[] targets;
    private int from;
    private int n;

    /** @param slice samples per forward/backward pass of one thread */
    public ParallelGradient(Network net, int threads, int slice) {
        if (threads < 1) {
            throw new IllegalArgumentException("trainer threads must be at least 1, got " + threads);
        }
        this.net = net;
        this.threads = threads;
        this.workspaces = new Workspace[threads];
        this.grads = new float[threads][];
        this.sse = new double[threads];
        for (int t = 0; t < threads; t++) {
            workspaces[t] = net.workspace(slice, true);
            grads[t] = t == 0 ? null : new float[net.paramCount()];
            int part = t;
            tasks.add(() -> {
                part(part, grads[part]);
                return null;
            });
        }
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread th = new Thread(r, "g2048-gradient");
            th.setDaemon(true);
            return th;
        });
    }

    public int threads() {
        return threads;
    }

    /**
     * Writes into {@code grad} the gradient of the mean squared error of samples
     * {@code [from, from + n)} under parameters {@code w}; returns their sum of squared errors.
     */
    public double compute(float[] w, long[] boards, float[] targets, int from, int n, float[] grad) {
        this.w = w;
        this.boards = boards;
        this.targets = targets;
        this.from = from;
        this.n = n;
        Arrays.fill(grad, 0f);
        if (threads == 1) {
            part(0, grad);
            return sse[0];
        }
        List<Future<Void>> done = new ArrayList<>(threads - 1);
        for (int t = 1; t < threads; t++) {
            done.add(pool.submit(tasks.get(t)));
        }
        part(0, grad);
        double total = sse[0];
        for (int t = 1; t < threads; t++) {
            try {
                done.get(t - 1).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while computing a gradient", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("gradient thread failed: " + e.getCause(), e.getCause());
            }
            float[] g = grads[t];
            for (int i = 0; i < grad.length; i++) {
                grad[i] += g[i];
            }
            total += sse[t];
        }
        return total;
    }

    // Part t covers [from + t·n/T, from + (t+1)·n/T).
    private void part(int t, float[] grad) {
        int lo = (int) ((long) n * t / threads);
        int hi = (int) ((long) n * (t + 1) / threads);
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
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
