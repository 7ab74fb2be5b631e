package g2048.solver;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Runs a loop over {@code [0, n)} on several threads, handing out chunks from a shared counter. */
public final class Parallel {

    /** The body of a loop: items {@code [from, to)} on worker {@code worker}. */
    public interface Body {
        void run(int worker, long from, long to);
    }

    private Parallel() {
    }

    public static void forRange(int threads, long n, int chunk, Body body) {
        if (n == 0) {
            return;
        }
        int t = (int) Math.max(1, Math.min(threads, (n + chunk - 1) / chunk));
        if (t == 1) {
            body.run(0, 0, n);
            return;
        }
        AtomicLong next = new AtomicLong();
        Throwable[] failure = new Throwable[1];
        List<Thread> workers = new ArrayList<>(t);
        for (int w = 0; w < t; w++) {
            int worker = w;
            Thread th = new Thread(() -> {
                try {
                    long from;
                    while ((from = next.getAndAdd(chunk)) < n) {
                        body.run(worker, from, Math.min(n, from + chunk));
                    }
                } catch (Throwable e) {
                    synchronized (failure) {
                        if (failure[0] == null) {
                            failure[0] = e;
                        }
                    }
                    next.set(n);
                }
            }, "g2048-solve-" + w);
            workers.add(th);
            th.start();
        }
        for (Thread th : workers) {
            try {
                th.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the solver's threads", e);
            }
        }
        if (failure[0] instanceof RuntimeException re) {
            throw re;
        }
        if (failure[0] instanceof Error err) {
            throw err;
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }
}
