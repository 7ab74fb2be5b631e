package g2048.cuda;

import java.util.concurrent.atomic.AtomicInteger;
import jcuda.driver.CUstream;

/**
 * The trainer's parameters published to the generators on the device, without tearing: the
 * device form of {@code g2048.train.WeightExchange}. A few device buffers, one current; a reader
 * {@link #acquire()}s the current one (counting itself, then checking it is still current), copies
 * it, and {@link #release}s it. The trainer copies its parameters into a buffer that is neither
 * current nor read, waits for the copy, and only then makes it current, so a reader always copies
 * one complete version. With every spare buffer being read, a publication is skipped.
 */
public final class DeviceWeights implements AutoCloseable {

    /** One published version of the parameters. */
    public static final class Version {
        final DeviceBuffer params;
        final AtomicInteger readers = new AtomicInteger();
        volatile long number;

        Version(DeviceBuffer params) {
            this.params = params;
        }

        /** The trainer's step count when this was published. */
        public long number() {
            return number;
        }
    }

    private final CudaContext ctx;
    private final Version[] buffers;
    private volatile Version current;

    /** {@code buffers} (at least 2) device copies of {@code initial}, the first current at version {@code version}. */
    public DeviceWeights(CudaContext ctx, float[] initial, int buffers, long version) {
        if (buffers < 2) {
            throw new IllegalArgumentException("need at least 2 buffers, got " + buffers);
        }
        this.ctx = ctx;
        this.buffers = new Version[buffers];
        try {
            for (int i = 0; i < buffers; i++) {
                this.buffers[i] = new Version(DeviceBuffer.floats(ctx, initial.length));
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        this.buffers[0].params.upload(initial);
        this.buffers[0].number = version;
        current = this.buffers[0];
    }

    /** The current version, held until {@link #release}. */
    public Version acquire() {
        while (true) {
            Version v = current;
            v.readers.incrementAndGet();
            if (v == current) {
                return v;
            }
            v.readers.decrementAndGet();
        }
    }

    public void release(Version v) {
        v.readers.decrementAndGet();
    }

    /**
     * Copies {@code params} into a free buffer on {@code stream} (after the work already queued
     * there, such as the optimiser step that wrote them), waits for it, and makes it current;
     * false if every other buffer was being read. Trainer thread only.
     */
    public boolean publish(DeviceBuffer params, CUstream stream, long version) {
        Version cur = current;
        for (Version v : buffers) {
            if (v != cur && v.readers.get() == 0) {
                v.params.copyFrom(params, stream);
                ctx.driver().synchronize(stream);
                v.number = version;
                current = v;
                return true;
            }
        }
        return false;
    }

    /** The version readers get now. */
    public long currentVersion() {
        return current.number;
    }

    @Override
    public void close() {
        for (Version v : buffers) {
            if (v != null) {
                v.params.close();
            }
        }
    }
}
