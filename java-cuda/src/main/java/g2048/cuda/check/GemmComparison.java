package g2048.cuda.check;

import g2048.cuda.Cublas;
import g2048.cuda.CudaContext;
import g2048.cuda.CudaException;
import g2048.cuda.CudaUnavailableException;
import g2048.cuda.DeviceBuffer;
import g2048.cuda.Geometry;
import g2048.cuda.Kernels;
import g2048.cuda.LayerPlan;
import g2048.cuda.NativeHandles;
import g2048.cuda.SelfCheck;
import g2048.cuda.SkinnyScratch;
import g2048.game.Rng;
import g2048.nn.Architectures;
import g2048.nn.Layer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUpointer_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * The hand-written forward GEMMs (the tiled kernel and the skinny one) beside cuBLAS (fp32, and
 * TF32 on tensor cores) at CNN22's layer shapes (taken from the {@link LayerPlan}s the passes
 * launch), for a training batch (1,024 boards), search leaf batches (256, 64, 16) and one move's
 * afterstates (4): time per call, TFLOP/s, and each result's error against a double-precision product on
 * sampled rows. The numbers that decide whether the backend should call cuBLAS, whether TF32 is
 * accurate enough, and up to how many rows the skinny kernel should take the forward
 * ({@code Geometry.SKINNY_MAX_ROWS}).
 *
 * <p>All four compute the same plain product {@code in[M][K] · W[K][N]}. In the engine the
 * convolutions' rows are gathered (implicit im2col), which the kernel does as it loads; cuBLAS
 * would need the columns written out first, a pass not timed here, so the kernel's figures for
 * conv layers are the fairer ones. The kernels run without their bias and ReLU epilogue doing work
 * (zero bias, no ReLU), cuBLAS without any. Both kernels are timed at every size, also where the
 * engine would not choose one of them.
 */
final class GemmComparison {

    /** One forward GEMM: a layer group at a batch of boards. */
    record Shape(String layer, int batch, int m, int n, int k) {
        double flops() {
            return 2.0 * m * n * k;
        }
    }

    private static final int SAMPLED_ROWS = 128;

    /**
     * Boards per forward: a training batch, leaf batches from large to small, one move's
     * afterstates. With CNN22's 9, 4 and 1 cells per layer that puts each layer at M from 4 to
     * 9,216 rows, so the tiled and skinny kernels' crossover can be read per layer.
     */
    static final int[] BATCHES = {1024, 256, 64, 16, 4};

    /** What is timed, in order: the tiled kernel the engine would pick, the skinny kernel, cuBLAS fp32, cuBLAS TF32. */
    private static final String[] VARIANTS = {"kernel tiled", "kernel skinny", "cuBLAS fp32", "cuBLAS TF32"};

    private final CudaContext ctx;
    private final Kernels kernels;
    private final double seconds;

    private GemmComparison(CudaContext ctx, double seconds) {
        this.ctx = ctx;
        this.kernels = new Kernels(ctx);
        this.seconds = seconds;
    }

    /**
     * The forward GEMMs of {@code spec} at {@code batch} boards, one per layer group as the passes
     * launch them ({@link LayerPlan}), leaving out those with a single output column (the value head).
     */
    static List<Shape> forwardShapes(NetSpec spec, int batch) {
        List<Shape> shapes = new ArrayList<>();
        for (Layer layer : new Network(spec).layers()) {
            LayerPlan plan = LayerPlan.of(layer);
            for (LayerPlan.Group g : plan.groups()) {
                if (plan.cout() > 1) {
                    shapes.add(new Shape(layer.toString(), batch, batch * g.cells(), plan.cout(), plan.k(g)));
                }
            }
        }
        return shapes;
    }

    /**
     * The comparison's table, one row per shape and a total per batch; a single row saying why
     * when cuBLAS cannot be loaded. {@code seconds} is the time spent timing each variant of each shape.
     */
    static List<String> rows(CudaContext ctx, double seconds) {
        List<String> rows = new ArrayList<>();
        ctx.bind();
        try (Cublas cublas = Cublas.open()) {
            rows.add("cublas: " + cublas.describe());
            GemmComparison c = new GemmComparison(ctx, seconds);
            for (int batch : BATCHES) {
                double[] totals = new double[VARIANTS.length];
                for (Shape s : forwardShapes(Architectures.named("CNN22"), batch)) {
                    double[] micros = c.compare(cublas, s, rows);
                    for (int i = 0; i < totals.length; i++) {
                        totals[i] += micros[i];
                    }
                }
                StringBuilder total = new StringBuilder("gemm CNN22 forward batch " + batch + ", all layers above:");
                for (int i = 0; i < totals.length; i++) {
                    total.append(String.format(Locale.ROOT, "%s %s %.1f us", i == 0 ? "" : ",", VARIANTS[i], totals[i]));
                }
                rows.add(total.toString());
            }
        } catch (CudaUnavailableException e) {
            rows.add("cublas: not compared: " + e.getMessage());
        }
        return rows;
    }

