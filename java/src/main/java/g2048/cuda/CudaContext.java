package g2048.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;

/**
 * One device's primary context with the jar's kernel modules loaded. Shared by threads: every
 * operation that touches the device first calls {@link #bind()} on its own thread. Closing unloads
 * the modules and releases the primary context; close the buffers made on it first.
 */
public final class CudaContext implements AutoCloseable {

    private static CudaContext shared;

    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final List<CUmodule> modules = new ArrayList<>();
    private final Map<String, CUfunction> functions = new HashMap<>();
    private final String description;
    private final int multiprocessors;
    private final String imageKind;
    private boolean closed;

    private CudaContext(CudaProbe.Result probe) {
        Check.ok(JCudaDriver.cuDeviceGet(device, probe.ordinal()), "cuDeviceGet(" + probe.ordinal() + ")");
        Check.ok(JCudaDriver.cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain");
        this.description = probe.description();
        this.multiprocessors = CudaProbe.attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        this.imageKind = KernelImages.kind();
        try {
            bind();
            for (String name : KernelImages.modules()) {
                CUmodule module = new CUmodule();
                Check.ok(JCudaDriver.cuModuleLoadData(module, KernelImages.image(name, imageKind)),
                        "cuModuleLoadData(" + name + "." + imageKind + ")");
                modules.add(module);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Opens a context on the probed device; throws {@link CudaUnavailableException} with the reason if there is none. */
    public static CudaContext open() {
        CudaProbe.Result probe = CudaProbe.probe();
        if (!probe.available()) {
            throw new CudaUnavailableException(probe.reason());
        }
        return new CudaContext(probe);
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
        Check.ok(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    /** The kernel of that name from whichever module has it. */
    synchronized CUfunction function(String name) {
        CUfunction f = functions.get(name);
        if (f != null) {
            return f;
        }
        bind();
        for (CUmodule m : modules) {
            CUfunction candidate = new CUfunction();
            if (JCudaDriver.cuModuleGetFunction(candidate, m, name) == jcuda.driver.CUresult.CUDA_SUCCESS) {
                functions.put(name, candidate);
                return candidate;
            }
        }
        throw new CudaException("no kernel named " + name + " in the jar's CUDA modules " + KernelImages.modules());
    }

    public int multiprocessors() {
        return multiprocessors;
    }

    /** The device in words, and which image of the kernels runs. */
    public String describe() {
        return description + ", kernels " + imageKind;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            Check.ok(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
            for (CUmodule m : modules) {
                Check.ok(JCudaDriver.cuModuleUnload(m), "cuModuleUnload");
            }
            modules.clear();
            functions.clear();
        } finally {
            closed = true;
            Check.ok(JCudaDriver.cuDevicePrimaryCtxRelease(device), "cuDevicePrimaryCtxRelease");
        }
    }
}
