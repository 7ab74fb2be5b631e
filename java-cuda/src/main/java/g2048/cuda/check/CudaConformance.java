package g2048.cuda.check;

import static g2048.cuda.SelfCheck.error;
import static g2048.cuda.SelfCheck.floats;
import static g2048.cuda.SelfCheck.randomBoards;

import g2048.cuda.CudaContext;
import g2048.cuda.CudaEvaluator;
import g2048.cuda.CudaNetwork;
import g2048.cuda.CudaPass;
import g2048.cuda.CudaTrainer;
import g2048.cuda.DeviceBuffer;
import g2048.cuda.GemmMode;
import g2048.cuda.Geometry;
import g2048.cuda.SelfCheck;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.Layer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.Optimiser;
import g2048.nn.Workspace;
import java.util.ArrayList;
import java.util.List;

/**
 * The GPU judged by the CPU reference: every kernel ({@link KernelConformance}), every layer kind and
 * the whole forward, backward and Adam step, on fresh seeded random inputs, each GEMM with both
 * tiles. The JUnit tests run these where a GPU is present (and through the emulated driver without
 * one), and {@link GpuCheck} ({@code g2048 gpu-check}) runs them on a GPU machine without a build tool.
 *
 * <p>The error of a result is norm-wise, as the self-check before play measures it
 * ({@link SelfCheck#error}): {@code max_i |gpu_i − cpu_i| / max_i |cpu_i|}. Values are held to
 * their products' tolerance ({@link GemmMode#tolerance()}); gradients and training steps to the
 * wider ones below when the products are TF32.
 */
public final class CudaConformance {

    /**
     * The largest norm-wise relative error accepted in gradients with TF32 products (values:
     * {@link GemmMode#TF32_TOLERANCE}; fp32 products: {@link GemmMode#FP32_TOLERANCE} everywhere):
     * a gradient is a difference of products summed over a batch, and
     * ReLUs within rounding of 0 may pass on one device and not on the other.
     */
    public static final double TF32_GRADIENT_TOLERANCE = 5e-2;

    /**
     * The same for parameters and Adam's moments after a few whole steps. Adam moves a parameter by
     * about its step size whatever the gradient's magnitude, so a gradient within TF32's error of 0
     * moves the two copies apart by that much, and the next steps see different parameters.
     */
    public static final double TF32_STEPS_TOLERANCE = 2e-1;

    /** One comparison: what, its error, and whether it is within its tolerance. */
    public record Outcome(String name, double error, double tolerance) {
        public Outcome(String name, double error) {
            this(name, error, GemmMode.FP32_TOLERANCE);
        }

        public boolean passed() {
            return error <= tolerance;
        }

        @Override
        public String toString() {
            String limit = tolerance == GemmMode.FP32_TOLERANCE ? "" : String.format(" (tolerance %.0e)", tolerance);
            return String.format("%-60s %.3e %s%s", name, error, passed() ? "ok" : "FAIL", limit);
        }
    }

    /** Small widths of every architecture family: every layer kind and input kind, quick to check. */
    public static List<NetSpec> smallArchitectures() {
        return List.of(
                Architectures.cnn22("cnn22-small", 24, 40, 48, 20),
                Architectures.cnn12("cnn12-small", 12, 20),
                Architectures.mlp("mlp-small", 40, 24),
                Architectures.bpCnn("bp-cnn-small", 16, 24, 40, 12),
                Architectures.fcCnn("fc-cnn-small", 20, 2, 16, 24, 32, 12),
                Architectures.cnnCnn("cnn-cnn-small", 10, 3, 16, 24, 32, 12));
    }

    private final CudaContext ctx;
    private final GemmMode gemm;

    /** Checks of the hand-written kernels' passes. */
    public CudaConformance(CudaContext ctx) {
        this(ctx, GemmMode.KERNELS);
    }

    /** Checks of passes whose products are by {@code gemm} (the kernel-level checks are the same in every mode). */
    public CudaConformance(CudaContext ctx, GemmMode gemm) {
        this.ctx = ctx;
        this.gemm = gemm;
    }

    /** The tolerance of the forward checks in this mode. */
    public double tolerance() {
        return gemm.tolerance();
    }

    /** The tolerance of the gradient checks in this mode. */
    public double gradientTolerance() {
        return gemm == GemmMode.CUBLAS_TF32 ? TF32_GRADIENT_TOLERANCE : GemmMode.FP32_TOLERANCE;
    }

