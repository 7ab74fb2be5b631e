package g2048.train.cnn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.game.Symmetries;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.CpuValueTraining;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.Workspace;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A generator's pairs against a plain re-play of the same seeded games: greedy moves over the
 * network's values, target R(s_{t+1}, a_{t+1}) + V(s'_{t+1}), 0 after the last move, the restart
 * strategy (a list of states, the next play from the middle) and augmentation (8 images per pair).
 */
class GeneratorTest {

    private static final int PAIRS = 700;

    @ParameterizedTest(name = "restart {0}, augment {1}, {2}")
    @CsvSource({"false, false, batch64", "true, false, batch64", "true, true, batch64", "true, false, game", "false, true, game"})
    void pairsMatchAPlainReplay(boolean restart, boolean augment, String batching) throws InterruptedException {
        Network net = new Network(Architectures.cnn22("small", 8, 16, 32, 8));
        float[] w = Initializer.truncatedNormal(net, 5);
        // Scale the output layer up so that values matter against rewards.
        for (int i = net.paramCount() - 9; i < net.paramCount(); i++) {
            w[i] *= 300;
        }
        TrainConfig config = new TrainConfig(net.spec(), Long.MAX_VALUE, Batching.parse(batching), SymmetryMode.SIMPLE,
                augment, restart, JumpStart.NOJUMP, 1, 1, 64, 77);
        boolean game = config.batching().mode() == Batching.Mode.GAME;
        PositionHandoff handoff = new PositionHandoff(1, TrainingRun.chunksPerGenerator(config), Generator.chunkCapacity(config));
        AtomicBoolean stop = new AtomicBoolean();
        TrainingStats stats = new TrainingStats(0, 0);
        CpuValueTraining device = new CpuValueTraining();
        device.trainerOptimiser(net, w, new Adam(net.paramCount()), 1);
        Generator gen = new Generator(0, config, device.generatorEvaluator(net, Generator.batchCapacity(config)), handoff, stats, stop::get);
        Thread t = new Thread(gen);
        t.start();
        List<Long> boards = new ArrayList<>();
        List<Float> targets = new ArrayList<>();
        int aug = augment ? 8 : 1;
        int idle = 0;
        while (boards.size() < PAIRS * aug) {
            PositionChunk c = handoff.poll();
            if (c == null) {
                idle = PositionHandoff.idle(idle);
                continue;
            }
            idle = 0;
            assertEquals(c.count, c.positions * aug);
            if (game) {
                // One chunk is one whole play: it ends with the play's last pair, whose target is 0.
                assertEquals(0f, c.targets[c.count - 1], "the last target of a play sent whole");
            }
            for (int i = 0; i < c.count; i++) {
                boards.add(c.boards[i]);
                targets.add(c.targets[i]);
            }
            handoff.recycle(c);
        }
        stop.set(true);
        t.join();

        Symmetries sym = new Symmetries(Shape.S4x4);
        List<long[]> expected = replay(net, w, restart, PAIRS);
        int ends = 0;
        for (int i = 0; i < PAIRS; i++) {
            long[] e = expected.get(i);
            for (int s = 0; s < aug; s++) {
                int k = i * aug + s;
                assertEquals(augment ? sym.apply(s, e[0]) : e[0], boards.get(k), "pair " + i + " image " + s);
                assertEquals(Float.intBitsToFloat((int) e[1]), targets.get(k), "target of pair " + i);
            }
            ends += targets.get(i * aug) == 0f ? 1 : 0;
        }
        assertTrue(ends >= 3, "several plays ended within the pairs, got " + ends);
        assertTrue(stats.games() >= ends);
    }

    /** {afterstate, target bits} of the first {@code n} pairs, replayed without the generator's code. */
    private static List<long[]> replay(Network net, float[] w, boolean restart, int n) {
        Moves moves = Moves.of(Shape.S4x4);
        Workspace ws = net.workspace(4, false);
        Rng rng = new Rng(Rng.gameSeed(77, 1_000_000L));
        List<long[]> out = new ArrayList<>();
        List<Long> states = new ArrayList<>();
        List<Long> scores = new ArrayList<>();
        long board = Spawns.initial(Shape.S4x4, rng);
        states.add(board);
        scores.add(0L);
        int start = 0;
        long score = 0;
        long prev = 0;
        boolean hasPrev = false;
        long[] batch = new long[4];
        int[] dirs = new int[4];
        while (out.size() < n) {
            if (moves.isTerminal(board)) {
                if (hasPrev) {
                    out.add(new long[] {prev, Float.floatToIntBits(0f)});
                }
                hasPrev = false;
                int end = states.size() - 1;
                if (restart && end - start > 10) {
                    start = (start + end) / 2;
                    while (states.size() > start + 1) {
                        states.removeLast();
                        scores.removeLast();
                    }
                    board = states.get(start);
                    score = scores.get(start);
                } else {
                    board = Spawns.initial(Shape.S4x4, rng);
                    states.clear();
                    scores.clear();
                    states.add(board);
                    scores.add(0L);
                    start = 0;
                    score = 0;
                }
                continue;
            }
            int k = 0;
            for (int d = 0; d < 4; d++) {
                long a = moves.move(board, d);
                if (a != board) {
                    batch[k] = a;
                    dirs[k++] = d;
                }
            }
            net.forward(w, ws, batch, k);
            int best = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < k; i++) {
                double q = moves.reward(board, dirs[i]) + (double) ws.outputs()[i];
                if (q > bestQ) {
                    bestQ = q;
                    best = i;
                }
            }
            if (hasPrev) {
                out.add(new long[] {prev, Float.floatToIntBits((float) bestQ)});
            }
            prev = batch[best];
            hasPrev = true;
            score += moves.reward(board, dirs[best]);
            board = Spawns.spawn(prev, Shape.S4x4, rng);
            states.add(board);
            scores.add(score);
        }
        return out;
    }
}
