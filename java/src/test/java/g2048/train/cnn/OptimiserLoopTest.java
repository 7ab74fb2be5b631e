package g2048.train.cnn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.CpuValueTraining;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.Optimiser;
import g2048.nn.Workspace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The trainer's batching options, fed by hand through the real queues. */
class OptimiserLoopTest {

    private static final Network NET = new Network(Architectures.cnn22("small", 4, 8, 8, 4));

    /** What a trainer did with the pairs it was given. */
    record Outcome(long steps, float[] weights, List<Long> snapshotPositions) {
    }

    /** Runs a trainer over {@code games} (each a list of boards; targets = board index) until {@code positions}. */
    private static Outcome train(String batching, long[][] games, long positions, float[] w0, int augmentation) {
        TrainConfig config = new TrainConfig(NET.spec(), positions, Batching.parse(batching), SymmetryMode.SIMPLE,
                augmentation == 8, false, JumpStart.NOJUMP, 1, 1, 16, 3);
        PositionHandoff h = new PositionHandoff(1, 1000, 16);
        boolean whole = config.batching().mode() == Batching.Mode.GAME;
        for (long[] game : games) {
            int i = 0;
            while (i < game.length) {
                // A generator sends a game as one chunk (which grows to hold it), other batchings in chunks of 16 pairs.
                PositionChunk c = h.take(0, () -> false);
                int k = whole ? game.length : Math.min(16 / augmentation, game.length - i);
                c.grow(k * augmentation);
                for (int j = 0; j < k; j++) {
                    for (int a = 0; a < augmentation; a++) {
                        c.add(game[i + j], (float) (i + j));
                    }
                }
                c.positions = k;
                i += k;
                h.send(c);
            }
        }
        float[] w = w0.clone();
        TrainingStats stats = new TrainingStats(0, 0);
        AtomicBoolean stop = new AtomicBoolean();
        List<Long> snaps = new ArrayList<>();
        OptimiserLoop t = new OptimiserLoop(config, new CpuValueTraining().trainerOptimiser(NET, w, new Adam(NET.paramCount()), 1), h, stats,
                stop::get, () -> stop.set(true), (ws, a, p, s, last) -> snaps.add(p), 100);
        t.run();
        assertEquals(positions, stats.positions(), "trained exactly the target");
        return new Outcome(stats.steps(), w, snaps);
    }

    private static long[][] games(int count, int length, long seed) {
        Rng rng = new Rng(seed);
        long[][] g = new long[count][length];
        for (long[] game : g) {
            for (int i = 0; i < length; i++) {
                game[i] = rng.nextLong() & 0x1111_2222_3333_1111L;
            }
        }
        return g;
    }

    @Test
    void batchNTakesOneAdamStepPerNPositionsOnTheirMeanSquaredError() {
        float[] w0 = Initializer.truncatedNormal(NET, 9);
        long[][] gs = games(1, 640, 1);
        Outcome o = train("batch64", gs, 640, w0, 1);
        assertEquals(10, o.steps());
        // The first step by hand: the same 64 pairs, MSE gradient, one Adam step.
        Outcome one = train("batch64", gs, 64, w0, 1);
        float[] w = w0.clone();
        float[] g = new float[NET.paramCount()];
        Workspace ws = NET.workspace(64, true);
        float[] targets = new float[64];
        for (int i = 0; i < 64; i++) {
            targets[i] = i;
        }
        NET.forward(w, ws, gs[0], 64);
        NET.backward(w, ws, new Optimiser.Values(gs[0], targets, 0), 0, 64, 2f / 64, g);
        new Adam(NET.paramCount()).step(w, g);
        assertArrayEquals(w, one.weights());
        assertEquals(List.of(64L), one.snapshotPositions(), "the final snapshot");
        // Steps end at 64, 128, ...: a snapshot at the first step past each multiple of 100, then the final one.
        assertEquals(List.of(128L, 256L, 320L, 448L, 512L, 640L), o.snapshotPositions());
    }