    /** The tolerance of the training-step checks in this mode. */
    public double stepsTolerance() {
        return gemm == GemmMode.CUBLAS_TF32 ? TF32_STEPS_TOLERANCE : GemmMode.FP32_TOLERANCE;
    }

    /**
     * Everything: kernels, layers of every small architecture, whole passes and steps (forwards
     * replayed too, with the kernels' products), and CNN22 at full width; with the kernels'
     * products, the policy networks too ({@link PolicyConformance}).
     */
    public List<Outcome> all(long seed) {
        List<Outcome> out = new ArrayList<>();
        KernelConformance kernels = new KernelConformance(ctx);
        out.add(kernels.encode(seed, 777));
        out.add(kernels.mse(seed, 1000));
        out.add(kernels.adam(seed, 100_003, 3));
        for (NetSpec spec : smallArchitectures()) {
            for (Geometry.Tile tile : Geometry.Tile.values()) {
                out.addAll(layers(spec, tile, seed, 37));
                out.add(forward(spec, tile, seed, 300));
                out.add(gradient(spec, tile, seed, 150));
                out.add(steps(spec, tile, seed, 64, 3));
            }
            if (gemm == GemmMode.KERNELS) {
                out.add(replayedForward(spec, seed, 5));
            }
        }
        NetSpec cnn22 = Architectures.named("CNN22");
        out.add(forward(cnn22, null, seed, 1024));
        // One move's afterstates and a small leaf batch: the skinny forward at full width.
        out.add(forward(cnn22, null, seed, 4));
        out.add(forward(cnn22, null, seed, 64));
        if (gemm == GemmMode.KERNELS) {
            out.add(replayedForward(cnn22, seed, 4));
            out.add(replayedForward(cnn22, seed, 64));
        }
        out.add(gradient(cnn22, null, seed, 256));
        out.add(steps(cnn22, null, seed, 256, 2));
        if (gemm == GemmMode.KERNELS) {
            // the policy networks' passes and steps use the kernels' products only
            out.addAll(new PolicyConformance(ctx).all(seed));
        }
        return out;
    }

