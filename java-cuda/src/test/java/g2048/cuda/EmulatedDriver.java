package g2048.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.TreeMap;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * A {@link Driver} on the CPU, for checking the passes without a GPU: device memory is Java
 * memory at made-up addresses with unmapped gaps between blocks (an access outside a block
 * fails), and each kernel is a plain loop over the arguments in
 * the order cuda/*.cu declares them. Every launch's grid is checked to cover its work as the
 * kernel's indexing needs. Streams run their work as late as CUDA allows: only when the stream
 * is waited for (a synchronous copy waits for the null stream, a download or a free for all of
 * them), so host memory that a queued copy will read, or a result read before the wait, shows
 * up as wrong values. A recorded stream keeps its work and queues it again at each replay, and the
 * recording thread may not wait or allocate meanwhile (as CUDA's thread-local capture). Counts live
 * allocations and recordings so that tests can see everything was freed.
 * Every call holds the driver's lock, so that several threads (a trainer and its generators) can
 * share one emulated device.
 */
final class EmulatedDriver implements Driver {

    private final int sms;
    private final TreeMap<Long, ByteBuffer> memory = new TreeMap<>();
    private long next = 1 << 20;
    private int hostBlocks;
    private int streams;
    int launches;
    /** Launches per kernel name; a skinny forward whose reduction is split also counts as "gemm_fwd_skinny split". */
    final Map<String, Integer> launchesByKernel = new java.util.TreeMap<>();

    EmulatedDriver(int sms) {
        this.sms = sms;
    }

    /** Device blocks, host blocks, streams and recordings not yet freed. */
    int live() {
        return memory.size() + hostBlocks + streams + liveRecordings;
    }

    @Override
    public synchronized void bind() {
    }

    /**
     * When set, fresh device memory holds NaNs instead of zeros, as a GPU's holds whatever was
     * there: a pass that reads memory it never wrote (or zeroed) gives NaNs.
     */
    boolean poison;

