package g2048.nn;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * A batch cut into as many contiguous parts as threads, the parts computed at once: part 0 on the
 * calling thread, the others on a pool of daemon threads (none with one thread). The gradients of
 * value and policy networks split their batches this way; each sums its parts' results in part
 * order, so a given thread count always gives the same result. Not thread-safe.
 */
final class BatchSplit implements AutoCloseable {

    private final int threads;
    private final ExecutorService pool;

    /**
     * @param what       the thread count's name in the error when it is below 1
     * @param threadName the pool threads' name
     */
    BatchSplit(int threads, String what, String threadName) {
        if (threads < 1) {
            throw new IllegalArgumentException(what + " must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.pool = threads == 1 ? null : Executors.newFixedThreadPool(threads - 1, r -> {
            Thread th = new Thread(r, threadName);
            th.setDaemon(true);
            return th;
        });
    }

    int threads() {
        return threads;
    }

    /** Where part {@code t} of a batch of {@code n} starts (part t covers [start(t), start(t + 1))). */
    int start(int n, int t) {
        return (int) ((long) n * t / threads);
    }

    /** Runs {@code part} for every part; returns once all have ended, rethrowing the first failure. */
    void run(IntConsumer part) {
        if (threads == 1) {
            part.accept(0);
            return;
        }
        List<Future<?>> done = new ArrayList<>(threads - 1);
        for (int t = 1; t < threads; t++) {
            int p = t;
            done.add(pool.submit(() -> part.accept(p)));
        }
        part.accept(0);
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
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
