package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Shape;
import g2048.nn.Adam;
import g2048.nn.Backend;
import g2048.nn.CpuBackend;
import g2048.nn.NetSpec;
import g2048.policy.DatasetWriter;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import g2048.search.SearchConfig;
import g2048.train.policy.DatasetGenerator;
import g2048.train.policy.PolicyCurve;
import g2048.train.policy.PolicyTrainer;
import g2048.train.policy.TrainingData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole {@link PolicyTrainer} runs with their steps on the emulated GPU ({@link CudaBackend})
 * beside the same runs on the CPU: the final model, the checkpoint's Adam state and a resumed run
 * agree within fp32 rounding, also for a run started on the CPU and resumed on the GPU, and for a
 * run whose rate falls.
 */
class CudaPolicyTrainingRunTest {

    private static final NetSpec SPEC = NetSpec.policy("P2x6", 2, 6);

    @TempDir
    static Path dir;

    private static TrainingData data;

    @BeforeAll
    static void dataset() throws Exception {
        Path file = dir.resolve("lines.g2pd");
        try (DatasetWriter w = DatasetWriter.openOrResume(file, DatasetGenerator.meta("lines", 1, 3))) {
            new DatasetGenerator(new LineHeuristicEvaluator(Shape.S4x4), SearchConfig.ofDepth(1), 3).run(w, 2, 1, (g, p, last) -> {
            });
        }
        data = TrainingData.load(List.of(file), 0.25, 3);
    }

    private static PolicyModel train(Backend device, Path out, int epochs, boolean resume) throws Exception {
        return train(device, out, epochs, resume, 0.01);
    }

    /** A run whose rate falls from 0.01 to {@code finalRate} (0.01: constant). */
    private static PolicyModel train(Backend device, Path out, int epochs, boolean resume, double finalRate) throws Exception {
        PolicyTrainer.Config config = new PolicyTrainer.Config(SPEC, epochs, 32, 0.01, finalRate, 0, 1, 400, 0, 32, 5);
        PolicyTrainer t = new PolicyTrainer(config, data, out, "lines", device);
        return t.run(resume, new PolicyTrainer.Listener() {
            @Override
            public void progress(long positions, long total, double loss, double rate, double etaSeconds) {
            }

            @Override
            public void snapshot(PolicyCurve.Row row, Path file) {
            }
        });
    }

    @Test
    void aRunOnTheGpuEndsWhereTheCpusDoesAndResumes() throws Exception {
        assertTrue(data.trainSize() > 100, "a dataset of " + data.trainSize() + " positions");
        EmulatedDriver driver = new EmulatedDriver(4);
        driver.poison = true;
        try (CudaContext ctx = new CudaContext(driver)) {
            Backend gpu = new CudaBackend(ctx);
            PolicyModel cpu = train(new CpuBackend(), dir.resolve("cpu"), 2, false);
            PolicyModel whole = train(gpu, dir.resolve("gpu"), 2, false);
            assertEquals(cpu.positions(), whole.positions());
            double e = SelfCheck.error(whole.weights(), cpu.weights());
            assertTrue(e <= GemmMode.FP32_TOLERANCE, "final weights: error " + e);
            PolicyModel cpuFinal = PolicyFile.load(dir.resolve("cpu").resolve(PolicyTrainer.FINAL), 0.01);
            PolicyModel gpuFinal = PolicyFile.load(dir.resolve("gpu").resolve(PolicyTrainer.FINAL), 0.01);
            assertTrue(SelfCheck.error(gpuFinal.weights(), cpuFinal.weights()) <= GemmMode.FP32_TOLERANCE, "final.g2pn");
            // the checkpoint holds the device's Adam state: its moments and step count
            Path gpuCheckpoint = checkpoint(dir.resolve("gpu"));
            Path cpuCheckpoint = checkpoint(dir.resolve("cpu"));
            Adam ga = PolicyFile.load(gpuCheckpoint, 0.01).adam();
            Adam ca = PolicyFile.load(cpuCheckpoint, 0.01).adam();
            assertEquals(ca.steps(), ga.steps());
            assertTrue(ca.steps() > 4, "steps " + ca.steps());
            assertTrue(SelfCheck.error(ga.firstMoments(), ca.firstMoments()) <= GemmMode.FP32_TOLERANCE, "first moments");
            assertTrue(SelfCheck.error(ga.secondMoments(), ca.secondMoments()) <= GemmMode.FP32_TOLERANCE, "second moments");
            // one epoch, then a resumed second one, on the GPU: where the uninterrupted run ends
            train(gpu, dir.resolve("split"), 1, false);
            PolicyModel resumed = train(gpu, dir.resolve("split"), 2, true);
            assertEquals(whole.positions(), resumed.positions());
            double r = SelfCheck.error(resumed.weights(), whole.weights());
            assertTrue(r <= GemmMode.FP32_TOLERANCE, "resumed run: error " + r);
            // a run started on the CPU and resumed on the GPU: the same checkpoint files carry it over
            train(new CpuBackend(), dir.resolve("across"), 1, false);
            PolicyModel across = train(gpu, dir.resolve("across"), 2, true);
            double x = SelfCheck.error(across.weights(), cpu.weights());
            assertTrue(x <= GemmMode.FP32_TOLERANCE, "CPU run resumed on the GPU: error " + x);
            // a falling rate reaches the device's Adam step by step as it does the CPU's
            PolicyModel cpuDecay = train(new CpuBackend(), dir.resolve("cpu-decay"), 2, false, 0.001);
            PolicyModel gpuDecay = train(gpu, dir.resolve("gpu-decay"), 2, false, 0.001);
            double d = SelfCheck.error(gpuDecay.weights(), cpuDecay.weights());
            assertTrue(d <= GemmMode.FP32_TOLERANCE, "falling rate: error " + d);
            double apart = SelfCheck.error(cpuDecay.weights(), cpu.weights());
            assertTrue(apart > 100 * GemmMode.FP32_TOLERANCE, "the schedule changes the run: " + apart);
        }
        assertEquals(0, driver.live(), "device buffers, host buffers or streams left after the runs");
    }

    private static Path checkpoint(Path run) throws Exception {
        try (var files = Files.newDirectoryStream(run, "checkpoint-*.g2pn")) {
            return files.iterator().next();
        }
    }
}
