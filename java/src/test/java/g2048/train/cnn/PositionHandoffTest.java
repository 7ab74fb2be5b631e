package g2048.train.cnn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Several generators through the queues at once: every pair arrives once, in each generator's order. */
class PositionHandoffTest {

    @Test
    void nothingIsLostOrDuplicatedUnderSeveralGenerators() throws InterruptedException {
        int generators = 4;
        int chunksEach = 1500;
        int perChunk = 5;
        // A small pool forces the generators to wait for recycled chunks.
        PositionHandoff h = new PositionHandoff(generators, 3, perChunk);
        List<Thread> threads = new ArrayList<>();
        for (int g = 0; g < generators; g++) {
            int id = g;
            Thread t = new Thread(() -> {
                long seq = 0;
                for (int c = 0; c < chunksEach; c++) {
                    PositionChunk chunk = h.take(id, () -> false);
                    for (int i = 0; i < perChunk; i++, seq++) {
                        chunk.add(((long) id << 40) | seq, id + seq * 0.5f);
                    }
                    chunk.positions = perChunk;
                    h.send(chunk);
                }
            });
            threads.add(t);
            t.start();
        }
        long[] next = new long[generators];
        long received = 0;
        int idle = 0;
        long total = (long) generators * chunksEach * perChunk;
        while (received < total) {
            PositionChunk c = h.poll();
            if (c == null) {
                idle = PositionHandoff.idle(idle);
                continue;
            }
            idle = 0;
            for (int i = 0; i < c.count; i++) {
                int g = (int) (c.boards[i] >>> 40);
                long seq = c.boards[i] & ((1L << 40) - 1);
                assertEquals(c.owner, g, "a chunk comes back to its owner's pool");
                assertEquals(next[g], seq, "generator " + g + ": next pair in order, none lost or repeated");
                assertEquals(g + seq * 0.5f, c.targets[i]);
                next[g]++;
                received++;
            }
            h.recycle(c);
        }
        for (Thread t : threads) {
            t.join();
        }
        for (int g = 0; g < generators; g++) {
            assertEquals((long) chunksEach * perChunk, next[g]);
        }
        assertEquals(null, h.poll(), "nothing left over");
    }

    @Test
    void takeGivesUpWhenStopped() {
        PositionHandoff h = new PositionHandoff(1, 1, 4);
        PositionChunk c = h.take(0, () -> false);
        assertTrue(c != null);
        assertEquals(null, h.take(0, () -> true), "pool empty and stop requested");
    }
}
