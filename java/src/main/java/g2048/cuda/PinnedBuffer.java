package g2048.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;

/**
 * Page-locked host memory for asynchronous copies on a stream (boards up, values down), seen from
 * Java as a native-order {@link ByteBuffer}. Freed on close.
 */
final class PinnedBuffer implements AutoCloseable {

    private final CudaContext ctx;
    private final Pointer host = new Pointer();
    private final long bytes;
    private final ByteBuffer buffer;
    private boolean freed;

    PinnedBuffer(CudaContext ctx, long bytes) {
        this.ctx = ctx;
        this.bytes = bytes;
        ctx.bind();
        Check.ok(JCudaDriver.cuMemAllocHost(host, bytes), "cuMemAllocHost(" + bytes + " bytes)");
        this.buffer = host.getByteBuffer(0, bytes).order(ByteOrder.nativeOrder());
    }

    ByteBuffer buffer() {
        return buffer;
    }

    /** Host to device, {@code n} bytes from the start, queued on {@code stream}. */
    void toDevice(CUdeviceptr dst, long n, CUstream stream) {
        range(n);
        Check.ok(JCudaDriver.cuMemcpyHtoDAsync(dst, host, n, stream), "cuMemcpyHtoDAsync(" + n + " bytes)");
    }

    /** Device to host, {@code n} bytes to the start, queued on {@code stream}. */
    void fromDevice(CUdeviceptr src, long n, CUstream stream) {
        range(n);
        Check.ok(JCudaDriver.cuMemcpyDtoHAsync(host, src, n, stream), "cuMemcpyDtoHAsync(" + n + " bytes)");
    }

    private void range(long n) {
        if (freed) {
            throw new IllegalStateException("pinned buffer used after close");
        }
        if (n < 0 || n > bytes) {
            throw new IndexOutOfBoundsException(n + " bytes outside the pinned buffer of " + bytes);
        }
    }

    @Override
    public void close() {
        if (!freed) {
            freed = true;
            ctx.bind();
            Check.ok(JCudaDriver.cuMemFreeHost(host), "cuMemFreeHost");
        }
    }
}
