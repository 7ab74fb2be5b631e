package g2048.train.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Shape;
import g2048.nn.Adam;
import g2048.nn.Backend;
import g2048.nn.BackendOptions;
import g2048.nn.CpuBackend;
import g2048.nn.NetSpec;
import g2048.nn.NetworkModel;
import g2048.nn.Optimiser;
import g2048.nn.ValueTraining;
import g2048.policy.DatasetWriter;
import g2048.policy.PolicyModel;
import g2048.search.SearchConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adam's rate in {@link PolicyTrainer}: constant by default; with a final rate it falls linearly
 * over the run's positions, every step gets the rate of the positions before it, and a stopped run
 * resumes onto the same schedule (bit for bit on one thread).
 */
class PolicyTrainerScheduleTest {

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

    /** The CPU's steps, with the rate set before each step and the step's size written down. */
    private static final class Recording implements Backend {
        final List<Double> rates = new ArrayList<>();
        final List<Integer> sizes = new ArrayList<>();
        private final CpuBackend cpu = new CpuBackend();
        private double rate = Double.NaN;

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public int autoPreference() {
            return 0;
        }

        @Override
        public String unavailableReason() {
            return null;
        }

        @Override
        public String device() {
            return "recording";
        }

        @Override
        public Evaluator open(NetworkModel model, BackendOptions options, PrintStream notes) {
            return cpu.open(model, options, notes);
        }

        @Override
        public ValueTraining valueTraining(BackendOptions options) {
            return cpu.valueTraining(options);
        }

        @Override
        public int generatorLanes() {
            return cpu.generatorLanes();
        }

        @Override
        public Optimiser<Optimiser.Moves> policyTraining(NetSpec spec, float[] weights, Adam adam, int batch, int threads) {
            Optimiser<Optimiser.Moves> inner = cpu.policyTraining(spec, weights, adam, batch, threads);
            return new Optimiser<>() {
                @Override
                public double step(Optimiser.Moves batch, int from, int n) {
                    rates.add(rate);
                    sizes.add(n);
                    return inner.step(batch, from, n);
                }

                @Override
                public void learningRate(double alpha) {
                    rate = alpha;
                    inner.learningRate(alpha);
                }

                @Override
                public void weights(float[] dst) {
                    inner.weights(dst);
                }

                @Override
                public Adam adam() {
                    return inner.adam();
                }

                @Override
                public void close() {
                    inner.close();
                }
            };
        }
    }

    private static PolicyModel train(PolicyTrainer.Config config, Backend device, Path out, boolean resume, long stopAt)
            throws Exception {
        PolicyTrainer t = new PolicyTrainer(config, data, out, "lines", device);
        return t.run(resume, new PolicyTrainer.Listener() {
            @Override
            public void progress(long positions, long total, double loss, double rate, double etaSeconds) {
            }

            @Override
            public void snapshot(PolicyCurve.Row row, Path file) {
                if (row.positions() >= stopAt) {
                    t.stop();
                }
            }
        });
    }

    @Test
    void theRateFallsLinearlyToTheFinalRateOverTheRun() throws Exception {
        PolicyTrainer.Config config = new PolicyTrainer.Config(SPEC, 2, 32, 0.01, 0.001, 0, 1, 400, 0, 32, 5);
        Recording device = new Recording();
        train(config, device, dir.resolve("decay"), false, Long.MAX_VALUE);
        long total = 2L * data.trainSize();
        assertTrue(device.rates.size() > 10, device.rates.size() + " steps");
        long before = 0;
        for (int i = 0; i < device.rates.size(); i++) {
            double want = 0.01 + (0.001 - 0.01) * before / total;
            assertEquals(want, device.rates.get(i), 1e-15, "step " + i + " after " + before + " positions");
            before += device.sizes.get(i);
        }
        assertEquals(total, before);
        assertEquals(0.01, device.rates.getFirst(), 0.0);
        double last = device.rates.getLast();
        assertTrue(last > 0.001 && last < 0.001 + 0.009 * 32.0 / total + 1e-12, "last rate " + last);
        assertEquals(0.001, config.learningRateAt(total, total), 1e-15);
        assertEquals(0.001, config.learningRateAt(2 * total, total), 1e-15, "no rate past the end of the run");
    }

    @Test
    void theRateIsConstantUnlessAFinalRateIsGiven() throws Exception {
        PolicyTrainer.Config config = new PolicyTrainer.Config(SPEC, 1, 32, 0.004, 0, 1, 400, 0, 32, 5);
        assertEquals(0.004, config.finalLearningRate(), 0.0);
        Recording device = new Recording();
        train(config, device, dir.resolve("constant"), false, Long.MAX_VALUE);
        assertFalse(device.rates.isEmpty());
        for (double r : device.rates) {
            assertEquals(0.004, r, 0.0);
        }
        assertThrows(IllegalArgumentException.class, () -> new PolicyTrainer.Config(SPEC, 1, 32, 0.004, 0, 0, 1, 400, 0, 32, 5),
                "a final rate of 0");
    }

    @Test
    void aStoppedRunResumesOntoTheSameSchedule() throws Exception {
        PolicyTrainer.Config config = new PolicyTrainer.Config(SPEC, 2, 32, 0.01, 0.0005, 0, 1, 400, 0, 32, 5);
        PolicyModel whole = train(config, new CpuBackend(), dir.resolve("whole"), false, Long.MAX_VALUE);
        PolicyModel part = train(config, new CpuBackend(), dir.resolve("split"), false, 400);
        assertTrue(part.positions() < whole.positions(), part.positions() + " of " + whole.positions());
        PolicyModel resumed = train(config, new CpuBackend(), dir.resolve("split"), true, Long.MAX_VALUE);
        assertEquals(whole.positions(), resumed.positions());
        assertArrayEquals(whole.weights(), resumed.weights(), "a resumed run ends where the uninterrupted one does");
        PolicyTrainer.Config constant = new PolicyTrainer.Config(SPEC, 2, 32, 0.01, 0, 1, 400, 0, 32, 5);
        PolicyModel flat = train(constant, new CpuBackend(), dir.resolve("flat"), false, Long.MAX_VALUE);
        assertFalse(java.util.Arrays.equals(flat.weights(), whole.weights()), "the schedule changes the run");
    }
}
