package g2048.cuda.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.GemmMode;
import g2048.cuda.SelfCheck;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.Layer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * TF32's error, computed on the CPU. The GPU check's cases with TF32 products ({@link CudaConformance}
 * under {@code --gemm tf32}, at {@link GpuCheck}'s seed) are redone here in plain loops with every
 * product's operands rounded to TF32 ({@link ReferenceChain}), both ways the hardware may round,
 * and compared with the same loops in fp32. Each error must sit at or below half its tolerance,
 * leaving the other half to the GPU's summation order; each case prints its figures, which
 * cuda/README.md quotes.
 */
class Tf32ErrorTest {

    private static final long SEED = GpuCheck.SEED;
    private static final double MARGIN = 2;
    private static final List<ProductRounding> TF32 = List.of(ProductRounding.TF32_NEAREST, ProductRounding.TF32_TRUNCATED);

    @Test
    void roundingMatchesItsDefinitionInBinadeUnits() {
        Rng rng = new Rng(2026);
        List<Float> xs = new ArrayList<>(List.of(0f, -0f, 1f, -1f, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE,
                Float.MIN_NORMAL, 1f + 0x1000 * Math.ulp(1f), 1f + 0xFFF * Math.ulp(1f), -(1f + 0x1000 * Math.ulp(1f)),
                3f + 0x1000 * Math.ulp(3f), 1.9999999f, Float.intBitsToFloat(0x007FF000)));
        for (int i = 0; i < 200_000; i++) {
            float x = Float.intBitsToFloat((int) rng.nextLong());
            if (Float.isFinite(x)) {
                xs.add(x);
            }
        }
        for (float x : xs) {
            assertEquals(x, ProductRounding.FP32.round(x));
            assertEquals(reference(x, false), ProductRounding.TF32_TRUNCATED.round(x), "truncated " + x);
            assertEquals(reference(x, true), ProductRounding.TF32_NEAREST.round(x), "nearest " + x);
        }
        assertEquals(Float.POSITIVE_INFINITY, ProductRounding.TF32_NEAREST.round(Float.POSITIVE_INFINITY));
        assertTrue(Float.isNaN(ProductRounding.TF32_NEAREST.round(Float.NaN)));
    }

    /** TF32 keeps 10 fraction bits: multiples of 2^(exponent − 10) in each binade (the subnormals' exponent is −126). */
    private static float reference(float x, boolean nearest) {
        double unit = Math.scalb(1.0, Math.max(Math.getExponent(x), Float.MIN_EXPONENT) - 10);
        double units = Math.abs((double) x) / unit;
        double kept = (nearest ? Math.floor(units + 0.5) : Math.floor(units)) * unit;
        return (float) Math.copySign(kept, x);
    }

    @TestFactory
    List<DynamicTest> theGpuChecksOfTf32PassWithRoomToSpare() {
        List<DynamicTest> tests = new ArrayList<>();
        for (NetSpec spec : CudaConformance.smallArchitectures()) {
            tests.add(DynamicTest.dynamicTest(spec.name(), () -> {
                layers(spec, 37);
                forward(spec, 300);
                gradient(spec, 150);
                steps(spec, 64, 3);
            }));
        }
        NetSpec cnn22 = Architectures.named("CNN22");
        tests.add(DynamicTest.dynamicTest("CNN22", () -> {
            forward(cnn22, 1024);
            forward(cnn22, 4);
            forward(cnn22, 64);
            gradient(cnn22, 256);
            steps(cnn22, 256, 2);
        }));
        return tests;
    }

    /**
     * What CudaConformance.layers compares: each layer alone on ReLU-like inputs, its backward
     * against the fp32 formula applied to the same (TF32) activations.
     */
    private static void layers(NetSpec spec, int n) {
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, SEED);
        Rng rng = new Rng(SEED ^ 0x5DEECE66DL);
        List<Layer> all = net.layers();
        for (int li = 0; li < all.size(); li++) {
            Layer layer = all.get(li);
            float[] in = CudaConformance.sparse(rng, n * layer.inSize());
            float[] dOut = CudaConformance.gaussian(rng, n * layer.outSize(), 1);
            float[] fp32Out = new float[n * layer.outSize()];
            LayerReference.forward(layer, w, in, fp32Out, n);
            double[][] errors = new double[3][TF32.size()];
            for (int r = 0; r < TF32.size(); r++) {
                float[] out = new float[n * layer.outSize()];
                LayerReference.forward(layer, w, in, out, n, TF32.get(r));
                float[][] tf32 = backward(layer, w, in, out, dOut, n, TF32.get(r));
                float[][] fp32 = backward(layer, w, in, out, dOut, n, ProductRounding.FP32);
                errors[0][r] = SelfCheck.error(out, fp32Out);
                errors[1][r] = SelfCheck.error(tf32[0], fp32[0]);
                errors[2][r] = SelfCheck.error(tf32[1], fp32[1]);
            }
            String name = spec.name() + " layer " + li + " " + layer.spec();
            check(name + " forward", errors[0], GemmMode.TF32_TOLERANCE);
            check(name + " input gradient", errors[1], CudaConformance.TF32_GRADIENT_TOLERANCE);
            check(name + " parameter gradient", errors[2], CudaConformance.TF32_GRADIENT_TOLERANCE);
        }
    }

    /** The input and parameter gradients of one layer, its ReLU masked by {@code out}. */
    private static float[][] backward(Layer layer, float[] w, float[] in, float[] out, float[] dOut, int n, ProductRounding r) {
        float[] dIn = new float[n * layer.inSize()];
        float[] grad = new float[w.length];
        LayerReference.backward(layer, w, in, out, dOut.clone(), dIn, grad, n, r);
        return new float[][] {dIn, grad};
    }

    /** What CudaConformance.forward compares: the values of random boards. */
    private static void forward(NetSpec spec, int n) {
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, SEED);
        long[] boards = SelfCheck.randomBoards(new Rng(SEED + 1), n);
        float[] fp32 = ReferenceChain.forward(net, w, boards, ProductRounding.FP32).values();
        double[] errors = new double[TF32.size()];
        for (int r = 0; r < TF32.size(); r++) {
            errors[r] = SelfCheck.error(ReferenceChain.forward(net, w, boards, TF32.get(r)).values(), fp32);
        }
        check(spec.name() + " forward n=" + n, errors, GemmMode.TF32_TOLERANCE);
    }

    /** What CudaConformance.gradient compares: the MSE's parameter gradient and the sum of squared errors. */
    private static void gradient(NetSpec spec, int n) {
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, SEED);
        Rng rng = new Rng(SEED + 2);
        long[] boards = SelfCheck.randomBoards(rng, n);
        float[] targets = CudaConformance.gaussian(rng, n, 1);
        ReferenceChain fp32 = ReferenceChain.forward(net, w, boards, ProductRounding.FP32);
        float[] fp32Grad = fp32.gradient(w, targets, 2f / n);
        double fp32Sse = sse(fp32.values(), targets);
        double[] errors = new double[TF32.size()];
        for (int r = 0; r < TF32.size(); r++) {
            ReferenceChain tf32 = ReferenceChain.forward(net, w, boards, TF32.get(r));
            double sseError = Math.abs(sse(tf32.values(), targets) - fp32Sse) / fp32Sse;
            errors[r] = Math.max(SelfCheck.error(tf32.gradient(w, targets, 2f / n), fp32Grad), sseError);
        }
        check(spec.name() + " backward (gradient, SSE) n=" + n, errors, CudaConformance.TF32_GRADIENT_TOLERANCE);
    }

    private static double sse(float[] values, float[] targets) {
        double sum = 0;
        for (int s = 0; s < values.length; s++) {
            double e = values[s] - targets[s];
            sum += e * e;
        }
        return sum;
    }

    /** What CudaConformance.steps compares: parameters and Adam's moments after a few whole steps. */
    private static void steps(NetSpec spec, int n, int steps) {
        Network net = new Network(spec);
        float[] w0 = Initializer.truncatedNormal(net, SEED);
        float[] fp32W = w0.clone();
        Adam fp32 = new Adam(w0.length);
        List<float[]> tf32W = new ArrayList<>();
        List<Adam> tf32 = new ArrayList<>();
        for (int r = 0; r < TF32.size(); r++) {
            tf32W.add(w0.clone());
            tf32.add(new Adam(w0.length));
        }
        Rng rng = new Rng(SEED + 3);
        for (int s = 0; s < steps; s++) {
            long[] boards = SelfCheck.randomBoards(rng, n);
            float[] targets = CudaConformance.gaussian(rng, n, 1);
            fp32.step(fp32W, ReferenceChain.forward(net, fp32W, boards, ProductRounding.FP32).gradient(fp32W, targets, 2f / n));
            for (int r = 0; r < TF32.size(); r++) {
                float[] w = tf32W.get(r);
                tf32.get(r).step(w, ReferenceChain.forward(net, w, boards, TF32.get(r)).gradient(w, targets, 2f / n));
            }
        }
        double[] errors = new double[TF32.size()];
        for (int r = 0; r < TF32.size(); r++) {
            Adam a = tf32.get(r);
            errors[r] = Math.max(SelfCheck.error(tf32W.get(r), fp32W), Math.max(
                    SelfCheck.error(a.firstMoments(), fp32.firstMoments()),
                    SelfCheck.error(a.secondMoments(), fp32.secondMoments())));
        }
        check(spec.name() + " " + steps + " training steps n=" + n + " (w, m, v)", errors, CudaConformance.TF32_STEPS_TOLERANCE);
    }

    private static void check(String name, double[] errors, double tolerance) {
        String line = String.format(Locale.ROOT, "TF32 %-62s nearest %.2e truncated %.2e (tolerance %.0e)",
                name, errors[0], errors[1], tolerance);
        System.out.println(line);
        for (double e : errors) {
            // Above fp32's own level, so the rounding really took place; below the tolerance with room.
            assertTrue(e > 1e-6 && e * MARGIN <= tolerance, line);
        }
    }
}
