package g2048.concurrent;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Versions of a network's weights handed from one writer (a trainer) to many readers (its
 * generators) without tearing, over a few buffers of any kind (host arrays, device memory). A
 * reader {@link #acquire()}s the current buffer (it counts itself in, then checks that the buffer
 * is still current, else retries) and {@link #release}s it when done reading. The writer writes
 * only into a buffer that is neither current nor read, then makes it current with a volatile
 * write, so a reader sees one complete version, possibly a step or two old. When every spare
 * buffer is being read, a publication is skipped (the readers keep the previous version).
 *
 * @param <T> the buffer
 */
public final class Published<T> {

    /** One buffer and the version it holds. */
    public static final class Slot<T> {
        private final T buffer;
        private final AtomicInteger readers = new AtomicInteger();
        private volatile long version;

        Slot(T buffer) {
            this.buffer = buffer;
        }

        public T buffer() {
            return buffer;
        }

        /** The writer's step count when this was published. */
        public long version() {
            return version;
        }
    }

    private final List<Slot<T>> slots;
    private volatile Slot<T> current;

    /** Over {@code buffers} (at least 2); the first already holds version {@code version} and is current. */
    public Published(List<T> buffers, long version) {
        if (buffers.size() < 2) {
            throw new IllegalArgumentException("need at least 2 buffers, got " + buffers.size());
        }
        this.slots = buffers.stream().map(Slot::new).toList();
        slots.getFirst().version = version;
        current = slots.getFirst();
    }

    /** The current slot, held until {@link #release}. */
    public Slot<T> acquire() {
        while (true) {
            Slot<T> s = current;
            s.readers.incrementAndGet();
            if (s == current) {
                return s;
            }
            s.readers.decrementAndGet();
        }
    }

    public void release(Slot<T> s) {
        s.readers.decrementAndGet();
    }

    /**
     * Has {@code writer} fill a free buffer (it must return with the buffer complete), then makes
     * it current as {@code version}; false if none was free. Writer thread only.
     */
    public boolean publish(Consumer<T> writer, long version) {
        Slot<T> cur = current;
        for (Slot<T> s : slots) {
            if (s != cur && s.readers.get() == 0) {
                writer.accept(s.buffer);
                s.version = version;
                current = s;
                return true;
            }
        }
        return false;
    }

    /** The version readers get now. */
    public long currentVersion() {
        return current.version;
    }
}
