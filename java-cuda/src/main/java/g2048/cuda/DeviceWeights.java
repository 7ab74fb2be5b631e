package g2048.cuda;

import g2048.concurrent.Published;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUstream;

/**
 * The trainer's parameters published to the generators on the device, without tearing: a few
 * device buffers behind {@link Published} (readers counted; the trainer copies into a buffer that
 * is neither current nor read, waits for the copy, and only then makes it current), the device
 * form of {@code g2048.train.WeightExchange}.
 */
public final class DeviceWeights implements AutoCloseable {

    private final CudaContext ctx;
    private final List<DeviceBuffer> buffers = new ArrayList<>();
    private final Published<DeviceBuffer> published;

    /** {@code count} (at least 2) device copies of {@code initial}, the first current at version {@code version}. */
    public DeviceWeights(CudaContext ctx, float[] initial, int count, long version) {
        if (count < 2) {
            throw new IllegalArgumentException("need at least 2 buffers, got " + count);
        }
        this.ctx = ctx;
        try {
            for (int i = 0; i < count; i++) {
                buffers.add(DeviceBuffer.floats(ctx, initial.length));
            }
            buffers.getFirst().upload(initial);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        this.published = new Published<>(buffers, version);
    }

    /** The current version, held until {@link #release}. */
    public Published.Slot<DeviceBuffer> acquire() {
        return published.acquire();
    }

    public void release(Published.Slot<DeviceBuffer> s) {
        published.release(s);
    }

    /**
     * Copies {@code params} into a free buffer on {@code stream} (after the work already queued
     * there, such as the optimiser step that wrote them), waits for it, and makes it current;
     * false if every other buffer was being read. Trainer thread only.
     */
    public boolean publish(DeviceBuffer params, CUstream stream, long version) {
        return published.publish(b -> {
            b.copyFrom(params, stream);
            ctx.driver().synchronize(stream);
        }, version);
    }

    @Override
    public void close() {
        for (DeviceBuffer b : buffers) {
            b.close();
        }
    }
}
