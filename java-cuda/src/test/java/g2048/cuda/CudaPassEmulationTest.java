package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.check.CudaConformance;
import g2048.cuda.check.KernelConformance;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Initializer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.Optimiser;
import g2048.settings.BadSetting;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The passes, the evaluator and the trainer driven exactly as on a GPU, with the kernels
 * emulated on the CPU ({@link EmulatedDriver}): checks without a GPU which kernels run on which
 * buffers in which order (encoding, every layer, the embedding hand-over, the loss, backward,
 * Adam, slicing), against the CPU reference through the same {@link CudaConformance} checks the
 * GPU runs, and that every device buffer, host buffer and stream is freed on close. With
 * {@code --gemm cublas} the library's products are emulated from their definition, so the same
 * checks cover the gathered columns, the strides handed to the library and the bias epilogue.
 * Forwards of few rows take the skinny kernel, whose split reduction the emulation passes
 * through the pass's scratch and whose counters it checks are zero before each launch.
 */
class CudaPassEmulationTest {

    @TestFactory
    List<DynamicTest> passesMatchTheCpuReference() {
        List<DynamicTest> tests = new ArrayList<>();
        for (NetSpec spec : CudaConformance.smallArchitectures()) {
            for (GemmMode mode : List.of(GemmMode.KERNELS, GemmMode.CUBLAS)) {
                tests.add(DynamicTest.dynamicTest(spec.name() + " gemm " + mode.label(), () -> passes(spec, mode)));
            }
        }
        return tests;
    }

    private static void passes(NetSpec spec, GemmMode mode) {
                EmulatedDriver driver = new EmulatedDriver(132);
                long seed = System.nanoTime();
                try (CudaContext ctx = new CudaContext(driver)) {
                    CudaConformance c = new CudaConformance(ctx, mode);
                    List<CudaConformance.Outcome> all = new ArrayList<>(c.layers(spec, null, seed, 5));
                    all.add(c.forward(spec, null, seed, 23));
                    all.add(c.forward(spec, Geometry.Tile.SKINNY, seed, 40));
                    all.add(c.gradient(spec, null, seed, 17));
                    all.add(c.steps(spec, null, seed, 9, 2));
                    if (mode == GemmMode.KERNELS) {
                        all.add(c.replayedForward(spec, seed, 6));
                    }
                    for (CudaConformance.Outcome o : all) {
                        assertTrue(o.passed(), "seed " + seed + ": " + o);
                    }
                }
                assertEquals(0, driver.live(), "device buffers, host buffers or streams left after close");
                assertTrue(driver.launches > 10, "kernels launched: " + driver.launches);
                assertEquals(0, driver.openLibraries, "library handles left open");
                if (mode == GemmMode.KERNELS) {
                    assertEquals(0, driver.libraryCalls);
                } else {
                    assertTrue(driver.libraryCalls > 0, "no product went to the library");
                }
    }

    /** Few rows take the skinny forward, some with the reduction split over blocks, and many rows a tiled one. */
    @Test
    void forwardsChooseTheSkinnyKernelForFewRows() {
        java.util.Map<String, Integer> launched = new java.util.TreeMap<>();
        for (NetSpec spec : CudaConformance.smallArchitectures()) {
            EmulatedDriver driver = new EmulatedDriver(132);
            try (CudaContext ctx = new CudaContext(driver)) {
                CudaConformance c = new CudaConformance(ctx);
                for (int n : new int[] {1, 4, 300}) {
                    CudaConformance.Outcome o = c.forward(spec, null, 77, n);
                    assertTrue(o.passed(), o.toString());
                }
            }
            driver.launchesByKernel.forEach((k, v) -> launched.merge(k, v, Integer::sum));
        }
        for (String k : List.of("gemm_fwd_skinny", "gemm_fwd_skinny split", "gemm_fwd_small")) {
            assertTrue(launched.containsKey(k), k + " never launched: " + launched);
        }
    }

