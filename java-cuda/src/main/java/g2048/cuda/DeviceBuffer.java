package g2048.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * A block of device memory, freed on close. Copies from and to Java arrays are synchronous (for
 * weights and tests); the hot paths copy through {@link PinnedBuffer}s on a stream.
 */
public final class DeviceBuffer implements AutoCloseable {

    private final CudaContext ctx;
    private final CUdeviceptr ptr;
    private final long bytes;
    private boolean freed;

    public DeviceBuffer(CudaContext ctx, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("device buffer of " + bytes + " bytes");
        }
        this.ctx = ctx;
        this.bytes = bytes;
        ctx.bind();
        this.ptr = ctx.driver().alloc(bytes);
    }

    public static DeviceBuffer floats(CudaContext ctx, long count) {
        return new DeviceBuffer(ctx, 4 * Math.max(1, count));
    }

    public static DeviceBuffer ints(CudaContext ctx, int[] values) {
        DeviceBuffer b = new DeviceBuffer(ctx, 4L * Math.max(1, values.length));
        if (values.length > 0) {
            b.upload(values);
        }
        return b;
    }

    public long bytes() {
        return bytes;
    }

    /** The device address of the start. */
    public CUdeviceptr ptr() {
        check(0);
        return ptr;
    }

    /** The device address of float (or int) number {@code index}. */
    public CUdeviceptr at(long index) {
        check(4 * index);
        return ptr.withByteOffset(4 * index);
    }

    public void upload(float[] src) {
        check(4L * src.length);
        ctx.bind();
        ctx.driver().upload(ptr, src);
    }

    public void upload(int[] src) {
        check(4L * src.length);
        ctx.bind();
        ctx.driver().upload(ptr, src);
    }

    public void upload(long[] src) {
        check(8L * src.length);
        ctx.bind();
        ctx.driver().upload(ptr, src);
    }

    /** Copies the first {@code dst.length} floats to {@code dst} (waits for the device). */
    public void download(float[] dst) {
        check(4L * dst.length);
        ctx.bind();
        ctx.driver().download(dst, ptr);
    }

    /** Copies the first {@code dst.length} doubles to {@code dst} (waits for the device). */
    public void download(double[] dst) {
        check(8L * dst.length);
        ctx.bind();
        ctx.driver().download(dst, ptr);
    }

    /** Queues a copy of all of {@code src} (no larger than this buffer) to the start of this buffer on {@code stream}. */
    public void copyFrom(DeviceBuffer src, CUstream stream) {
        check(src.bytes);
        src.check(0);
        ctx.bind();
        ctx.driver().copy(ptr, src.ptr, src.bytes, stream);
    }

    /** Queues setting the first {@code count} 32-bit words to zero on {@code stream}. */
    public void zero(long count, CUstream stream) {
        check(4 * count);
        ctx.driver().zero(ptr, count, stream);
    }

    private void check(long n) {
        if (freed) {
            throw new IllegalStateException("device buffer used after close");
        }
        if (n < 0 || n > bytes) {
            throw new IndexOutOfBoundsException("byte " + n + " outside the device buffer of " + bytes);
        }
    }

    @Override
    public void close() {
        if (!freed) {
            freed = true;
            ctx.bind();
            ctx.driver().free(ptr);
        }
    }
}
