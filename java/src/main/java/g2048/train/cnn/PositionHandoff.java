package g2048.train.cnn;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;

/**
 * The lock-free meeting point of the generators and the trainer. Full chunks travel on one
 * {@link ManyToOneConcurrentArrayQueue}; each generator owns a fixed pool of chunks that the
 * trainer hands back on that generator's {@link OneToOneConcurrentArrayQueue}. The pools bound the
 * positions in flight, so a generator that runs ahead of the trainer waits for a free chunk
 * (back-pressure) and no chunk is ever allocated after start.
 */
public final class PositionHandoff {

    private final ManyToOneConcurrentArrayQueue<PositionChunk> full;
    private final OneToOneConcurrentArrayQueue<PositionChunk>[] free;

    @SuppressWarnings("unchecked")
    public PositionHandoff(int generators, int chunksPerGenerator, int chunkCapacity) {
        if (generators < 1 || chunksPerGenerator < 1 || chunkCapacity < 1) {
            throw new IllegalArgumentException("generators, chunks per generator and chunk capacity must be at least 1");
        }
        full = new ManyToOneConcurrentArrayQueue<>(generators * chunksPerGenerator);
        free = new OneToOneConcurrentArrayQueue[generators];
        for (int g = 0; g < generators; g++) {
            free[g] = new OneToOneConcurrentArrayQueue<>(chunksPerGenerator);
            for (int i = 0; i < chunksPerGenerator; i++) {
                free[g].offer(new PositionChunk(g, chunkCapacity));
            }
        }
    }

    /** A cleared chunk of generator {@code g}'s pool; waits while all are in flight. Null once {@code stop} holds. */
    public PositionChunk take(int g, BooleanSupplier stop) {
        PositionChunk c;
        int idle = 0;
        while ((c = free[g].poll()) == null) {
            if (stop.getAsBoolean()) {
                return null;
            }
            idle = idle(idle);
        }
        c.clear();
        return c;
    }

    /** Sends a filled chunk to the trainer (never fails: the queue holds every chunk of every pool). */
    public void send(PositionChunk c) {
        if (!full.offer(c)) {
            throw new IllegalStateException("position queue full: a chunk was sent twice");
        }
    }

    /** The next full chunk, or null if none is waiting (trainer side). */
    public PositionChunk poll() {
        return full.poll();
    }

    /** Gives a chunk the trainer has copied back to its generator. */
    public void recycle(PositionChunk c) {
        if (!free[c.owner].offer(c)) {
            throw new IllegalStateException("chunk pool of generator " + c.owner + " overflowed: a chunk was recycled twice");
        }
    }

    /** Spins a little, then yields, then parks briefly: waiting costs little CPU on a shared machine. */
    static int idle(int count) {
        if (count < 64) {
            Thread.onSpinWait();
        } else if (count < 128) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(50_000);
        }
        return count + 1;
    }
}
