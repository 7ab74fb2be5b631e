package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.check.PolicyConformance.Batch;
import g2048.cuda.check.PolicyConformance;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.CpuBackend;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.nn.Optimiser;
import g2048.nn.Network;
import g2048.nn.Workspace;
import g2048.nn.SoftmaxCrossEntropy;
import g2048.nn.UnusableBackendException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The policy networks' GPU path ({@link CudaPass}, {@link CudaTrainer},
 * {@link CudaBackend}) driven as on a GPU with the kernels emulated on the CPU
 * ({@link EmulatedDriver}), against the CPU reference {@link PolicyNetwork}: logits, probabilities,
 * loss and every layer's weight and bias gradient, on seeded random boards, legal-move masks and
 * hard and soft targets; then Adam steps against {@link CpuBackend}.
 *
 * <p>Tolerance: {@link GemmMode#FP32_TOLERANCE} (1e-4), norm-wise (largest difference over the
 * largest reference value, per layer block). Both sides compute in fp32 and differ only in the order
 * of their sums (the CPU tap by tap, the GEMMs term by term over the window, the weight gradient
 * also over the batch); a sum of K terms reordered moves by at most about K·2^-24 of the sum of its
 * terms' magnitudes, K ≤ 4·436 = 1,744 here, i.e. ≤ 1e-4, and in practice by √K·2^-24 ≈ 3e-6. The
 * softmax and the loss are in double on both sides.
 */
class CudaPolicyEmulationTest {

    private static final double TOL = GemmMode.FP32_TOLERANCE;

    private static float[] weights(NetSpec spec, long seed) {
        return PolicyConformance.weights(spec, seed);
    }

    /** The CPU reference of one batch: logits, probabilities, summed loss and the gradient of the mean. */
    record Reference(float[] logits, float[] probs, double loss, float[] grad) {

        static Reference of(NetSpec spec, float[] w, Batch b) {
            int n = b.boards().length;
            Network net = new Network(spec);
            Workspace ws = net.workspace(n, true);
            net.forward(w, ws, b.boards(), 0, n);
            float[] logits = ws.outputs().clone();
            float[] probs = new float[4 * n];
            double[] p = new double[4];
            for (int s = 0; s < n; s++) {
                SoftmaxCrossEntropy.probabilities(logits, 4 * s, b.legal()[s], p);
                for (int m = 0; m < 4; m++) {
                    probs[4 * s + m] = (float) p[m];
                }
            }
            float[] grad = new float[spec.weightCount()];
            double loss = net.backward(w, ws, new Optimiser.Moves(b.boards(), b.legal(), b.targets()), 0, n, 1f / n, grad);
            return new Reference(logits, probs, loss, grad);
        }
    }

    /** Each layer's weights and biases as their own block: [name, from, to). */
    static List<Object[]> blocks(NetSpec spec) {
        List<Object[]> out = new ArrayList<>();
        int ch = spec.channels();
        for (int l = 0; l < spec.convs(); l++) {
            int off = spec.layerOffset(l);
            int weights = NetSpec.TAPS * spec.inChannels(l) * ch;
            out.add(new Object[] {"conv " + l + " weights", off, off + weights});
            out.add(new Object[] {"conv " + l + " biases", off + weights, off + weights + ch});
        }
        int off = spec.lastLayerOffset();
        int weights = NetSpec.CELLS * ch * NetSpec.MOVES;
        out.add(new Object[] {"dense weights", off, off + weights});
        out.add(new Object[] {"dense biases", off + weights, off + weights + NetSpec.MOVES});
        return out;
    }

    /** The largest norm-wise error over the layer blocks, with the block's name. */
    static String worstBlock(NetSpec spec, float[] got, float[] want, double[] worst) {
        String name = "";
        worst[0] = 0;
        for (Object[] b : blocks(spec)) {
            int from = (Integer) b[1];
            int to = (Integer) b[2];
            double e = SelfCheck.error(java.util.Arrays.copyOfRange(got, from, to), java.util.Arrays.copyOfRange(want, from, to));
            if (e > worst[0] || name.isEmpty()) {
                worst[0] = e;
                name = (String) b[0];
            }
        }
        return name;
    }