    /**
     * Times and checks the variants on {@code s}; returns their microseconds per call. Everything
     * runs on the legacy default stream (a null stream, cuBLAS's own default), one call at a time.
     */
    private double[] compare(Cublas cublas, Shape s, List<String> rows) {
        Rng rng = new Rng(31L * s.m() + s.k());
        float[] in = CudaConformance.gaussian(rng, s.m() * s.k(), 1);
        float[] w = CudaConformance.gaussian(rng, s.k() * s.n(), 1 / Math.sqrt(s.k()));
        float[] expected = sampledProduct(in, w, s);
        try (DeviceBuffer dIn = DeviceBuffer.floats(ctx, in.length); DeviceBuffer dW = DeviceBuffer.floats(ctx, w.length);
                DeviceBuffer dOut = DeviceBuffer.floats(ctx, (long) s.m() * s.n()); DeviceBuffer dBias = DeviceBuffer.floats(ctx, s.n());
                DeviceBuffer dZero = DeviceBuffer.ints(ctx, new int[1]); SkinnyScratch scratch = new SkinnyScratch(ctx)) {
            dIn.upload(in);
            dW.upload(w);
            dBias.upload(new float[s.n()]);
            long aIn = address(dIn.ptr());
            long aW = address(dW.ptr());
            long aOut = address(dOut.ptr());
            Runnable ours = () -> {
                kernels.gemmForward(null, s.m(), s.n(), s.k(), 1, dIn.ptr(), s.k(), dZero.ptr(), null, dW.ptr(), dBias.ptr(), dOut.ptr(),
                        s.n(), dZero.ptr(), false, scratch);
                ctx.synchronize();
            };
            Runnable library = () -> {
                cublas.gemmRowMajor(false, false, s.m(), s.n(), s.k(), 1f, aIn, s.k(), aW, s.n(), 0f, aOut, s.n());
                ctx.synchronize();
            };
            double[] micros = new double[VARIANTS.length];
            double[] errors = new double[VARIANTS.length];
            int sms = ctx.multiprocessors();
            Geometry.Tile tiled = Geometry.gemm(s.m(), s.n(), s.k(), false, sms).tile();
            for (int i = 0; i < 2; i++) {
                try (Geometry.Forced forced = Geometry.force(i == 0 ? tiled : Geometry.Tile.SKINNY)) {
                    micros[i] = time(ours);
                }
                errors[i] = error(dOut, expected, s);
            }
            cublas.mathMode(Cublas.DEFAULT_MATH);
            micros[2] = time(library);
            errors[2] = error(dOut, expected, s);
            cublas.mathMode(Cublas.TF32_MATH);
            micros[3] = time(library);
            errors[3] = error(dOut, expected, s);
            cublas.mathMode(Cublas.DEFAULT_MATH);
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "gemm %-24s batch %4d (M %5d N %4d K %4d), engine's choice %s:",
                    s.layer(), s.batch(), s.m(), s.n(), s.k(), Geometry.forward(s.m(), s.n(), s.k(), sms).tile().suffix));
            for (int i = 0; i < VARIANTS.length; i++) {
                row.append(String.format(Locale.ROOT, "%s %s %8.1f us %5.1f TFLOP/s err %.1e", i == 0 ? "" : " |",
                        i == 0 ? "kernel " + tiled.suffix : VARIANTS[i], micros[i], tflops(s, micros[i]), errors[i]));
            }
            rows.add(row.toString());
            return micros;
        }
    }

    /** Microseconds per call, after two warm-up calls, over at least {@code seconds} and 3 calls. */
    private double time(Runnable call) {
        call.run();
        call.run();
        long calls = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        do {
            call.run();
            calls++;
        } while (calls < 3 || System.nanoTime() < end);
        return (System.nanoTime() - start) / 1e3 / calls;
    }

    private double error(DeviceBuffer dOut, float[] expected, Shape s) {
        float[] all = new float[s.m() * s.n()];
        dOut.download(all);
        float[] sampled = new float[expected.length];
        for (int r = 0; r < SAMPLED_ROWS; r++) {
            System.arraycopy(all, sampledRow(r, s) * s.n(), sampled, r * s.n(), s.n());
        }
        return SelfCheck.error(sampled, expected);
    }

    /** {@code in · w} in double on {@link #SAMPLED_ROWS} rows spread over M. */
    static float[] sampledProduct(float[] in, float[] w, Shape s) {
        float[] out = new float[SAMPLED_ROWS * s.n()];
        double[] row = new double[s.n()];
        for (int r = 0; r < SAMPLED_ROWS; r++) {
            int m = sampledRow(r, s);
            java.util.Arrays.fill(row, 0);
            for (int k = 0; k < s.k(); k++) {
                double a = in[m * s.k() + k];
                for (int n = 0; n < s.n(); n++) {
                    row[n] += a * w[k * s.n() + n];
                }
            }
            for (int n = 0; n < s.n(); n++) {
                out[r * s.n() + n] = (float) row[n];
            }
        }
        return out;
    }

    private static int sampledRow(int r, Shape s) {
        return (int) ((long) r * s.m() / SAMPLED_ROWS);
    }

    private static double tflops(Shape s, double micros) {
        return s.flops() / (micros * 1e-6) / 1e12;
    }

    /**
     * The raw device address of {@code p} as the driver reports it, checked against what the passes
     * hand cuBLAS ({@link NativeHandles#address}, read from JCuda's fields without a driver call).
     */
    private static long address(CUdeviceptr p) {
        long[] a = new long[1];
        int r = JCudaDriver.cuPointerGetAttribute(Pointer.to(a), CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_POINTER, p);
        if (r != CUresult.CUDA_SUCCESS) {
            throw new CudaException("cuPointerGetAttribute failed: " + CUresult.stringFor(r));
        }
        long fields = NativeHandles.address(p);
        if (fields != a[0]) {
            throw new CudaException("JCuda's pointer fields say 0x" + Long.toHexString(fields) + " but the driver says 0x"
                    + Long.toHexString(a[0]) + ": cuBLAS would be passed wrong addresses");
        }
        return a[0];
    }
}
