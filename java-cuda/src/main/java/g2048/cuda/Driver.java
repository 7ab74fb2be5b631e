package g2048.cuda;

import java.nio.ByteBuffer;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * The device calls the backend makes, in one place: {@link JCudaDriverApi} makes them through
 * JCuda's driver API, one CUDA call each, every result checked; the tests put a CPU emulation in
 * its place to check the passes' orchestration (which kernel, on which buffers, in which order)
 * without a GPU. Device addresses are {@link CUdeviceptr}s either way.
 */
interface Driver extends AutoCloseable {

    /** Page-locked host memory: the driver's handle and a native-order view of it. */
    record HostBlock(Pointer pointer, ByteBuffer buffer) {
    }

    /**
     * Work once queued on a stream, recorded (a CUDA graph, instantiated) so that one call queues
     * all of it again: the same kernels on the same addresses, reading what those addresses hold
     * when it runs. Destroyed on close.
     */
    interface Recording extends AutoCloseable {
        @Override
        void close();
    }

    /** Makes the device's context current on the calling thread. */
    void bind();

    CUdeviceptr alloc(long bytes);

    void free(CUdeviceptr p);

    /** Synchronous copies from Java arrays (complete when they return). */
    void upload(CUdeviceptr dst, float[] src);

    void upload(CUdeviceptr dst, int[] src);

    void upload(CUdeviceptr dst, long[] src);

    /** Waits for all work on the device, then copies {@code dst.length} values. */
    void download(float[] dst, CUdeviceptr src);

    void download(double[] dst, CUdeviceptr src);

    /** Queues setting {@code words} 32-bit words to zero. */
    void zero(CUdeviceptr p, long words, CUstream s);

    HostBlock allocHost(long bytes);

    void freeHost(HostBlock b);

    /** Queues a copy of {@code bytes} from the start of {@code src}. */
    void toDevice(CUdeviceptr dst, HostBlock src, long bytes, CUstream s);

    /** Queues a copy of {@code bytes} to the start of {@code dst}. */
    void toHost(HostBlock dst, CUdeviceptr src, long bytes, CUstream s);

    /** Queues a copy of {@code bytes} from device address {@code src} to device address {@code dst}. */
    void copy(CUdeviceptr dst, CUdeviceptr src, long bytes, CUstream s);

    CUstream createStream();

    void synchronize(CUstream s);

    void destroyStream(CUstream s);

    /**
     * Records what {@code queue} puts on stream {@code s} instead of running it (nothing runs until
     * {@link #replay}). {@code queue} may only queue work on {@code s}: a call that waits for the
     * device or allocates fails the recording.
     */
    Recording record(CUstream s, Runnable queue);

    /** Queues a recording's work on {@code s}. */
    void replay(Recording r, CUstream s);

    /** Queues a kernel; {@code args} are Integer, Long, Float or CUdeviceptr (null for NULL), in the kernel's order. */
    void launch(String kernel, Geometry.Grid grid, CUstream s, Object[] args);

    /**
     * A library GEMM on this device for {@code --gemm} {@code mode} (cuBLAS or cuBLAS TF32), for
     * the calling thread's pass; throws {@link CudaUnavailableException} when the library cannot be loaded.
     */
    LibraryGemm openGemm(GemmMode mode);

    int multiprocessors();

    /** The device in words. */
    String describe();

    @Override
    void close();
}