    /** One pass of n positions on the emulated device against the reference; returns the worst error seen. */
    static double passError(EmulatedDriver driver, NetSpec spec, long seed, int n) {
        float[] w = weights(spec, seed);
        Batch b = Batch.random(new Rng(seed + 2), n);
        Reference ref = Reference.of(spec, w, b);
        double worst;
        try (CudaContext ctx = new CudaContext(driver);
                CudaNetwork net = CudaNetwork.of(ctx, spec, w);
                CudaPass pass = new CudaPass(net, n, true);
                DeviceBuffer grad = DeviceBuffer.floats(ctx, spec.weightCount())) {
            grad.zero(spec.weightCount(), pass.stream());
            pass.forward(b.boards(), 0, n);
            float[] logits = new float[4 * n];
            pass.outputs(logits);
            double loss = pass.backward(b.legal(), b.targets(), 0, n, 1f / n, grad);
            float[] probs = new float[4 * n];
            pass.probabilities(probs);
            float[] g = new float[spec.weightCount()];
            grad.download(g);
            double el = SelfCheck.error(logits, ref.logits());
            double ep = SelfCheck.error(probs, ref.probs());
            double eLoss = Math.abs(loss - ref.loss()) / Math.max(ref.loss(), 1e-30);
            double[] eg = new double[1];
            String block = worstBlock(spec, g, ref.grad(), eg);
            System.out.printf("%s n=%d: logits %.2e, probabilities %.2e, loss %.2e, gradient %.2e (%s)%n", spec.name(), n, el, ep, eLoss,
                    eg[0], block);
            worst = Math.max(Math.max(el, ep), Math.max(eLoss, eg[0]));
        }
        return worst;
    }

    @Test
    void aPassMatchesTheCpuOnSmallNetworks() {
        // one convolution (no input gradient but the dense layer's), and three of odd width
        for (NetSpec spec : List.of(NetSpec.policy("P1x5", 1, 5), NetSpec.policy("P3x7", 3, 7))) {
            EmulatedDriver driver = new EmulatedDriver(4);
            // fresh device memory is NaN: the padding must be zeroed by the pass, nothing read unwritten
            driver.poison = true;
            for (int n : new int[] {1, 9, 70}) {
                double e = passError(driver, spec, 31 + n, n);
                assertTrue(e <= TOL, spec.name() + " n=" + n + ": error " + e);
            }
            assertEquals(0, driver.live(), "device buffers, host buffers or streams left after close");
            assertTrue(driver.launchesByKernel.containsKey("policy_encode") && driver.launchesByKernel.containsKey("policy_softmax_xent")
                    && driver.launchesByKernel.containsKey("col_to_input"), driver.launchesByKernel.toString());
        }
    }

    @Test
    void aPassMatchesTheCpuOnPolicy2() {
        NetSpec spec = Architectures.named(Head.POLICY, "POLICY2");
        double e = passError(new EmulatedDriver(132), spec, 7, 3);
        assertTrue(e <= TOL, "POLICY2: error " + e);
    }

    @Test
    void aMissingKernelIsSeen() {
        NetSpec spec = NetSpec.policy("P2x6", 2, 6);
        for (String kernel : new String[] {"policy_encode", "policy_softmax_xent", "col_to_input", "relu_backward"}) {
            EmulatedDriver driver = new EmulatedDriver(4);
            driver.broken = kernel;
            double e = passError(driver, spec, 5, 9);
            assertTrue(e > 100 * TOL, "without " + kernel + " the error is only " + e);
        }
    }

