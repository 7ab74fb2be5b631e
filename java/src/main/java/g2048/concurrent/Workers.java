package g2048.concurrent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one task on N threads of its own and returns once all of them have ended. The first
 * failure of a worker is kept, raises the shared stop flag (the task should check it and return
 * early) and is rethrown, wrapped, after every thread has ended. An interrupt of the waiting thread
 * raises the flag too and the wait goes on, so no worker outlives {@link #run}; the interrupt status
 * is restored before it returns. Each worker's CPU time is measured where the JVM can.
 *
 * <pre>{@code
 * Workers.Result r = new Workers("g2048-play", threads).stopFlag(cancelled).run(worker -> { ... });
 * }</pre>
 */
public final class Workers {

    /** What every worker runs; {@code worker} is its index, 0 .. threads − 1. */
    @FunctionalInterface
    public interface Task {
        void run(int worker);
    }

    /** How the workers went: their CPU time. */
    public static final class Result {
        private final long[] cpuNanos;

        Result(long[] cpuNanos) {
            this.cpuNanos = cpuNanos;
        }

        /** CPU time (ns) of each worker; −1 where the JVM does not measure thread CPU time. */
        public long[] workerCpuNanos() {
            return cpuNanos.clone();
        }

        /** CPU time (ns) of all workers together; −1 where the JVM does not measure thread CPU time. */
        public long cpuNanos() {
            long sum = 0;
            for (long c : cpuNanos) {
                if (c < 0) {
                    return -1;
                }
                sum += c;
            }
            return sum;
        }
    }

    private final String name;
    private final int threads;
    private AtomicBoolean stop = new AtomicBoolean();
    private long tickMillis;
    private Runnable tick;

    /** {@code threads} workers named {@code name-0}, {@code name-1}, ... */
    public Workers(String name, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.name = name;
        this.threads = threads;
    }

    /** The flag that a failure or an interrupt raises; the task reads it to stop early. */
    public Workers stopFlag(AtomicBoolean flag) {
        this.stop = flag;
        return this;
    }

    /**
     * Runs {@code tick} on the waiting thread about every {@code millis} ms while the workers run
     * (e.g. to sample their progress); a tick that throws counts as a failure and ends the ticks.
     */
    public Workers every(long millis, Runnable tick) {
        if (millis < 1) {
            throw new IllegalArgumentException("interval must be at least 1 ms, got " + millis);
        }
        this.tickMillis = millis;
        this.tick = tick;
        return this;
    }

    /** Runs {@code task} on every worker and waits for all; rethrows the first failure wrapped in an {@link IllegalStateException}. */
    public Result run(Task task) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean timed = mx.isCurrentThreadCpuTimeSupported();
        long[] cpu = new long[threads];
        Arrays.fill(cpu, -1);
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int index = t;
            String threadName = name + "-" + t;
            workers[t] = new Thread(() -> {
                long c0 = timed ? mx.getCurrentThreadCpuTime() : 0;
                try {
                    task.run(index);
                } catch (Throwable e) {
                    fail(failure, threadName, e);
                } finally {
                    if (timed) {
                        cpu[index] = mx.getCurrentThreadCpuTime() - c0;
                    }
                }
            }, threadName);
            workers[t].start();
        }
        boolean interrupted = false;
        boolean ticking = tick != null;
        long lastTick = System.nanoTime();
        for (Thread w : workers) {
            while (w.isAlive()) {
                try {
                    if (!ticking) {
                        w.join();
                        continue;
                    }
                    long waitNanos = lastTick + TimeUnit.MILLISECONDS.toNanos(tickMillis) - System.nanoTime();
                    if (waitNanos > 0) {
                        w.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)));
                    }
                    if (System.nanoTime() - lastTick >= TimeUnit.MILLISECONDS.toNanos(tickMillis)) {
                        lastTick = System.nanoTime();
                        ticking = runTick(failure);
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                    stop.set(true);
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        // join() orders the workers' writes of cpu[] before these reads.
        RuntimeException f = failure.get();
        if (f != null) {
            throw f;
        }
        return new Result(cpu);
    }

    /** Runs the tick; false (no more ticks) if it failed. */
    private boolean runTick(AtomicReference<RuntimeException> failure) {
        try {
            tick.run();
            return true;
        } catch (RuntimeException | Error e) {
            fail(failure, name + " tick", e);
            return false;
        }
    }

    private void fail(AtomicReference<RuntimeException> failure, String where, Throwable e) {
        String what = e.getMessage() != null ? e.getMessage() : e.toString();
        failure.compareAndSet(null, new IllegalStateException(where + " failed: " + what, e));
        stop.set(true);
    }
}
