package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Readers never see a torn weight version, and versions only move forward. */
class WeightExchangeTest {

    @Test
    void readersSeeWholeVersionsInOrder() throws InterruptedException {
        int size = 20_000;
        float[] w = new float[size];
        WeightExchange x = new WeightExchange(w, 3);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<String> failure = new AtomicReference<>();
        List<Thread> readers = new ArrayList<>();
        long[] reads = new long[3];
        // every reader is reading before the first publication: on two cores a late thread could miss them all
        CountDownLatch running = new CountDownLatch(3);
        for (int r = 0; r < 3; r++) {
            int id = r;
            Thread t = new Thread(() -> {
                long last = -1;
                while (!stop.get()) {
                    g2048.concurrent.Published.Slot<float[]> s = x.acquire();
                    float[] v = s.buffer();
                    float first = v[0];
                    for (float f : v) {
                        if (f != first) {
                            failure.compareAndSet(null, "torn snapshot: " + first + " and " + f);
                        }
                    }
                    if (first < last) {
                        failure.compareAndSet(null, "version went back from " + last + " to " + first);
                    }
                    if (s.version() != (long) first) {
                        failure.compareAndSet(null, "version " + s.version() + " labels weights of version " + first);
                    }
                    last = (long) first;
                    x.release(s);
                    if (reads[id]++ == 0) {
                        running.countDown();
                    }
                }
            });
            readers.add(t);
            t.start();
        }
        assertTrue(running.await(30, TimeUnit.SECONDS), "readers did not start");
        int published = 0;
        for (int v = 1; v <= 3000; v++) {
            Arrays.fill(w, v);
            if (x.publish(w, v)) {
                published++;
            }
        }
        stop.set(true);
        for (Thread t : readers) {
            t.join();
        }
        assertEquals(null, failure.get());
        assertTrue(published > 0);
        assertTrue(x.currentVersion() > 0);
        for (long r : reads) {
            assertTrue(r > 0);
        }
    }
}