    /**
     * An evaluator that replays records each small batch size once, on first use, and replays it
     * for every later forward of that size (with new boards), also in the instances forThread makes;
     * larger batches run directly. The values match the CPU reference throughout, and closing frees
     * every recording.
     */
    @Test
    void smallForwardsAreRecordedOncePerSizeAndReplayed() {
        NetSpec spec = CudaConformance.smallArchitectures().get(0);
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, 4);
        g2048.nn.NetworkEvaluator cpu = new g2048.nn.NetworkEvaluator(net, w, "cpu");
        EmulatedDriver driver = new EmulatedDriver(132);
        Rng rng = new Rng(44);
        int large = CudaPass.RECORDED_MAX_BATCH + 3;
        int[] sizes = {4, 4, 1, 4, large, 1, CudaPass.RECORDED_MAX_BATCH, 3, large, 4};
        try (CudaContext ctx = new CudaContext(driver);
                CudaEvaluator gpu = CudaEvaluator.create(ctx, net, w, "t", large, GemmMode.KERNELS, true)) {
            assertTrue(gpu.replays());
            assertTrue(gpu.describe().contains("cuda graphs"), gpu.describe());
            int direct = 0;
            for (int n : sizes) {
                long[] boards = SelfCheck.randomBoards(rng, n);
                int before = driver.launches;
                double[] got = new double[n];
                gpu.values(boards, n, got);
                double[] want = new double[n];
                cpu.values(boards, n, want);
                for (int i = 0; i < n; i++) {
                    assertEquals(want[i], got[i], 1e-4 * Math.max(1, Math.abs(want[i])), "batch of " + n + ", board " + i);
                }
                assertTrue(driver.launches > before, "a forward of " + n + " ran no kernel");
                direct += n > CudaPass.RECORDED_MAX_BATCH ? 1 : 0;
            }
            // Sizes 4, 1, 256 and 3 recorded once each; every small forward is a replay.
            assertEquals(4, driver.recordingsMade);
            assertEquals(sizes.length - direct, driver.replays);
            try (CudaEvaluator other = (CudaEvaluator) gpu.forThread()) {
                assertTrue(other.replays());
                long one = SelfCheck.randomBoards(rng, 1)[0];
                double v = other.value(one);
                assertEquals(cpu.value(one), v, 1e-4 * Math.max(1, Math.abs(v)));
                long[] boards = SelfCheck.randomBoards(rng, 4);
                double[] got = new double[4];
                other.values(boards, 4, got);
                assertEquals(cpu.value(boards[2]), got[2], 1e-4 * Math.max(1, Math.abs(got[2])));
                assertEquals(6, driver.recordingsMade, "the new instance records its own sizes 1 and 4");
            }
        }
        assertEquals(0, driver.live(), "buffers, streams or recordings left after close");
    }

    /** Only an evaluation pass with the kernels' products replays: a training pass's backward reads activations, a library's calls are its own. */
    @Test
    void replayIsRefusedWhereItDoesNotApply() {
        Network net = new Network(CudaConformance.smallArchitectures().get(2));
        float[] w = Initializer.truncatedNormal(net, 1);
        EmulatedDriver driver = new EmulatedDriver(4);
        try (CudaContext ctx = new CudaContext(driver); CudaNetwork dn = new CudaNetwork(ctx, net, w)) {
            IllegalArgumentException training = assertThrows(IllegalArgumentException.class,
                    () -> new CudaPass(dn, 8, true, GemmMode.KERNELS, true));
            assertTrue(training.getMessage().contains("a training pass"), training.getMessage());
            BadSetting library = assertThrows(BadSetting.class, () -> new CudaPass(dn, 8, false, GemmMode.CUBLAS, true));
            assertTrue(library.getMessage().endsWith("not gemm cublas"), library.getMessage());
            assertTrue(library.message(f -> "--" + f).endsWith("not --gemm cublas"), "the field, as a front end names it");
        }
        assertEquals(0, driver.live());
    }

    @Test
    void kernelLevelChecksPassOnTheEmulation() {
        EmulatedDriver driver = new EmulatedDriver(4);
        try (CudaContext ctx = new CudaContext(driver)) {
            KernelConformance c = new KernelConformance(ctx);
            for (CudaConformance.Outcome o : List.of(c.encode(5, 33), c.mse(5, 100), c.adam(5, 1001, 3))) {
                assertTrue(o.passed(), o.toString());
            }
        }
        assertEquals(0, driver.live());
    }

    /** Slices add into one gradient, so this also shows the library's weight gradient adds (beta 1) rather than overwrites. */
    @Test
    void aTrainerStepLargerThanThePassIsTakenInSlicesLikeTheCpuTrainer() {
        for (GemmMode mode : List.of(GemmMode.KERNELS, GemmMode.CUBLAS)) {
            slicedStep(mode);
        }
    }

    private static void slicedStep(GemmMode mode) {
        NetSpec spec = CudaConformance.smallArchitectures().get(0);
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, 9);
        Rng rng = new Rng(10);
        int n = 23;
        long[] boards = SelfCheck.randomBoards(rng, n);
        float[] targets = CudaConformance.gaussian(rng, n, 1);
        float[] cpu = w.clone();
        float[] grad = new float[w.length];
        var ws = net.workspace(n, true);
        net.forward(cpu, ws, boards, n);
        double cpuSse = net.backward(cpu, ws, new Optimiser.Values(boards, targets, 0), 0, n, 2f / n, grad);
        Adam adam = new Adam(w.length);
        adam.step(cpu, grad);
        EmulatedDriver driver = new EmulatedDriver(4);
        float[] gpu = new float[w.length];
        try (CudaContext ctx = new CudaContext(driver); CudaTrainer<Optimiser.Values> t = new CudaTrainer<>(ctx, net, w, new Adam(w.length), 8, mode)) {
            double sse = t.step(new Optimiser.Values(boards, targets, 1), 0, n);
            assertEquals(cpuSse, sse, 1e-4 * cpuSse);
            t.downloadTo(gpu, new Adam(new float[w.length], new float[w.length], 1, Adam.ALPHA, Adam.BETA1, Adam.BETA2, Adam.EPSILON));
        }
        assertTrue(SelfCheck.error(gpu, cpu) <= GemmMode.FP32_TOLERANCE, mode + ": error " + SelfCheck.error(gpu, cpu));
        assertEquals(0, driver.live());
    }

    @Test
    void badBatchesAreRefused() {
        NetSpec spec = CudaConformance.smallArchitectures().get(2);
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, 1);
        try (CudaContext ctx = new CudaContext(new EmulatedDriver(4)); CudaPass p = new CudaPass(new CudaNetwork(ctx, net, w), 4, false)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.forward(new long[8], 0, 5));
            assertTrue(e.getMessage().contains("outside 1..4"), e.getMessage());
            assertThrows(IllegalStateException.class, () -> p.outputs(new float[4]));
            assertThrows(IllegalArgumentException.class, () -> new CudaNetwork(ctx, net, new float[3]));
        }
    }
}