    @Test
    void shuffleNTakesFiveStepsPerFiveNPositionsInAnotherOrder() {
        float[] w0 = Initializer.truncatedNormal(NET, 9);
        long[][] gs = games(1, 640, 2);
        Outcome shuffled = train("shuffle64", gs, 640, w0, 1);
        assertEquals(10, shuffled.steps());
        Outcome plain = train("batch64", gs, 640, w0, 1);
        assertTrue(!Arrays.equals(shuffled.weights(), plain.weights()), "shuffling changes the batches");
        // Fewer than 5N positions give no step: the buffer is not full.
        Outcome partial = train("shuffle64", gs, 320, w0, 1);
        assertEquals(5, partial.steps());
    }

    @Test
    void shuffleIsAPermutation() {
        TrainConfig config = new TrainConfig(NET.spec(), 10, Batching.parse("shuffle4"), SymmetryMode.SIMPLE, false, false,
                JumpStart.NOJUMP, 1, 1, 16, 3);
        float[] w = Initializer.truncatedNormal(NET, 1);
        OptimiserLoop t = new OptimiserLoop(config, new CpuValueTraining().trainerOptimiser(NET, w, new Adam(NET.paramCount()), 1),
                new PositionHandoff(1, 1, 1), new TrainingStats(0, 0), () -> true, () -> { }, (a, b, c, d, e) -> { }, 100);
        long[] b = new long[1000];
        float[] ts = new float[1000];
        for (int i = 0; i < 1000; i++) {
            b[i] = i;
            ts[i] = i;
        }
        t.shuffle(b, ts, 1000);
        long[] sorted = b.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, sorted[i]);
            assertEquals((float) b[i], ts[i], "pairs stay together");
        }
        assertNotEquals(0, b[0] * 1000 + b[999] - 999, "the order changed");
    }

    @Test
    void positionBatchingStepsOncePerPosition() {
        float[] w0 = Initializer.truncatedNormal(NET, 9);
        Outcome o = train("position", games(1, 50, 3), 50, w0, 1);
        assertEquals(50, o.steps());
    }

    @Test
    void gameBatchingStepsOncePerGameOnAllItsPositions() {
        float[] w0 = Initializer.truncatedNormal(NET, 9);
        long[][] gs = {games(1, 37, 4)[0], games(1, 1500, 5)[0], games(1, 3, 6)[0]};
        Outcome o = train("game", gs, 37 + 1500 + 3, w0, 1);
        assertEquals(3, o.steps());
        // The second game (1,500 positions, more than one slice) as one step by hand.
        Outcome first = train("game", new long[][] {gs[0]}, 37, w0, 1);
        Outcome two = train("game", new long[][] {gs[0], gs[1]}, 37 + 1500, w0, 1);
        float[] w = first.weights().clone();
        Adam adam = new Adam(NET.paramCount());
        // Re-run the first step to bring Adam's moments along.
        float[] wa = w0.clone();
        step(wa, adam, gs[0]);
        assertArrayEquals(w, wa);
        step(wa, adam, gs[1]);
        assertArrayEquals(two.weights(), wa, "one step on the whole game");
    }

    @Test
    void augmentedPairsCountAsOnePositionEach() {
        float[] w0 = Initializer.truncatedNormal(NET, 9);
        // batch64 with 8 images per position: 8 positions a step.
        Outcome o = train("batch64", games(1, 80, 7), 80, w0, 8);
        assertEquals(10, o.steps());
    }

    private static void step(float[] w, Adam adam, long[] boards) {
        int n = boards.length;
        float[] g = new float[NET.paramCount()];
        float[] targets = new float[n];
        for (int i = 0; i < n; i++) {
            targets[i] = i;
        }
        Workspace ws = NET.workspace(1024, true);
        for (int off = 0; off < n; off += 1024) {
            int k = Math.min(1024, n - off);
            NET.forward(w, ws, boards, off, k);
            NET.backward(w, ws, new Optimiser.Values(boards, targets, 0), off, k, 2f / n, g);
        }
        adam.step(w, g);
    }
}