    @Test
    void adamStepsMatchTheCpuDevice() {
        NetSpec spec = NetSpec.policy("P2x6", 2, 6);
        float[] w0 = weights(spec, 11);
        int n = 23;
        EmulatedDriver driver = new EmulatedDriver(4);
        driver.poison = true;
        try (CudaContext ctx = new CudaContext(driver)) {
            // a learning rate well above the default, so that three steps move the weights visibly
            Adam cpuAdam = new Adam(w0.length, 0.01, Adam.BETA1, Adam.BETA2, Adam.EPSILON);
            Adam gpuAdam = new Adam(w0.length, 0.01, Adam.BETA1, Adam.BETA2, Adam.EPSILON);
            float[] cpuW = w0.clone();
            // a pass of 10 positions: each step of 23 goes in three slices
            try (Optimiser<Optimiser.Moves> cpu = new CpuBackend().policyTraining(spec, cpuW, cpuAdam, n, 1);
                    CudaTrainer<Optimiser.Moves> gpu = new CudaTrainer<>(ctx, spec, w0.clone(), gpuAdam, 0.01, Adam.BETA1, Adam.BETA2,
                            Adam.EPSILON, 10, GemmMode.KERNELS)) {
                Rng rng = new Rng(3);
                for (int step = 1; step <= 3; step++) {
                    Batch b = Batch.random(rng, n);
                    double lc = cpu.step(b.moves(), 0, n);
                    double lg = gpu.step(b.moves(), 0, n);
                    assertEquals(lc, lg, TOL * lc, "step " + step + " loss");
                }
                float[] gw = new float[w0.length];
                gpu.weights(gw);
                float[] cw = new float[w0.length];
                cpu.weights(cw);
                double moved = SelfCheck.error(cw, w0);
                assertTrue(moved > 1e-3, "three steps moved the weights by " + moved);
                double[] e = new double[1];
                String block = worstBlock(spec, gw, cw, e);
                assertTrue(e[0] <= TOL, "weights after 3 steps: error " + e[0] + " in " + block);
                Adam ga = gpu.adam();
                Adam ca = cpu.adam();
                assertEquals(3, ga.steps());
                assertEquals(0.01, ga.alpha());
                assertTrue(SelfCheck.error(ga.firstMoments(), ca.firstMoments()) <= TOL, "first moments");
                assertTrue(SelfCheck.error(ga.secondMoments(), ca.secondMoments()) <= TOL, "second moments");
            }
        }
        assertEquals(0, driver.live(), "device buffers, host buffers or streams left after close");
    }

    @Test
    void theDeviceResumesFromAnAdamState() {
        NetSpec spec = NetSpec.policy("P1x4", 1, 4);
        int count = spec.weightCount();
        Rng rng = new Rng(8);
        float[] m = gaussians(rng, count, 1e-2);
        float[] v = gaussians(rng, count, 1e-2);
        for (int i = 0; i < count; i++) {
            v[i] = v[i] * v[i];
        }
        float[] w = weights(spec, 2);
        Adam cpuAdam = new Adam(m.clone(), v.clone(), 41, 0.002, Adam.BETA1, Adam.BETA2, Adam.EPSILON);
        Adam gpuAdam = new Adam(m.clone(), v.clone(), 41, 0.002, Adam.BETA1, Adam.BETA2, Adam.EPSILON);
        EmulatedDriver driver = new EmulatedDriver(4);
        try (CudaContext ctx = new CudaContext(driver)) {
            float[] cpuW = w.clone();
            try (Optimiser<Optimiser.Moves> cpu = new CpuBackend().policyTraining(spec, cpuW, cpuAdam, 16, 1);
                    Optimiser<Optimiser.Moves> gpu = new CudaBackend(ctx).policyTraining(spec, w.clone(), gpuAdam, 16, 1)) {
                Batch b = Batch.random(rng, 16);
                cpu.step(b.moves(), 0, 16);
                gpu.step(b.moves(), 0, 16);
                float[] gw = new float[count];
                gpu.weights(gw);
                assertTrue(SelfCheck.error(gw, cpuW) <= TOL, "weights after a resumed step");
                assertEquals(42, gpu.adam().steps());
                assertTrue(SelfCheck.error(gpu.adam().firstMoments(), cpu.adam().firstMoments()) <= TOL);
            }
        }
        assertEquals(0, driver.live());
    }

