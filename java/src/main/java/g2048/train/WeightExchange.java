package g2048.train;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Publishes the trainer's weights to the generators without tearing: copy on publish into one of
 * a few buffers, readers counted. A reader {@link #acquire()}s the current snapshot (it increments
 * the snapshot's reader count, then checks that the snapshot is still current, else retries) and
 * {@link #release}s it after its batch. The trainer writes only into a buffer that is not current
 * and has no readers, then makes it current with a volatile write, so a reader sees a complete
 * weight version, possibly a step or two old. When every spare buffer is still being read, the
 * trainer skips that publication (the readers keep the previous version).
 */
public final class WeightExchange {

    /** One published weight version. */
    public static final class Snapshot {
        final float[] weights;
        final AtomicInteger readers = new AtomicInteger();
        long version;

        Snapshot(int size) {
            weights = new float[size];
        }

        public float[] weights() {
            return weights;
        }

        /** The trainer's step count when this was published. */
        public long version() {
            return version;
        }
    }

    private final Snapshot[] buffers;
    private volatile Snapshot current;

    public WeightExchange(float[] initial, int buffers) {
        if (buffers < 2) {
            throw new IllegalArgumentException("need at least 2 buffers, got " + buffers);
        }
        this.buffers = new Snapshot[buffers];
        for (int i = 0; i < buffers; i++) {
            this.buffers[i] = new Snapshot(initial.length);
        }
        System.arraycopy(initial, 0, this.buffers[0].weights, 0, initial.length);
        current = this.buffers[0];
    }

    /** The current snapshot, held until {@link #release}. */
    public Snapshot acquire() {
        while (true) {
            Snapshot s = current;
            s.readers.incrementAndGet();
            if (s == current) {
                return s;
            }
            s.readers.decrementAndGet();
        }
    }

    public void release(Snapshot s) {
        s.readers.decrementAndGet();
    }

    /** Copies {@code weights} into a free buffer and makes it current; false if none was free. Trainer thread only. */
    public boolean publish(float[] weights, long version) {
        Snapshot cur = current;
        for (Snapshot s : buffers) {
            if (s != cur && s.readers.get() == 0) {
                System.arraycopy(weights, 0, s.weights, 0, weights.length);
                s.version = version;
                current = s;
                return true;
            }
        }
        return false;
    }

    /** The version generators read now. */
    public long currentVersion() {
        return current.version;
    }
}