    /**
     * Every layer of {@code spec} alone: forward (output) and backward (input gradient, parameter
     * gradient) against the layer's formula ({@link LayerReference}, itself checked against
     * {@link Network}) on random inputs that are zero in about a third of the places, as after a ReLU.
     */
    public List<Outcome> layers(NetSpec spec, Geometry.Tile tile, long seed, int n) {
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, seed);
        Rng rng = new Rng(seed ^ 0x5DEECE66DL);
        List<Outcome> out = new ArrayList<>();
        try (Geometry.Forced forced = Geometry.force(tile); CudaNetwork dn = new CudaNetwork(ctx, net, w);
                CudaPass pass = new CudaPass(dn, n, true, gemm)) {
            for (int li = 0; li < dn.layerCount(); li++) {
                Layer layer = net.layers().get(li);
                String name = spec.name() + " layer " + li + " " + layer.spec() + " " + tileName(tile);
                float[] in = sparse(rng, n * layer.inSize());
                float[] cpuOut = new float[n * layer.outSize()];
                LayerReference.forward(layer, w, in, cpuOut, n);
                float[] dOut = gaussian(rng, n * layer.outSize(), 1);
                float[] cpuDOut = dOut.clone();
                float[] cpuDIn = new float[n * layer.inSize()];
                float[] cpuGrad = new float[w.length];
                float[] gpuOut = new float[cpuOut.length];
                float[] gpuDIn = new float[cpuDIn.length];
                float[] gpuGrad = new float[w.length];
                try (DeviceBuffer dIn = DeviceBuffer.floats(ctx, in.length); DeviceBuffer dOutAct = DeviceBuffer.floats(ctx, cpuOut.length);
                        DeviceBuffer dDOut = DeviceBuffer.floats(ctx, dOut.length); DeviceBuffer dDIn = DeviceBuffer.floats(ctx, in.length);
                        DeviceBuffer dGrad = DeviceBuffer.floats(ctx, w.length)) {
                    dIn.upload(in);
                    dDOut.upload(dOut);
                    dGrad.upload(new float[w.length]);
                    pass.layerForward(li, dIn, dOutAct, n);
                    pass.synchronize();
                    dOutAct.download(gpuOut);
                    pass.layerBackward(li, dIn, dOutAct, dDOut, dDIn, dGrad, n);
                    pass.synchronize();
                    dDIn.download(gpuDIn);
                    dGrad.download(gpuGrad);
                }
                // The backward is judged on the GPU's own activations: an output within rounding of 0
                // may pass the ReLU on one device and not on the other, which is the forward's error
                // (judged on its own), not the backward's.
                LayerReference.backward(layer, w, in, gpuOut, cpuDOut, cpuDIn, cpuGrad, n);
                out.add(new Outcome(name + " forward", error(gpuOut, cpuOut), tolerance()));
                out.add(new Outcome(name + " input gradient", error(gpuDIn, cpuDIn), gradientTolerance()));
                out.add(new Outcome(name + " parameter gradient", error(gpuGrad, cpuGrad), gradientTolerance()));
            }
        }
        return out;
    }

    /** The evaluator's values against the CPU network's on random boards. */
    public Outcome forward(NetSpec spec, Geometry.Tile tile, long seed, int n) {
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, seed);
        long[] boards = randomBoards(new Rng(seed + 1), n);
        Workspace ws = net.workspace(n, false);
        net.forward(w, ws, boards, n);
        float[] cpu = java.util.Arrays.copyOf(ws.outputs(), n);
        float[] gpu;
        try (Geometry.Forced forced = Geometry.force(tile);
                CudaEvaluator e = CudaEvaluator.create(ctx, net, w, "conformance", n, gemm, false)) {
            double[] v = new double[n];
            e.values(boards, n, v);
            gpu = floats(v);
        }
        return new Outcome(spec.name() + " forward n=" + n + " " + tileName(tile), error(gpu, cpu), tolerance());
    }

    /**
     * Replayed forwards ({@link CudaPass#RECORDED_MAX_BATCH}) against the CPU network: one evaluator
     * is asked for n boards (recorded, then replayed), n other boards (a replay, which must read
     * the new boards), a batch too large to record (run directly on the same buffers), and the
     * first n boards again. The error is the worst of the four. Kernels' products only.
     */
    public Outcome replayedForward(NetSpec spec, long seed, int n) {
        if (gemm != GemmMode.KERNELS) {
            throw new IllegalStateException("replayed forwards run with the kernels' products, not " + gemm.label() + "'s");
        }
        if (n > CudaPass.RECORDED_MAX_BATCH) {
            throw new IllegalArgumentException("a forward of " + n + " boards is not replayed");
        }
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, seed);
        Rng rng = new Rng(seed + 2);
        int large = CudaPass.RECORDED_MAX_BATCH + 1;
        long[][] batches = {randomBoards(rng, n), randomBoards(rng, n), randomBoards(rng, large), null};
        batches[3] = batches[0];
        double worst = 0;
        try (CudaEvaluator e = CudaEvaluator.create(ctx, net, w, "conformance", large, gemm, true)) {
            for (long[] boards : batches) {
                int count = boards.length;
                Workspace ws = net.workspace(count, false);
                net.forward(w, ws, boards, count);
                double[] v = new double[count];
                e.values(boards, count, v);
                worst = Math.max(worst, error(floats(v), java.util.Arrays.copyOf(ws.outputs(), count)));
            }
        }
        return new Outcome(spec.name() + " replayed forward n=" + n + " (new boards, a direct forward between)", worst, tolerance());
    }

    /**
     * The whole backward pass: the parameter gradient of the MSE and the SSE against the CPU
     * network's, judged on inputs the reference can vouch for ({@link RoundingScreen}).
     */
    public Outcome gradient(NetSpec spec, Geometry.Tile tile, long seed, int n) {
        String name = spec.name() + " backward (gradient, SSE) n=" + n + " " + tileName(tile);
        Network net = new Network(spec);
        return RoundingScreen.worst(RoundingScreen.judged(seed, List.of(name, name), gradientTolerance(), new RoundingScreen.Comparison() {
            @Override
            public float[][] reference(long s, int ulps) {
                float[] w = RoundingScreen.nudged(Initializer.truncatedNormal(net, s), ulps);
                Rng rng = new Rng(s + 2);
                long[] boards = randomBoards(rng, n);
                float[] targets = gaussian(rng, n, 1);
                Workspace ws = net.workspace(n, true);
                float[] grad = new float[w.length];
                net.forward(w, ws, boards, n);
                double sse = net.backward(w, ws, new Optimiser.Values(boards, targets, 0), 0, n, 2f / n, grad);
                return new float[][] {grad, {(float) sse}};
            }

            @Override
            public float[][] gpu(long s) {
                float[] w = Initializer.truncatedNormal(net, s);
                Rng rng = new Rng(s + 2);
                long[] boards = randomBoards(rng, n);
                float[] targets = gaussian(rng, n, 1);
                float[] grad = new float[w.length];
                double sse;
                try (Geometry.Forced forced = Geometry.force(tile); CudaTrainer<Optimiser.Values> t = new CudaTrainer<>(ctx, net, w, new Adam(w.length), n, gemm)) {
                    t.zeroGradient();
                    t.forward(boards, 0, n);
                    sse = t.backward(targets, 0, n, 2f / n);
                    t.gradient(grad);
                }
                return new float[][] {grad, {(float) sse}};
            }
        }));
    }

    /**
     * {@code steps} whole optimiser steps (forward, backward, Adam) against the CPU: parameters and
     * moments after, judged as {@link #gradient} is.
     */
    public Outcome steps(NetSpec spec, Geometry.Tile tile, long seed, int n, int steps) {
        String name = spec.name() + " " + steps + " training steps n=" + n + " (w, m, v) " + tileName(tile);
        Network net = new Network(spec);
        // Adam moves every parameter with a non-zero gradient by about alpha whatever its size, so a
        // gradient that cancels to ~0 may move differently on the two devices; epsilon damps such
        // moves to far below the tolerance times the largest parameter, which is what is compared.
        return RoundingScreen.worst(RoundingScreen.judged(seed, List.of(name, name, name), stepsTolerance(), new RoundingScreen.Comparison() {
            @Override
            public float[][] reference(long s, int ulps) {
                float[] w = RoundingScreen.nudged(Initializer.truncatedNormal(net, s), ulps);
                Adam adam = new Adam(w.length);
                Rng rng = new Rng(s + 3);
                Workspace ws = net.workspace(n, true);
                float[] grad = new float[w.length];
                for (int i = 0; i < steps; i++) {
                    long[] boards = randomBoards(rng, n);
                    float[] targets = gaussian(rng, n, 1);
                    java.util.Arrays.fill(grad, 0f);
                    net.forward(w, ws, boards, n);
                    net.backward(w, ws, new Optimiser.Values(boards, targets, 0), 0, n, 2f / n, grad);
                    adam.step(w, grad);
                }
                return new float[][] {w, adam.firstMoments(), adam.secondMoments()};
            }

            @Override
            public float[][] gpu(long s) {
                float[] w0 = Initializer.truncatedNormal(net, s);
                Rng rng = new Rng(s + 3);
                float[] w = new float[w0.length];
                Adam adam = new Adam(new float[w0.length], new float[w0.length], steps, Adam.ALPHA, Adam.BETA1, Adam.BETA2, Adam.EPSILON);
                try (Geometry.Forced forced = Geometry.force(tile); CudaTrainer<Optimiser.Values> t = new CudaTrainer<>(ctx, net, w0, new Adam(w0.length), n, gemm)) {
                    for (int i = 0; i < steps; i++) {
                        long[] boards = randomBoards(rng, n);
                        float[] targets = gaussian(rng, n, 1);
                        t.step(new Optimiser.Values(boards, targets, i + 1), 0, n);
                    }
                    t.downloadTo(w, adam);
                }
                return new float[][] {w, adam.firstMoments(), adam.secondMoments()};
            }
        }));
    }

    /** Gaussian values of standard deviation {@code sigma}. */
    public static float[] gaussian(Rng rng, int n, double sigma) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) (rng.nextGaussian() * sigma);
        }
        return a;
    }

    /** Non-negative, zero in about a third of the places: what a ReLU layer hands on. */
    public static float[] sparse(Rng rng, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = rng.nextInt(3) == 0 ? 0f : (float) Math.abs(rng.nextGaussian());
        }
        return a;
    }

    private String tileName(Geometry.Tile tile) {
        String products = gemm == GemmMode.KERNELS ? "" : "gemm " + gemm.label() + ", ";
        return "(" + products + (tile == null ? "tile by size)" : tile.suffix + " tile)");
    }
}
