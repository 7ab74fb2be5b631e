package g2048.cuda;

import g2048.nn.Backends;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.check.CudaConformance;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.NetworkFile;
import g2048.nn.TrainedNetwork;
import g2048.nn.BackendOptions;
import g2048.eval.Evaluator;
import g2048.nn.CpuValueTraining;
import g2048.nn.Optimiser;
import g2048.train.cnn.Batching;
import g2048.train.cnn.CnnCurve;
import g2048.train.cnn.QuietListener;
import g2048.train.cnn.TrainingStats;
import g2048.train.cnn.JumpStart;
import g2048.train.cnn.SymmetryMode;
import g2048.train.cnn.TrainConfig;
import g2048.train.cnn.TrainingRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Training on the GPU path ({@link CudaValueTraining}: {@link CudaTrainer}, {@link DeviceWeights},
 * {@link CudaFollower}) driven exactly as on a GPU, with the kernels emulated on the CPU: its
 * steps and its generators' values against the CPU reference's, and a whole run through it.
 */
class CudaTrainingEmulationTest {

    private static final NetSpec SPEC = Architectures.cnn22("tiny", 4, 6, 8, 5);

    @Test
    void stepsAndPublishedValuesMatchTheCpuReference() {
        Network net = new Network(SPEC);
        float[] w0 = Initializer.truncatedNormal(net, 4);
        Rng rng = new Rng(12);
        int n = 40;
        EmulatedDriver driver = new EmulatedDriver(4);
        try (CudaContext ctx = new CudaContext(driver)) {
            CpuValueTraining cpuDevice = new CpuValueTraining();
            CudaValueTraining gpuDevice = new CudaValueTraining(ctx, GemmMode.KERNELS);
            Optimiser<Optimiser.Values> cpu = cpuDevice.trainerOptimiser(net, w0.clone(), new Adam(net.paramCount()), 1);
            Optimiser<Optimiser.Values> gpu = gpuDevice.trainerOptimiser(net, w0.clone(), new Adam(net.paramCount()), 1);
            try (gpuDevice; cpu; gpu) {
                Evaluator cpuValues = cpuDevice.generatorEvaluator(net, n);
                Evaluator gpuValues = gpuDevice.generatorEvaluator(net, 16);
                long[] probe = SelfCheck.randomBoards(rng, n);
                double[] a = new double[n];
                double[] b = new double[n];
                for (int step = 1; step <= 3; step++) {
                    long[] boards = SelfCheck.randomBoards(rng, n);
                    float[] targets = CudaConformance.gaussian(rng, n, 3);
                    double cpuSse = cpu.step(new Optimiser.Values(boards, targets, step), 0, n);
                    double gpuSse = gpu.step(new Optimiser.Values(boards, targets, step), 0, n);
                    assertEquals(cpuSse, gpuSse, 1e-4 * cpuSse, "step " + step + " SSE");
                    // Batches larger than the follower's pass go in slices.
                    cpuValues.values(probe, n, a);
                    gpuValues.values(probe, n, b);
                    float[] fa = new float[n];
                    float[] fb = new float[n];
                    for (int i = 0; i < n; i++) {
                        fa[i] = (float) a[i];
                        fb[i] = (float) b[i];
                    }
                    double e = SelfCheck.error(fb, fa);
                    assertTrue(e <= GemmMode.FP32_TOLERANCE, "values after step " + step + ": error " + e);
                }
                float[] gw = new float[net.paramCount()];
                float[] cw = new float[net.paramCount()];
                gpu.weights(gw);
                cpu.weights(cw);
                double we = SelfCheck.error(gw, cw);
                assertTrue(we <= GemmMode.FP32_TOLERANCE, "weights after 3 steps: error " + we);
                Adam ga = gpu.adam();
                Adam ca = cpu.adam();
                assertEquals(3, ga.steps());
                assertTrue(SelfCheck.error(ga.firstMoments(), ca.firstMoments()) <= GemmMode.FP32_TOLERANCE);
                assertTrue(SelfCheck.error(ga.secondMoments(), ca.secondMoments()) <= GemmMode.FP32_TOLERANCE);
            }
        }
        assertEquals(0, driver.live(), "device buffers, host buffers or streams left after close");
    }

    @Test
    void aRunOnTheEmulatedGpuTrainsAndLeavesAResumePoint(@TempDir Path dir) throws Exception {
        EmulatedDriver driver = new EmulatedDriver(4);
        TrainConfig config = new TrainConfig(SPEC, 256, Batching.parse("batch32"), SymmetryMode.SIMPLE, false, false,
                JumpStart.NOJUMP, 2, 2, 32, 5);
        try (CudaContext ctx = new CudaContext(driver)) {
            TrainingRun run = new TrainingRun(config, dir, null, 1_000_000, new TrainingRun.Evaluation(0, 8, 0), 60,
                    QuietListener.INSTANCE, Backends.Choice.of(new CudaBackend(ctx), BackendOptions.NONE));
            assertTrue(run.describeDevice().startsWith("cuda "), run.describeDevice());
            TrainedNetwork result = run.run();
            assertTrue(result.positions() >= 256, "positions " + result.positions());
            assertEquals(result.positions() / 32, result.adam().steps(), "one Adam step per 32 positions");
            TrainedNetwork saved = NetworkFile.load(dir.resolve(TrainingRun.LATEST));
            assertEquals(result.positions(), saved.positions());
            float[] w0 = Initializer.truncatedNormal(new Network(SPEC), 5);
            assertTrue(SelfCheck.error(saved.weights(), w0) > 1e-4, "the weights moved");
        }
        assertEquals(0, driver.live(), "device buffers, host buffers or streams left after the run");
    }

    /** A GPU run evaluates its snapshots on the GPU: an evaluator of the run's backend, self-checked, then freed. */
    @Test
    void snapshotsAreEvaluatedOnTheRunsBackend(@TempDir Path dir) throws Exception {
        // The learning curve's plot needs java.desktop, which the GPU machine's small runtime leaves out.
        Assumptions.assumeTrue(ModuleLayer.boot().findModule("java.desktop").isPresent(), "no java.desktop to plot the curve with");
        EmulatedDriver driver = new EmulatedDriver(4);
        TrainConfig config = new TrainConfig(SPEC, 256, Batching.parse("batch32"), SymmetryMode.SIMPLE, false, false,
                JumpStart.NOJUMP, 2, 2, 32, 5);
        List<String> notes = new ArrayList<>();
        List<CnnCurve.Row> rows = new ArrayList<>();
        TrainingRun.Listener listener = new TrainingRun.Listener() {
            @Override
            public void progress(TrainingStats stats, double rate, double seconds) {
            }

            @Override
            public void snapshotSaved(Path file, long positions) {
            }

            @Override
            public void evaluated(CnnCurve.Row row) {
                rows.add(row);
            }

            @Override
            public void note(String line) {
                notes.add(line);
            }
        };
        try (CudaContext ctx = new CudaContext(driver)) {
            TrainingRun run = new TrainingRun(config, dir, null, 128, new TrainingRun.Evaluation(3, 3, 0), 60,
                    listener, Backends.Choice.of(new CudaBackend(ctx), BackendOptions.NONE));
            run.run();
            assertEquals(2, rows.size(), "snapshots at 128 and at the end: " + rows);
            assertEquals(2, notes.size(), notes.toString());
            assertTrue(notes.stream().allMatch(n -> n.startsWith("device: cuda") && n.contains("checked against the CPU reference")),
                    notes.toString());
        }
        assertEquals(0, driver.live(), "the snapshots' evaluators were freed");
    }
}