    @Override
    public synchronized CUdeviceptr alloc(long bytes) {
        notRecording("cuMemAlloc");
        long at = next;
        next += (bytes + 255) / 256 * 256 + 4096;
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(bytes)).order(ByteOrder.nativeOrder());
        if (poison) {
            for (int i = 0; i + 4 <= b.capacity(); i += 4) {
                b.putFloat(i, Float.NaN);
            }
        }
        memory.put(at, b);
        return new CUdeviceptr().withByteOffset(at);
    }

    @Override
    public synchronized void free(CUdeviceptr p) {
        notRecording("cuMemFree");
        flushAll();
        if (memory.remove(address(p)) == null) {
            throw new IllegalStateException("free of an address that is not a block start");
        }
    }

    @Override
    public synchronized void upload(CUdeviceptr dst, float[] src) {
        notRecording("cuMemcpyHtoD");
        flush(null);
        for (int i = 0; i < src.length; i++) {
            putF(address(dst) + 4L * i, src[i]);
        }
    }

    @Override
    public synchronized void upload(CUdeviceptr dst, int[] src) {
        notRecording("cuMemcpyHtoD");
        flush(null);
        for (int i = 0; i < src.length; i++) {
            putI(address(dst) + 4L * i, src[i]);
        }
    }

    @Override
    public synchronized void upload(CUdeviceptr dst, long[] src) {
        notRecording("cuMemcpyHtoD");
        flush(null);
        for (int i = 0; i < src.length; i++) {
            slot(address(dst) + 8L * i, 8).putLong(offset, src[i]);
        }
    }

    @Override
    public synchronized void download(float[] dst, CUdeviceptr src) {
        notRecording("cuMemcpyDtoH");
        flushAll();
        for (int i = 0; i < dst.length; i++) {
            dst[i] = getF(address(src) + 4L * i);
        }
    }

    @Override
    public synchronized void download(double[] dst, CUdeviceptr src) {
        notRecording("cuMemcpyDtoH");
        flushAll();
        for (int i = 0; i < dst.length; i++) {
            dst[i] = slot(address(src) + 8L * i, 8).getDouble(offset);
        }
    }

    @Override
    public synchronized void zero(CUdeviceptr p, long words, CUstream s) {
        queue(s, () -> {
            for (long i = 0; i < words; i++) {
                putI(address(p) + 4 * i, 0);
            }
        });
    }

    @Override
    public synchronized HostBlock allocHost(long bytes) {
        notRecording("cuMemAllocHost");
        hostBlocks++;
        return new HostBlock(null, ByteBuffer.allocateDirect(Math.toIntExact(bytes)).order(ByteOrder.nativeOrder()));
    }

    @Override
    public synchronized void freeHost(HostBlock b) {
        notRecording("cuMemFreeHost");
        flushAll();
        hostBlocks--;
    }

    @Override
    public synchronized void toDevice(CUdeviceptr dst, HostBlock src, long bytes, CUstream s) {
        queue(s, () -> {
            for (long i = 0; i < bytes; i++) {
                slot(address(dst) + i, 1).put(offset, src.buffer().get((int) i));
            }
        });
    }

    @Override
    public synchronized void toHost(HostBlock dst, CUdeviceptr src, long bytes, CUstream s) {
        queue(s, () -> {
            for (long i = 0; i < bytes; i++) {
                dst.buffer().put((int) i, slot(address(src) + i, 1).get(offset));
            }
        });
    }

    @Override
    public synchronized void copy(CUdeviceptr dst, CUdeviceptr src, long bytes, CUstream s) {
        queue(s, () -> {
            for (long i = 0; i < bytes; i++) {
                byte b = slot(address(src) + i, 1).get(offset);
                slot(address(dst) + i, 1).put(offset, b);
            }
        });
    }

    @Override
    public synchronized CUstream createStream() {
        notRecording("cuStreamCreate");
        streams++;
        return new CUstream();
    }

    @Override
    public synchronized void synchronize(CUstream s) {
        notRecording("cuStreamSynchronize");
        flush(s);
    }

    @Override
    public synchronized void destroyStream(CUstream s) {
        notRecording("cuStreamDestroy");
        flush(s);
        streams--;
    }

    @Override
    public synchronized int multiprocessors() {
        return sms;
    }

    @Override
    public synchronized String describe() {
        return "CPU emulation of the kernels (" + sms + " SMs assumed)";
    }

    @Override
    public synchronized void close() {
        flushAll();
    }

    // ---- memory

    private int offset;

    /** Emulated pointers are a byte offset from a null native pointer, so their address is the one cuBLAS would get. */
    private static long address(CUdeviceptr p) {
        return NativeHandles.address(p);
    }

    /** The block holding [addr, addr + size); sets {@link #offset} to addr's place in it. */
    private ByteBuffer slot(long addr, int size) {
        Map.Entry<Long, ByteBuffer> e = memory.floorEntry(addr);
        if (e == null || addr - e.getKey() + size > e.getValue().capacity()) {
            throw new IndexOutOfBoundsException("device access at 0x" + Long.toHexString(addr) + " outside every allocation");
        }
        offset = (int) (addr - e.getKey());
        return e.getValue();
    }

    private float getF(long addr) {
        return slot(addr, 4).getFloat(offset);
    }

    private void putF(long addr, float v) {
        slot(addr, 4).putFloat(offset, v);
    }

    private int getI(long addr) {
        return slot(addr, 4).getInt(offset);
    }

    private void putI(long addr, int v) {
        slot(addr, 4).putInt(offset, v);
    }

    // ---- kernels

    private static int i(Object o) {
        return (Integer) o;
    }

    private static long a(Object o) {
        return o == null ? 0 : address((CUdeviceptr) o);
    }

    /** Row start of element row m of a G2View: (m / cells) * stride + cellOff[m % cells] (floats). */
    private long row(long cellOff, int cells, int stride, int m) {
        return (long) (m / cells) * stride + (cellOff == 0 ? 0 : getI(cellOff + 4L * (m % cells)));
    }

    private long col(long colOff, int k) {
        return colOff == 0 ? k : getI(colOff + 4L * k);
    }

    /** A kernel whose launches are dropped, as a broken device or build would, or null. */
    String broken;

    @Override
    public synchronized void launch(String kernel, Geometry.Grid g, CUstream s, Object[] x) {
        if (kernel.equals(broken)) {
            return;
        }
        Object[] args = x.clone();
        queue(s, () -> run(kernel, g, args));
    }

    // ---- recordings: a recorded stream's work is kept, in order, and run again at each replay

    private CUstream recorded;
    private Thread recorder;
    private java.util.List<Runnable> recording;
    /** Recordings made, replays run, and recordings not yet closed. */
    int recordingsMade;
    int replays;
    private int liveRecordings;

    /** Work queued on each stream (the null stream too) and not yet run. */
    private final Map<CUstream, java.util.List<Runnable>> pending = new java.util.IdentityHashMap<>();

    /** Keeps {@code work} in the recording when {@code s} is being recorded, else queues it on {@code s}. */
    private void queue(CUstream s, Runnable work) {
        if (recording != null && s == recorded) {
            recording.add(work);
        } else {
            pending.computeIfAbsent(s, k -> new java.util.ArrayList<>()).add(work);
        }
    }

    /** Runs the work queued on {@code s}, in order. */
    private void flush(CUstream s) {
        java.util.List<Runnable> work = pending.remove(s);
        if (work != null) {
            work.forEach(Runnable::run);
        }
    }

    /** Runs the work queued on every stream (a context-wide wait). */
    private void flushAll() {
        while (!pending.isEmpty()) {
            flush(pending.keySet().iterator().next());
        }
    }

    /** As CUDA's thread-local capture: the recording thread may not wait for the device or allocate. */
    private void notRecording(String call) {
        if (recording != null && Thread.currentThread() == recorder) {
            throw new IllegalStateException(call + " while recording a stream");
        }
    }

    private final class EmulatedRecording implements Recording {
        final java.util.List<Runnable> work;
        boolean closed;

        EmulatedRecording(java.util.List<Runnable> work) {
            this.work = work;
        }

        @Override
        public void close() {
            synchronized (EmulatedDriver.this) {
                if (closed) {
                    throw new IllegalStateException("recording closed twice");
                }
                closed = true;
                liveRecordings--;
            }
        }
    }

    @Override
    public synchronized Recording record(CUstream s, Runnable queue) {
        if (recording != null) {
            throw new IllegalStateException("a stream is already being recorded");
        }
        recorded = s;
        recorder = Thread.currentThread();
        recording = new java.util.ArrayList<>();
        try {
            queue.run();
            recordingsMade++;
            liveRecordings++;
            return new EmulatedRecording(java.util.List.copyOf(recording));
        } finally {
            recording = null;
            recorded = null;
            recorder = null;
        }
    }

    @Override
    public synchronized void replay(Recording r, CUstream s) {
        EmulatedRecording e = (EmulatedRecording) r;
        if (e.closed) {
            throw new IllegalStateException("replay of a closed recording");
        }
        replays++;
        for (Runnable work : e.work) {
            queue(s, work);
        }
    }

    private void run(String kernel, Geometry.Grid g, Object[] x) {
        launches++;
        launchesByKernel.merge(kernel, 1, Integer::sum);
        if (kernel.equals("gemm_fwd_skinny") && g.gz() > 1) {
            launchesByKernel.merge(kernel + " split", 1, Integer::sum);
        }
        switch (kernel) {
            case "encode_boards" -> encode(g, i(x[0]), a(x[1]), a(x[2]), i(x[3]), i(x[4]), i(x[5]));
            case "copy_channels" -> {
                int n = i(x[0]), cells = i(x[1]), k = i(x[2]);
                long src = a(x[3]), dst = a(x[6]);
                int sc = i(x[4]), sf = i(x[5]), dc = i(x[7]), df = i(x[8]);
                for (long e = 0; e < (long) n * cells; e++) {
                    for (int j = 0; j < k; j++) {
                        putF(dst + 4 * (e * dc + df + j), getF(src + 4 * (e * sc + sf + j)));
                    }
                }
            }
            case "gemm_fwd_large", "gemm_fwd_small" -> {
                int m = i(x[0]), n = i(x[1]), k = i(x[2]), cells = i(x[3]);
                long in = a(x[4]), inCellOff = a(x[6]), kOff = a(x[7]), w = a(x[8]), bias = a(x[9]), out = a(x[10]), outCellOff = a(x[12]);
                int inStride = i(x[5]), outStride = i(x[11]);
                boolean relu = i(x[13]) != 0;
                covers(kernel, g, m, n, 1, 1);
                for (int r = 0; r < m; r++) {
                    long ir = row(inCellOff, cells, inStride, r);
                    long or = row(outCellOff, cells, outStride, r);
                    for (int j = 0; j < n; j++) {
                        float acc = 0f;
                        for (int c = 0; c < k; c++) {
                            acc += getF(in + 4 * (ir + col(kOff, c))) * getF(w + 4 * ((long) c * n + j));
                        }
                        float y = acc + (bias == 0 ? 0f : getF(bias + 4L * j));
                        putF(out + 4 * (or + j), relu && y < 0f ? 0f : y);
                    }
                }
            }
            case "gemm_fwd_skinny" -> {
                int m = i(x[0]), n = i(x[1]), k = i(x[2]), chunk = i(x[3]), cells = i(x[4]);
                long in = a(x[5]), inCellOff = a(x[7]), kOff = a(x[8]), w = a(x[9]), bias = a(x[10]), out = a(x[11]), outCellOff = a(x[13]);
                int inStride = i(x[6]), outStride = i(x[12]);
                boolean relu = i(x[14]) != 0;
                long partial = a(x[15]), arrivals = a(x[16]);
                if ((long) g.gx() * Geometry.SKINNY_COLS < n || (long) g.gy() * Geometry.SKINNY_ROWS < m || (long) g.gz() * chunk < k
                        || chunk % Geometry.SKINNY_SLICES != 0 || g.bx() != Geometry.GEMM_THREADS) {
                    throw new AssertionError(kernel + " grid " + g + " does not cover " + m + "x" + n + " over " + k + " in chunks of " + chunk);
                }
                if (g.gz() > 1) {
                    for (int t = 0; t < g.gx() * g.gy(); t++) {
                        if (getI(arrivals + 4L * t) != 0) {
                            throw new AssertionError(kernel + ": arrival counter " + t + " is " + getI(arrivals + 4L * t) + " before the launch");
                        }
                    }
                }
                for (int r = 0; r < m; r++) {
                    long ir = row(inCellOff, cells, inStride, r);
                    long or = row(outCellOff, cells, outStride, r);
                    for (int j = 0; j < n; j++) {
                        // Each chunk's sum goes through the partial buffer as the kernel's do, then the chunks in order.
                        float acc = 0f;
                        for (int z = 0; z < g.gz(); z++) {
                            float part = 0f;
                            for (int c = z * chunk; c < Math.min(k, (z + 1) * chunk); c++) {
                                part += getF(in + 4 * (ir + col(kOff, c))) * getF(w + 4 * ((long) c * n + j));
                            }
                            if (g.gz() > 1) {
                                long at = partial + 4 * (((long) z * m + r) * n + j);
                                putF(at, part);
                                part = getF(at);
                            }
                            acc += part;
                        }
                        float y = acc + getF(bias + 4L * j);
                        putF(out + 4 * (or + j), relu && y < 0f ? 0f : y);
                    }
                }
            }
            case "gemm_dgrad_large", "gemm_dgrad_small" -> {
                int m = i(x[0]), n = i(x[1]), k = i(x[2]), cells = i(x[3]);
                long dOut = a(x[4]), outCellOff = a(x[6]), w = a(x[7]), colBuf = a(x[8]), colCellOff = a(x[10]);
                int outStride = i(x[5]), colStride = i(x[9]);
                covers(kernel, g, m, k, 1, 1);
                for (int r = 0; r < m; r++) {
                    long or = row(outCellOff, cells, outStride, r);
                    long cr = row(colCellOff, cells, colStride, r);
                    for (int c = 0; c < k; c++) {
                        float acc = 0f;
                        for (int j = 0; j < n; j++) {
                            acc += getF(dOut + 4 * (or + j)) * getF(w + 4 * ((long) c * n + j));
                        }
                        putF(colBuf + 4 * (cr + c), acc);
                    }
                }
            }
            case "gemm_wgrad_large", "gemm_wgrad_small" -> {
                int m = i(x[0]), n = i(x[1]), k = i(x[2]), cells = i(x[3]);
                long in = a(x[4]), inCellOff = a(x[6]), kOff = a(x[7]), dOut = a(x[8]), outCellOff = a(x[10]), dW = a(x[11]);
                int inStride = i(x[5]), outStride = i(x[9]), chunk = i(x[12]);
                covers(kernel, g, k, n, m, chunk);
                for (int c = 0; c < k; c++) {
                    for (int j = 0; j < n; j++) {
                        float acc = 0f;
                        for (int r = 0; r < m; r++) {
                            acc += getF(in + 4 * (row(inCellOff, cells, inStride, r) + col(kOff, c)))
                                    * getF(dOut + 4 * (row(outCellOff, cells, outStride, r) + j));
                        }
                        long at = dW + 4 * ((long) c * n + j);
                        putF(at, getF(at) + acc);
                    }
                }
            }
            case "relu_backward" -> {
                long count = (Long) x[0];
                long out = a(x[1]), d = a(x[2]);
                for (long e = 0; e < count; e++) {
                    if (getF(out + 4 * e) <= 0f) {
                        putF(d + 4 * e, 0f);
                    }
                }
            }
            case "bias_grad" -> {
                int m = i(x[0]), n = i(x[1]), cells = i(x[2]);
                long dOut = a(x[3]), outCellOff = a(x[5]), dB = a(x[6]);
                int outStride = i(x[4]);
                if ((long) g.gx() * g.bx() < n) {
                    throw new AssertionError("bias_grad grid " + g + " misses columns of " + n);
                }
                for (int j = 0; j < n; j++) {
                    float acc = 0f;
                    for (int r = 0; r < m; r++) {
                        acc += getF(dOut + 4 * (row(outCellOff, cells, outStride, r) + j));
                    }
                    putF(dB + 4L * j, getF(dB + 4L * j) + acc);
                }
            }
            case "col_to_input" -> {
                int n = i(x[0]), inCells = i(x[1]), cin = i(x[2]);
                long colBuf = a(x[3]), revStart = a(x[5]), revList = a(x[6]), dIn = a(x[7]);
                int colStride = i(x[4]), inStride = i(x[8]);
                for (int smp = 0; smp < n; smp++) {
                    for (int cell = 0; cell < inCells; cell++) {
                        for (int c = 0; c < cin; c++) {
                            float t = 0f;
                            for (int r = getI(revStart + 4L * cell); r < getI(revStart + 4L * cell + 4); r++) {
                                t += getF(colBuf + 4 * ((long) smp * colStride + (long) getI(revList + 4L * r) * cin + c));
                            }
                            putF(dIn + 4 * ((long) smp * inStride + (long) cell * cin + c), t);
                        }
                    }
                }
            }
            case "gather_columns" -> {
                int m = i(x[0]), k = i(x[1]), cells = i(x[2]);
                long in = a(x[3]), inCellOff = a(x[5]), kOff = a(x[6]), colBuf = a(x[7]), colCellOff = a(x[9]);
                int inStride = i(x[4]), colStride = i(x[8]);
                elementwiseCovers(kernel, g, (long) m * k);
                for (int r = 0; r < m; r++) {
                    long ir = row(inCellOff, cells, inStride, r);
                    long cr = row(colCellOff, cells, colStride, r);
                    for (int c = 0; c < k; c++) {
                        putF(colBuf + 4 * (cr + c), getF(in + 4 * (ir + col(kOff, c))));
                    }
                }
            }
            case "bias_activation" -> {
                int m = i(x[0]), n = i(x[1]), cells = i(x[2]);
                long out = a(x[3]), outCellOff = a(x[5]), bias = a(x[6]);
                int outStride = i(x[4]);
                boolean relu = i(x[7]) != 0;
                elementwiseCovers(kernel, g, (long) m * n);
                for (int r = 0; r < m; r++) {
                    long or = row(outCellOff, cells, outStride, r);
                    for (int j = 0; j < n; j++) {
                        float y = getF(out + 4 * (or + j)) + getF(bias + 4L * j);
                        putF(out + 4 * (or + j), relu && y < 0f ? 0f : y);
                    }
                }
            }
            case "mse_grad" -> {
                int n = i(x[0]);
                long out = a(x[1]), t = a(x[2]), d = a(x[4]), sse = a(x[5]);
                float scale = (Float) x[3];
                double sum = 0;
                for (int e = 0; e < n; e++) {
                    float err = getF(out + 4L * e) - getF(t + 4L * e);
                    sum += (double) err * err;
                    putF(d + 4L * e, scale * err);
                }
                slot(sse, 8).putDouble(offset, sum);
            }
            case "adam_step" -> {
                long count = (Long) x[0];
                long w = a(x[1]), gr = a(x[2]), m = a(x[3]), v = a(x[4]);
                float lr = (Float) x[5], b1 = (Float) x[6], b2 = (Float) x[7], c1 = (Float) x[8], c2 = (Float) x[9], eps = (Float) x[10];
                for (long e = 0; e < count; e++) {
                    float gi = getF(gr + 4 * e);
                    float mi = b1 * getF(m + 4 * e) + c1 * gi;
                    float vi = b2 * getF(v + 4 * e) + c2 * gi * gi;
                    putF(m + 4 * e, mi);
                    putF(v + 4 * e, vi);
                    putF(w + 4 * e, getF(w + 4 * e) - lr * mi / ((float) Math.sqrt(vi) + eps));
                }
            }
            case "policy_encode" -> {
                int n = i(x[0]);
                long boards = a(x[1]), dst = a(x[2]);
                elementwiseCovers(kernel, g, (long) n * PolicyPlan.CELLS * 16);
                for (int smp = 0; smp < n; smp++) {
                    long b = slot(boards + 8L * smp, 8).getLong(offset);
                    for (int p = 0; p < PolicyPlan.CELLS; p++) {
                        int r = p / PolicyPlan.SIDE, c = p % PolicyPlan.SIDE;
                        int code = r < 4 && c < 4 ? (int) (b >>> (4 * (4 * r + c))) & 15 : -1;
                        for (int plane = 0; plane < 16; plane++) {
                            putF(dst + 4 * (((long) smp * PolicyPlan.CELLS + p) * 16 + plane), plane == code ? 1f : 0f);
                        }
                    }
                }
            }
            case "policy_softmax_xent" -> {
                int n = i(x[0]);
                long z = a(x[1]), legal = a(x[2]), y = a(x[3]), d = a(x[5]), probs = a(x[6]), loss = a(x[7]);
                float scale = (Float) x[4];
                if (g.gx() != 1 || g.bx() != Geometry.BLOCK_MSE) {
                    throw new AssertionError(kernel + " grid " + g + " is not one block of " + Geometry.BLOCK_MSE);
                }
                double sum = 0;
                for (int e = 0; e < n; e++) {
                    int mask = getI(legal + 4L * e);
                    double top = Double.NEGATIVE_INFINITY;
                    for (int m = 0; m < 4; m++) {
                        if ((mask >>> m & 1) != 0) {
                            top = Math.max(top, getF(z + 4L * (4 * e + m)));
                        }
                    }
                    double[] p = new double[4];
                    double total = 0;
                    for (int m = 0; m < 4; m++) {
                        p[m] = (mask >>> m & 1) != 0 ? Math.exp(getF(z + 4L * (4 * e + m)) - top) : 0;
                        total += p[m];
                    }
                    for (int m = 0; m < 4; m++) {
                        long at = 4L * (4 * e + m);
                        p[m] = total > 0 ? p[m] / total : 0;
                        if (probs != 0) {
                            putF(probs + at, (float) p[m]);
                        }
                        float t = getF(y + at);
                        if ((mask >>> m & 1) == 0) {
                            putF(d + at, 0f);
                            continue;
                        }
                        if (t > 0f) {
                            sum -= t * Math.log(Math.max(p[m], 1e-30));
                        }
                        putF(d + at, (float) (scale * (p[m] - t)));
                    }
                }
                slot(loss, 8).putDouble(offset, sum);
            }
            default -> throw new IllegalArgumentException("no emulation of kernel " + kernel);
        }
    }

    /** A grid-stride kernel's grid: one-dimensional, at least one thread, of the block size the kernels assume. */
    private static void elementwiseCovers(String kernel, Geometry.Grid g, long count) {
        if (g.bx() != 256 || g.by() != 1 || g.gy() != 1 || g.gx() < 1 || (count > 0 && (long) g.gx() * g.bx() > count + g.bx())) {
            throw new AssertionError(kernel + " grid " + g + " is not a grid-stride launch over " + count + " elements");
        }
    }

    // ---- the library GEMM

    /** Library products opened, and not yet closed. */
    int openLibraries;
    /** Products the library computed. */
    int libraryCalls;

    @Override
    public synchronized LibraryGemm openGemm(GemmMode mode) {
        if (mode == GemmMode.KERNELS) {
            throw new IllegalArgumentException("--gemm kernels needs no library");
        }
        openLibraries++;
        return new LibraryGemm() {
            private boolean closed;

            @Override
            public void gemm(CUstream s, boolean transA, boolean transB, int m, int n, int k, float alpha, CUdeviceptr pa, int lda,
                    CUdeviceptr pb, int ldb, float beta, CUdeviceptr pc, int ldc) {
                synchronized (EmulatedDriver.this) {
                    notRecording("a library GEMM");
                    queue(s, () -> libraryProduct(transA, transB, m, n, k, alpha, address(pa), lda, address(pb), ldb, beta, address(pc),
                            ldc));
                }
            }

            @Override
            public String describe() {
                return "emulated library GEMM (" + mode.label() + ")";
            }

            @Override
            public void close() {
                synchronized (EmulatedDriver.this) {
                    if (!closed) {
                        closed = true;
                        openLibraries--;
                    }
                }
            }
        };
    }

    /** Row-major C = alpha · op(A) · op(B) + beta · C from the definition, with BLAS's checks of the strides. */
    private synchronized void libraryProduct(boolean transA, boolean transB, int m, int n, int k, float alpha, long pa, int lda,
            long pb, int ldb, float beta, long pc, int ldc) {
        if (m < 1 || n < 1 || k < 1 || lda < (transA ? m : k) || ldb < (transB ? k : n) || ldc < n) {
            throw new AssertionError("library GEMM with bad shape m=" + m + " n=" + n + " k=" + k + " lda=" + lda + " ldb=" + ldb
                    + " ldc=" + ldc);
        }
        libraryCalls++;
        for (int r = 0; r < m; r++) {
            for (int j = 0; j < n; j++) {
                float acc = 0f;
                for (int l = 0; l < k; l++) {
                    float x = getF(pa + 4 * (transA ? (long) l * lda + r : (long) r * lda + l));
                    float y = getF(pb + 4 * (transB ? (long) j * ldb + l : (long) l * ldb + j));
                    acc += x * y;
                }
                long at = pc + 4 * ((long) r * ldc + j);
                putF(at, alpha * acc + (beta == 0f ? 0f : beta * getF(at)));
            }
        }
    }

    private void encode(Geometry.Grid g, int n, long boards, long dst, int channels, int valueFirst, int posFirst) {
        for (int smp = 0; smp < n; smp++) {
            long b = slot(boards + 8L * smp, 8).getLong(offset);
            for (int cell = 0; cell < 16; cell++) {
                long base = dst + 4 * (((long) smp * 16 + cell) * channels);
                int code = (int) (b >>> (4 * cell)) & 15;
                for (int p = 0; p < 16; p++) {
                    putF(base + 4L * (valueFirst + p), p == code ? 1f : 0f);
                }
                if (posFirst >= 0) {
                    for (int p = 0; p < 8; p++) {
                        boolean hot = p < 4 ? p == cell / 4 : p - 4 == cell % 4;
                        putF(base + 4L * (posFirst + p), hot ? 1f : 0f);
                    }
                }
            }
        }
    }

    /** The GEMM grid covers rows (y) and columns (x) with the tile its name says, and the reduction (z) in chunks. */
    private static void covers(String kernel, Geometry.Grid g, int rows, int cols, int reduction, int chunk) {
        Geometry.Tile t = kernel.endsWith("_large") ? Geometry.Tile.LARGE : Geometry.Tile.SMALL;
        if ((long) g.gy() * t.bm < rows || (long) g.gx() * t.bn < cols || (long) g.gz() * chunk < reduction
                || g.bx() != Geometry.GEMM_THREADS) {
            throw new AssertionError(kernel + " grid " + g + " does not cover " + rows + "x" + cols + " (reduction " + reduction
                    + " in chunks of " + chunk + ")");
        }
    }
}
