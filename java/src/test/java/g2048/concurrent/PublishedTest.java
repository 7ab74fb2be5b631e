package g2048.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PublishedTest {

    private static final int LENGTH = 257;

    /** What a buffer holding {@code version} holds at {@code i}: every element differs between versions. */
    private static long expected(long version, int i) {
        return version * 1_000_003L + i;
    }

    private static void fill(long[] buffer, long version) {
        for (int i = 0; i < LENGTH; i++) {
            buffer[i] = expected(version, i);
        }
    }

    private static List<long[]> buffers(int n) {
        List<long[]> b = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            b.add(new long[LENGTH]);
        }
        return b;
    }

    @Test
    void aPublicationSkipsWhenEverySpareBufferIsReadAndTheWriterTouchesNothingThen() {
        List<long[]> b = buffers(2);
        fill(b.get(0), 7);
        Published<long[]> p = new Published<>(b, 7);
        Published.Slot<long[]> first = p.acquire();
        assertEquals(7, first.version());
        assertSame(b.get(0), first.buffer());
        assertTrue(p.publish(buf -> fill(buf, 8), 8), "the spare buffer is free");
        assertEquals(8, p.currentVersion());
        Published.Slot<long[]> second = p.acquire();
        assertSame(b.get(1), second.buffer());
        assertFalse(p.publish(buf -> {
            throw new AssertionError("no buffer is free: the writer must not be called");
        }, 9));
        assertEquals(8, p.currentVersion(), "the readers keep the previous version");
        assertEquals(expected(7, 5), first.buffer()[5], "a buffer being read is never written");
        p.release(first);
        assertTrue(p.publish(buf -> fill(buf, 9), 9));
        assertEquals(9, p.acquire().version());
        p.release(second);
    }

    @Test
    void needsTwoBuffers() {
        assertThrows(IllegalArgumentException.class, () -> new Published<>(buffers(1), 0));
    }

    /**
     * One writer publishes versions 1, 2, ... as fast as it can while readers acquire, read the
     * whole buffer slowly and release, at seeded random paces: every read is one complete version,
     * versions never go back for a reader, and never are older than the last the writer had
     * published before the reader acquired.
     */
    @Test
    void readersNeverSeeATornOrStaleVersion() throws InterruptedException {
        for (int buffers : new int[] {2, 3}) {
            List<long[]> b = buffers(buffers);
            fill(b.get(0), 0);
            Published<long[]> p = new Published<>(b, 0);
            AtomicLong acknowledged = new AtomicLong();
            AtomicBoolean done = new AtomicBoolean();
            ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
            int readers = 3;
            long[] reads = new long[readers];
            List<Thread> threads = new ArrayList<>();
            for (int r = 0; r < readers; r++) {
                int id = r;
                threads.add(new Thread(() -> {
                    SplittableRandom rnd = new SplittableRandom(1000 + id);
                    long last = -1;
                    while (!done.get()) {
                        long floor = acknowledged.get();
                        Published.Slot<long[]> s = p.acquire();
                        long v = s.version();
                        long[] buf = s.buffer();
                        int spins = rnd.nextInt(64);
                        for (int k = 0; k < spins; k++) {
                            Thread.onSpinWait();
                        }
                        for (int i = 0; i < LENGTH; i++) {
                            if (buf[i] != expected(v, i)) {
                                problems.add("torn: version " + v + " holds " + buf[i] + " at " + i);
                                break;
                            }
                        }
                        if (s.version() != v) {
                            problems.add("the version of a held slot changed from " + v + " to " + s.version());
                        }
                        p.release(s);
                        if (v < floor) {
                            problems.add("version " + v + " after the writer had published " + floor);
                        }
                        if (v < last) {
                            problems.add("version " + v + " after " + last);
                        }
                        last = v;
                        reads[id]++;
                        if (rnd.nextInt(8) == 0) {
                            Thread.yield();
                        }
                    }
                }, "reader-" + r));
            }
            threads.forEach(Thread::start);
            SplittableRandom rnd = new SplittableRandom(buffers);
            long published = 0;
            for (long v = 1; v <= 20_000; v++) {
                long version = v;
                if (p.publish(buf -> fill(buf, version), version)) {
                    acknowledged.set(version);
                    published++;
                }
                if (rnd.nextInt(16) == 0) {
                    Thread.yield();
                }
            }
            done.set(true);
            for (Thread t : threads) {
                t.join();
            }
            assertTrue(problems.isEmpty(), buffers + " buffers: " + problems.stream().limit(5).toList());
            assertTrue(published > 0, "some publications got through");
            for (long n : reads) {
                assertTrue(n > 0, "every reader read");
            }
        }
    }
}
