package g2048.nn;

import g2048.concurrent.Published;
import java.util.ArrayList;
import java.util.List;

/**
 * Publishes the trainer's weights to the generators on the host without tearing: copy on publish
 * into one of a few arrays ({@link Published}: readers counted, a spare array written, then made
 * current; a publication is skipped while every spare array is being read).
 */
public final class WeightExchange {

    private final Published<float[]> published;

    public WeightExchange(float[] initial, int buffers) {
        if (buffers < 2) {
            throw new IllegalArgumentException("need at least 2 buffers, got " + buffers);
        }
        List<float[]> arrays = new ArrayList<>();
        arrays.add(initial.clone());
        for (int i = 1; i < buffers; i++) {
            arrays.add(new float[initial.length]);
        }
        this.published = new Published<>(arrays, 0);
    }

    /** The current weights, held until {@link #release}. */
    public Published.Slot<float[]> acquire() {
        return published.acquire();
    }

    public void release(Published.Slot<float[]> s) {
        published.release(s);
    }

    /** Copies {@code weights} into a free array and makes it current; false if none was free. Trainer thread only. */
    public boolean publish(float[] weights, long version) {
        return published.publish(a -> System.arraycopy(weights, 0, a, 0, weights.length), version);
    }

    /** The version generators read now. */
    public long currentVersion() {
        return published.currentVersion();
    }
}
