package g2048.train;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Stops a run on SIGTERM or Ctrl-C: a JVM shutdown hook asks the run to stop, then holds the JVM's
 * exit until the run has saved where it stopped and closed this signal, so a stopped run leaves
 * files to resume from. Open it around the run: {@code try (StopSignal s = StopSignal.install(...))}.
 */
public final class StopSignal implements AutoCloseable {

    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean received;

    private StopSignal(String threadName, Runnable stop, Duration patience) {
        hook = new Thread(() -> {
            received = true;
            stop.run();
            try {
                if (patience == null) {
                    finished.await();
                } else {
                    finished.await(patience.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, threadName);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * On SIGTERM or Ctrl-C, runs {@code stop} (any thread may) on a hook thread named {@code threadName}
     * and holds the exit until {@link #close()}, or at most {@code patience} (null: as long as it takes).
     */
    public static StopSignal install(String threadName, Runnable stop, Duration patience) {
        return new StopSignal(threadName, stop, patience);
    }

    /** As {@link #install(String, Runnable, Duration)}, holding the exit for as long as the run takes to save. */
    public static StopSignal install(String threadName, Runnable stop) {
        return new StopSignal(threadName, stop, null);
    }

    /** Whether the signal came (the run was asked to stop by it). */
    public boolean received() {
        return received;
    }

    /** The run has saved: lets a waiting exit go on, and removes the hook. */
    @Override
    public void close() {
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook is waiting on the latch released above
        }
    }
}
