package g2048.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/**
 * {@link Driver} through JCuda's driver API: the device's primary context with the jar's kernel
 * modules loaded ({@link KernelImages}), one CUDA call per method, every result checked with the
 * call named ({@link Check}).
 */
final class JCudaDriverApi implements Driver {

    private static final CUdeviceptr NULL = new CUdeviceptr();

    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final List<CUmodule> modules = new ArrayList<>();
    private final Map<String, CUfunction> functions = new HashMap<>();
    private final int multiprocessors;
    private final String description;
    private boolean retained;

    JCudaDriverApi(CudaProbe.Result probe) {
        Check.ok(JCudaDriver.cuDeviceGet(device, probe.ordinal()), "cuDeviceGet(" + probe.ordinal() + ")");
        Check.ok(JCudaDriver.cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain");
        retained = true;
        multiprocessors = CudaProbe.attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        String kind = KernelImages.kind();
        description = probe.description() + ", kernels " + kind;
        try {
            bind();
            for (String name : KernelImages.modules()) {
                CUmodule module = new CUmodule();
                Check.ok(JCudaDriver.cuModuleLoadData(module, KernelImages.image(name, kind)), "cuModuleLoadData(" + name + "." + kind + ")");
                modules.add(module);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public void bind() {
        Check.ok(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    @Override
    public CUdeviceptr alloc(long bytes) {
        CUdeviceptr p = new CUdeviceptr();
        Check.ok(JCudaDriver.cuMemAlloc(p, bytes), "cuMemAlloc(" + bytes + " bytes)");
        return p;
    }

    @Override
    public void free(CUdeviceptr p) {
        Check.ok(JCudaDriver.cuMemFree(p), "cuMemFree");
    }

    @Override
    public void upload(CUdeviceptr dst, float[] src) {
        Check.ok(JCudaDriver.cuMemcpyHtoD(dst, Pointer.to(src), 4L * src.length), "cuMemcpyHtoD(" + 4L * src.length + " bytes)");
    }

    @Override
    public void upload(CUdeviceptr dst, int[] src) {
        Check.ok(JCudaDriver.cuMemcpyHtoD(dst, Pointer.to(src), 4L * src.length), "cuMemcpyHtoD(" + 4L * src.length + " bytes)");
    }

    @Override
    public void upload(CUdeviceptr dst, long[] src) {
        Check.ok(JCudaDriver.cuMemcpyHtoD(dst, Pointer.to(src), 8L * src.length), "cuMemcpyHtoD(" + 8L * src.length + " bytes)");
    }

    @Override
    public void download(float[] dst, CUdeviceptr src) {
        Check.ok(JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize");
        Check.ok(JCudaDriver.cuMemcpyDtoH(Pointer.to(dst), src, 4L * dst.length), "cuMemcpyDtoH(" + 4L * dst.length + " bytes)");
    }

    @Override
    public void download(double[] dst, CUdeviceptr src) {
        Check.ok(JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize");
        Check.ok(JCudaDriver.cuMemcpyDtoH(Pointer.to(dst), src, 8L * dst.length), "cuMemcpyDtoH(" + 8L * dst.length + " bytes)");
    }

    @Override
    public void zero(CUdeviceptr p, long words, CUstream s) {
        Check.ok(JCudaDriver.cuMemsetD32Async(p, 0, words, s), "cuMemsetD32Async(" + words + ")");
    }

    @Override
    public HostBlock allocHost(long bytes) {
        Pointer host = new Pointer();
        Check.ok(JCudaDriver.cuMemAllocHost(host, bytes), "cuMemAllocHost(" + bytes + " bytes)");
        return new HostBlock(host, host.getByteBuffer(0, bytes).order(java.nio.ByteOrder.nativeOrder()));
    }

    @Override
    public void freeHost(HostBlock b) {
        Check.ok(JCudaDriver.cuMemFreeHost(b.pointer()), "cuMemFreeHost");
    }

    @Override
    public void toDevice(CUdeviceptr dst, HostBlock src, long bytes, CUstream s) {
        Check.ok(JCudaDriver.cuMemcpyHtoDAsync(dst, src.pointer(), bytes, s), "cuMemcpyHtoDAsync(" + bytes + " bytes)");
    }

    @Override
    public void toHost(HostBlock dst, CUdeviceptr src, long bytes, CUstream s) {
        Check.ok(JCudaDriver.cuMemcpyDtoHAsync(dst.pointer(), src, bytes, s), "cuMemcpyDtoHAsync(" + bytes + " bytes)");
    }

    @Override
    public void copy(CUdeviceptr dst, CUdeviceptr src, long bytes, CUstream s) {
        Check.ok(JCudaDriver.cuMemcpyDtoDAsync(dst, src, bytes, s), "cuMemcpyDtoDAsync(" + bytes + " bytes)");
    }

    @Override
    public CUstream createStream() {
        CUstream s = new CUstream();
        // Non-blocking: no implicit synchronisation with the legacy default stream of other threads.
        Check.ok(JCudaDriver.cuStreamCreate(s, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
        return s;
    }

    @Override
    public void synchronize(CUstream s) {
        Check.ok(JCudaDriver.cuStreamSynchronize(s), "cuStreamSynchronize");
    }

    @Override
    public void destroyStream(CUstream s) {
        Check.ok(JCudaDriver.cuStreamDestroy(s), "cuStreamDestroy");
    }

    @Override
    public void launch(String kernel, Geometry.Grid g, CUstream s, Object[] args) {
        CUfunction f = function(kernel);
        NativePointerObject[] params = new NativePointerObject[args.length];
        for (int i = 0; i < args.length; i++) {
            params[i] = switch (args[i]) {
                case null -> Pointer.to(NULL);
                case Integer v -> Pointer.to(new int[] {v});
                case Long v -> Pointer.to(new long[] {v});
                case Float v -> Pointer.to(new float[] {v});
                case CUdeviceptr p -> Pointer.to(p);
                default -> throw new IllegalArgumentException(kernel + ": argument " + i + " of type " + args[i].getClass());
            };
        }
        Check.ok(JCudaDriver.cuLaunchKernel(f, g.gx(), g.gy(), g.gz(), g.bx(), g.by(), g.bz(), 0, s, Pointer.to(params), null),
                "cuLaunchKernel(" + kernel + ")");
    }

    /** An instantiated graph. */
    private record Graph(CUgraphExec exec) implements Recording {
        @Override
        public void close() {
            Check.ok(JCudaDriver.cuGraphExecDestroy(exec), "cuGraphExecDestroy");
        }
    }

    @Override
    public Recording record(CUstream s, Runnable queue) {
        // Thread-local capture: this thread may not make unsafe calls (a wait, an allocation) while
        // recording, which would be a bug here; the other threads (generators, the trainer) are not restricted.
        Check.ok(JCudaDriver.cuStreamBeginCapture(s, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL), "cuStreamBeginCapture");
        CUgraph graph = new CUgraph();
        try {
            queue.run();
        } catch (RuntimeException e) {
            // End the capture so that the stream is usable again; the queuing error is the one to report.
            if (JCudaDriver.cuStreamEndCapture(s, graph) == CUresult.CUDA_SUCCESS) {
                JCudaDriver.cuGraphDestroy(graph);
            }
            throw e;
        }
        Check.ok(JCudaDriver.cuStreamEndCapture(s, graph), "cuStreamEndCapture");
        try {
            CUgraphExec exec = new CUgraphExec();
            Check.ok(JCudaDriver.cuGraphInstantiate(exec, graph, 0), "cuGraphInstantiate");
            return new Graph(exec);
        } finally {
            Check.ok(JCudaDriver.cuGraphDestroy(graph), "cuGraphDestroy");
        }
    }

    @Override
    public void replay(Recording r, CUstream s) {
        Check.ok(JCudaDriver.cuGraphLaunch(((Graph) r).exec(), s), "cuGraphLaunch");
    }

    @Override
    public LibraryGemm openGemm(GemmMode mode) {
        bind();
        return CublasGemm.open(mode);
    }

    private synchronized CUfunction function(String name) {
        CUfunction f = functions.get(name);
        if (f != null) {
            return f;
        }
        for (CUmodule m : modules) {
            CUfunction candidate = new CUfunction();
            if (JCudaDriver.cuModuleGetFunction(candidate, m, name) == CUresult.CUDA_SUCCESS) {
                functions.put(name, candidate);
                return candidate;
            }
        }
        throw new CudaException("no kernel named " + name + " in the jar's CUDA modules " + KernelImages.modules());
    }

    @Override
    public int multiprocessors() {
        return multiprocessors;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public synchronized void close() {
        if (!retained) {
            return;
        }
        try {
            bind();
            for (CUmodule m : modules) {
                Check.ok(JCudaDriver.cuModuleUnload(m), "cuModuleUnload");
            }
        } finally {
            modules.clear();
            functions.clear();
            retained = false;
            Check.ok(JCudaDriver.cuDevicePrimaryCtxRelease(device), "cuDevicePrimaryCtxRelease");
        }
    }
}
