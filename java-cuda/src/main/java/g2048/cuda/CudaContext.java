package g2048.cuda;

/**
 * One device with the jar's kernel modules loaded, behind its {@link Driver}. Shared by threads:
 * every operation that touches the device first calls {@link #bind()} on its own thread. Closing
 * unloads the modules and releases the primary context; close the buffers made on it first.
 */
public final class CudaContext implements AutoCloseable {

    private static CudaContext shared;

    private final Driver driver;
    private boolean closed;

    CudaContext(Driver driver) {
        this.driver = driver;
    }

    /** Opens a context on the probed device; throws {@link CudaUnavailableException} with the reason if there is none. */
    public static CudaContext open() {
        CudaProbe.Result probe = CudaProbe.probe();
        if (!probe.available()) {
            throw new CudaUnavailableException(probe.reason());
        }
        return new CudaContext(new JCudaDriverApi(probe));
    }

    /** The process-wide context, opened on first use and never closed (the driver frees it at exit). */
    public static synchronized CudaContext shared() {
        if (shared == null) {
            shared = open();
        }
        return shared;
    }

    /** Makes this context current on the calling thread. */
    public void bind() {
        if (closed) {
            throw new IllegalStateException("CUDA context is closed");
        }
        driver.bind();
    }

    Driver driver() {
        return driver;
    }

    /**
     * Waits for the work queued on the legacy default stream (a null {@code CUstream}), where
     * single kernels are launched to be checked or timed; the passes' own streams are not waited for.
     */
    public void synchronize() {
        bind();
        driver.synchronize(null);
    }

    /**
     * Null when {@code mode}'s library loads and opens a handle on this device, else why not in a
     * few words: whether {@code --gemm} can be honoured here.
     */
    public String libraryProblem(GemmMode mode) {
        if (mode == GemmMode.KERNELS) {
            return null;
        }
        bind();
        try (LibraryGemm g = driver.openGemm(mode)) {
            return null;
        } catch (CudaUnavailableException e) {
            return e.getMessage();
        }
    }

    public int multiprocessors() {
        return driver.multiprocessors();
    }

    /** The device in words, and which image of the kernels runs. */
    public String describe() {
        return driver.describe();
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            driver.close();
        }
    }
}
