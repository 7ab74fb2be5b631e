package g2048.cuda;

import java.nio.ByteBuffer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * Page-locked host memory for asynchronous copies on a stream (boards up, values down), seen from
 * Java as a native-order {@link ByteBuffer}. Freed on close.
 */
final class PinnedBuffer implements AutoCloseable {

    private final CudaContext ctx;
    private final Driver.HostBlock block;
    private final long bytes;
    private boolean freed;

    PinnedBuffer(CudaContext ctx, long bytes) {
        this.ctx = ctx;
        this.bytes = bytes;
        ctx.bind();
        this.block = ctx.driver().allocHost(bytes);
    }

    ByteBuffer buffer() {
        return block.buffer();
    }

    /** Writes {@code src[from..from+n)} from the start (boards before they go up). */
    void putLongs(long[] src, int from, int n) {
        ByteBuffer b = buffer();
        b.clear();
        b.asLongBuffer().put(src, from, n);
    }

    /** Host to device, {@code n} bytes from the start, queued on {@code stream}. */
    void toDevice(CUdeviceptr dst, long n, CUstream stream) {
        range(n);
        ctx.driver().toDevice(dst, block, n, stream);
    }

    /** Device to host, {@code n} bytes to the start, queued on {@code stream}. */
    void fromDevice(CUdeviceptr src, long n, CUstream stream) {
        range(n);
        ctx.driver().toHost(block, src, n, stream);
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
            ctx.driver().freeHost(block);
        }
    }
}
