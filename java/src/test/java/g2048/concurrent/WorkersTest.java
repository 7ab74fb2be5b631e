package g2048.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class WorkersTest {

    @Test
    void everyWorkerRunsOnceOnItsOwnNamedThread() {
        AtomicIntegerArray runs = new AtomicIntegerArray(4);
        String[] names = new String[4];
        Workers.Result r = new Workers("w", 4).run(i -> {
            runs.incrementAndGet(i);
            names[i] = Thread.currentThread().getName();
        });
        for (int i = 0; i < 4; i++) {
            assertEquals(1, runs.get(i));
            assertEquals("w-" + i, names[i]);
        }
        assertEquals(4, r.workerCpuNanos().length);
        assertThrows(IllegalArgumentException.class, () -> new Workers("w", 0));
    }

    @Test
    void theFirstFailureStopsTheOthersAndIsRethrownAfterAllHaveEnded() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger ended = new AtomicInteger();
        IllegalArgumentException first = new IllegalArgumentException("first");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Workers("w", 3).stopFlag(stop).run(i -> {
            if (i == 0) {
                throw first;
            }
            while (!stop.get()) {
                Thread.onSpinWait();
            }
            java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
            ended.incrementAndGet();
            throw new IllegalStateException("second, after the stop");
        }));
        assertSame(first, e.getCause());
        assertTrue(e.getMessage().contains("w-0") && e.getMessage().contains("first"), e.getMessage());
        assertTrue(stop.get());
        assertEquals(2, ended.get(), "every other worker had ended before the failure was rethrown");
    }

    @Test
    void anInterruptStopsTheWorkersWaitsForThemAndIsKept() throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger ended = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(2);
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                new Workers("w", 2).stopFlag(stop).run(i -> {
                    started.countDown();
                    while (!stop.get()) {
                        Thread.onSpinWait();
                    }
                    ended.incrementAndGet();
                });
                outcome.set(Thread.currentThread().isInterrupted() ? "interrupted" : "not interrupted");
            } catch (RuntimeException e) {
                outcome.set(e);
            }
            outcome.set(outcome.get() + ", ended " + ended.get());
        });
        waiter.start();
        assertTrue(started.await(10, TimeUnit.SECONDS));
        waiter.interrupt();
        waiter.join(10_000);
        assertEquals("interrupted, ended 2", outcome.get());
    }

    @Test
    void ticksRunOnTheWaitingThreadAndAFailingTickFailsTheRun() {
        AtomicInteger ticks = new AtomicInteger();
        Thread caller = Thread.currentThread();
        AtomicBoolean stop = new AtomicBoolean();
        new Workers("w", 2).stopFlag(stop).every(2, () -> {
            assertSame(caller, Thread.currentThread());
            if (ticks.incrementAndGet() >= 3) {
                stop.set(true);
            }
        }).run(i -> {
            while (!stop.get()) {
                Thread.onSpinWait();
            }
        });
        assertTrue(ticks.get() >= 3);

        AtomicBoolean stop2 = new AtomicBoolean();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Workers("w", 1).stopFlag(stop2)
                .every(1, () -> {
                    throw new ArithmeticException("tick broke");
                }).run(i -> {
                    while (!stop2.get()) {
                        Thread.onSpinWait();
                    }
                }));
        assertTrue(e.getCause() instanceof ArithmeticException, e.toString());
    }

    @Test
    void measuresEachWorkersCpuTime() {
        Workers.Result r = new Workers("w", 2).run(i -> {
            long t0 = System.nanoTime();
            long x = 0;
            while (System.nanoTime() - t0 < 30_000_000L) {
                x += t0 ^ x;
            }
            if (x == 42) {
                System.out.println(x);
            }
        });
        long[] each = r.workerCpuNanos();
        if (each[0] < 0) {
            assertEquals(-1, r.cpuNanos(), "no thread CPU time on this JVM");
            return;
        }
        assertTrue(each[0] > 0 && each[1] > 0, java.util.Arrays.toString(each));
        assertEquals(each[0] + each[1], r.cpuNanos());
    }
}
