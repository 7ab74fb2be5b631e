package g2048.train.cnn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.NetworkEvaluator;
import g2048.nn.NetworkFile;
import g2048.nn.TrainedNetwork;
import g2048.play.GameRunner;
import g2048.play.RandomPlayer;
import g2048.play.Summary;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingRunTest {

    @TempDir
    Path dir;

    private static final TrainingRun.Listener QUIET = QuietListener.INSTANCE;

    /**
     * CNN22SSS trained by the whole pipeline (one generator, one trainer) on a short seeded run
     * plays far better than a random player and clearly better than the untrained network. The generator
     * and the trainer race (which weights a play used depends on timing), so the run is long enough that
     * a slow interleaving still clears the bar: 12,000 positions gave greedy means of 2,873 to 6,911.
     */
    @Test
    void shortCnn22sssRunBeatsRandomPlayByAWideMargin() throws Exception {
        TrainConfig config = new TrainConfig(Architectures.named("CNN22SSS"), 20_000, Batching.parse("batch64"),
                SymmetryMode.SIMPLE, false, true, JumpStart.NOJUMP, 1, 32, 256, 11);
        TrainingRun run = new TrainingRun(config, dir, null, 1_000_000, new TrainingRun.Evaluation(0, 32, 0), 60, QUIET);
        TrainedNetwork trained = run.run();
        Network net = new Network(config.spec());
        double learned = GreedyEvaluation.play(new NetworkEvaluator(net, trained.weights(), "trained"), 100, 50, 99).mean();
        double untrained = GreedyEvaluation.play(new NetworkEvaluator(net, Initializer.truncatedNormal(net, 11), "untrained"), 100, 50, 99).mean();
        Summary random = new GameRunner(Shape.S4x4).run(new RandomPlayer(Shape.S4x4), 300, 2, 99, null);
        System.out.printf("CNN22SSS after %d positions: greedy mean %.0f, untrained %.0f, random %.0f%n", trained.positions(), learned, untrained, random.stats().mean());
        assertTrue(learned > 3 * random.stats().mean(), "trained " + learned + " vs random " + random.stats().mean());
        assertTrue(learned > 1.3 * untrained, "trained " + learned + " vs untrained " + untrained);
        // Every step was timed, and each thread's parts lie inside its whole.
        TimeSplit t = run.stats().time();
        assertEquals(run.stats().steps(), t.steps(), t.toString());
        assertTrue(t.valuesNanos() > 0 && t.valuesNanos() + t.generatorWaitNanos() <= t.generatorNanos(), t.toString());
        assertTrue(t.stepNanos() > 0 && t.stepNanos() + t.trainerWaitNanos() <= t.trainerNanos(), t.toString());
    }

    /** Under game batching each game reaches the trainer as one chunk and is one Adam step. */
    @Test
    void gameBatchingStepsOncePerWholeGame() throws Exception {
        TrainConfig config = new TrainConfig(Architectures.cnn22("tiny", 4, 8, 8, 4), 3000, Batching.parse("game"),
                SymmetryMode.SIMPLE, false, true, JumpStart.NOJUMP, 2, 3, 16, 4);
        TrainingRun run = new TrainingRun(config, dir, null, 1_000_000, new TrainingRun.Evaluation(0, 8, 0), 60, QUIET);
        TrainedNetwork result = run.run();
        assertTrue(result.positions() >= 3000, "positions " + result.positions());
        long steps = run.stats().steps();
        // Plays of an untrained network last tens of moves (restarts halve them): far fewer steps than positions.
        assertTrue(steps >= 3 && steps <= result.positions() / 10, steps + " steps for " + result.positions() + " positions");
        assertTrue(run.stats().games() >= steps, "every step is a finished play");
    }

    /** Stopping (as Ctrl-C does) still leaves a resume point that loads, with the optimiser state. */
    @Test
    void stopLeavesAUsableSnapshot() throws Exception {
        TrainConfig config = new TrainConfig(Architectures.cnn22("tiny", 4, 8, 8, 4), Long.MAX_VALUE / 2, Batching.parse("batch64"),
                SymmetryMode.SIMPLE, false, true, JumpStart.S_JUMP, 2, 4, 64, 3);
        TrainingRun run = new TrainingRun(config, dir, null, 1_000_000, new TrainingRun.Evaluation(10, 8, 0), 60, QUIET);
        Thread stopper = new Thread(() -> {
            while (run.stats() == null || run.stats().positions() < 2000) {
                Thread.onSpinWait();
            }
            run.stop();
        });
        stopper.start();
        TrainedNetwork result = run.run();
        stopper.join();
        TrainedNetwork saved = NetworkFile.load(dir.resolve(TrainingRun.LATEST));
        assertNotNull(saved.adam());
        assertTrue(saved.positions() >= 2000);
        assertEquals(result.positions(), saved.positions());
        assertEquals(saved.adam().steps(), run.stats().steps());
        // stopped before its first snapshot was due: the curve is written all the same, ending where it stopped
        java.util.List<String> curve = java.nio.file.Files.readAllLines(dir.resolve("curve.csv"));
        assertEquals(CnnCurve.HEADER, curve.getFirst());
        assertEquals(2, curve.size(), curve.toString());
        assertTrue(curve.get(1).startsWith(saved.positions() + ","), curve.toString());
        assertTrue(java.nio.file.Files.size(dir.resolve("curve.png")) > 1000);
    }
}