    private static float[] gaussians(Rng rng, int n, double sigma) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) (sigma * rng.nextGaussian());
        }
        return x;
    }

    @Test
    void theDeviceRefusesAGpuWhoseGradientDisagreesWithTheCpu() {
        NetSpec spec = NetSpec.policy("P2x6", 2, 6);
        float[] w = weights(spec, 9);
        EmulatedDriver driver = new EmulatedDriver(4);
        driver.broken = "col_to_input";
        try (CudaContext ctx = new CudaContext(driver)) {
            UnusableBackendException e = assertThrows(UnusableBackendException.class,
                    () -> new CudaBackend(ctx).policyTraining(spec, w, new Adam(w.length), 32, 1));
            assertTrue(e.getMessage().startsWith("device cuda: the GPU's policy gradient differs from the CPU's by"), e.getMessage());
            assertTrue(e.words().message(f -> "--" + f).startsWith("--device cuda: "), "the field, as the command line names it");
        }
        assertEquals(0, driver.live(), "a refused trainer is closed");
    }

    @Test
    void theGpuConformanceOfThePolicyNetworksRunsAndCanFail() {
        NetSpec spec = NetSpec.policy("P2x6", 2, 6);
        EmulatedDriver driver = new EmulatedDriver(4);
        try (CudaContext ctx = new CudaContext(driver)) {
            g2048.cuda.check.PolicyConformance c = new g2048.cuda.check.PolicyConformance(ctx);
            List<g2048.cuda.check.CudaConformance.Outcome> ok = new ArrayList<>();
            for (Geometry.Tile tile : Geometry.Tile.values()) {
                ok.addAll(c.pass(spec, tile, 5, 11));
                ok.add(c.steps(spec, tile, 5, 12, 2, 5));
            }
            assertEquals(Geometry.Tile.values().length * (3 + 2 * 3 + 1), ok.size(), ok.toString());
            for (g2048.cuda.check.CudaConformance.Outcome o : ok) {
                assertTrue(o.passed(), o.toString());
            }
            driver.broken = "gemm_wgrad_small";
            List<g2048.cuda.check.CudaConformance.Outcome> broken = c.pass(spec, Geometry.Tile.SMALL, 5, 11);
            assertTrue(broken.stream().anyMatch(o -> !o.passed() && o.name().contains("weights")), broken.toString());
        }
        assertEquals(0, driver.live());
    }

    @Test
    void theTimingsOfGpuCheckRun() {
        EmulatedDriver driver = new EmulatedDriver(4);
        try (CudaContext ctx = new CudaContext(driver)) {
            List<String> rows = g2048.cuda.check.PolicyTimings.rows(ctx, 0.01, List.of(NetSpec.policy("P1x4", 1, 4)), new int[] {8}, 8, 1);
            assertEquals(2, rows.size(), rows.toString());
            assertTrue(rows.get(0).startsWith("policy cuda P1x4 train step batch     8:"), rows.get(0));
            assertTrue(rows.get(1).startsWith("policy cpu, 1 threads, P1x4 train step batch     8:"), rows.get(1));
        }
        assertEquals(0, driver.live());
    }

    @Test
    void aTargetOnAnIllegalMoveIsRefusedAsOnTheCpu() {
        NetSpec spec = NetSpec.policy("P1x4", 1, 4);
        EmulatedDriver driver = new EmulatedDriver(4);
        try (CudaContext ctx = new CudaContext(driver);
                CudaTrainer<Optimiser.Moves> gpu = new CudaTrainer<>(ctx, spec, weights(spec, 1), new Adam(spec.weightCount()), Adam.ALPHA,
                        Adam.BETA1, Adam.BETA2, Adam.EPSILON, 4, GemmMode.KERNELS)) {
            long[] boards = SelfCheck.randomBoards(new Rng(1), 2);
            int[] legal = {0b0011, 0b0101};
            float[] targets = {1, 0, 0, 0, 0, 1, 0, 0};
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> gpu.step(new Optimiser.Moves(boards, legal, targets), 0, 2));
            assertTrue(e.getMessage().contains("illegal move 1"), e.getMessage());
        }
        assertEquals(0, driver.live());
    }
}
