package g2048.train;

import g2048.eval.Evaluator;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.game.Symmetries;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * A generator thread (seed 000 §3.1): plays {@code lanes} games at once, greedy over the
 * afterstates' values under the latest published weights, evaluating the afterstates of all its
 * games in one batch per turn (by its own evaluator, {@link g2048.nn.TrainingDevice#generatorEvaluator},
 * on the CPU or the GPU), and sends the TD-afterstate pairs (s'_t, R(s_{t+1}, a_{t+1}) +
 * V(s'_{t+1})), with target 0 after the last move of a play, to the trainer.
 *
 * <p>Lane {@code l} of generator {@code g} is play stream {@code g · lanes + l} for the jump-start
 * slots. Nothing is allocated per turn.
 */
public final class Generator implements Runnable {

    private final int id;
    private final TrainConfig config;
    private final Evaluator values;
    private final PositionHandoff handoff;
    private final TrainingStats stats;
    private final BooleanSupplier stop;
    private final Moves moves = Moves.of(Shape.S4x4);
    private final Symmetries symmetries = new Symmetries(Shape.S4x4);
    private final Rng rng;
    private final int lanes;
    private final int images;
    private final int augmentation;
    private final boolean gameBatching;

    private final PlayRecord[] records;
    private final long[] board;
    private final long[] score;
    private final long[] prevAfter;
    private final boolean[] hasPrev;
    // Per lane and direction: the afterstate (0 if illegal) and the move's reward.
    private final long[] after;
    private final int[] reward;
    private final long[] batch;
    private final double[] batchValues;
    // game batching: the current play's samples per lane.
    private final long[][] gameBoards;
    private final float[][] gameTargets;
    private final int[] gameCount;

    private PositionChunk chunk;
    // Time since the last report to the stats (see reportTime).
    private long mark;
    private long valuesNanos;
    private long waitNanos;

    /**
     * @param values this generator thread's evaluator, for batches of {@link #batchCapacity} boards
     *               (its device frees it once the generator has ended)
     */
    public Generator(int id, TrainConfig config, Evaluator values, PositionHandoff handoff, TrainingStats stats,
            BooleanSupplier stop) {
        this.id = id;
        this.config = config;
        this.values = values;
        this.handoff = handoff;
        this.stats = stats;
        this.stop = stop;
        // Mixing in the positions already trained makes a resumed run play new games.
        this.rng = new Rng(Rng.gameSeed(config.seed() + stats.positions(), 1_000_000L + id));
        this.lanes = config.lanes();
        this.images = config.symmetry().images();
        this.augmentation = config.augmentation();
        this.gameBatching = config.batching().mode() == Batching.Mode.GAME;
        records = new PlayRecord[lanes];
        board = new long[lanes];
        score = new long[lanes];
        prevAfter = new long[lanes];
        hasPrev = new boolean[lanes];
        after = new long[4 * lanes];
        reward = new int[4 * lanes];
        batch = new long[batchCapacity(config)];
        batchValues = new double[batch.length];
        gameBoards = new long[gameBatching ? lanes : 0][];
        gameTargets = new float[gameBatching ? lanes : 0][];
        gameCount = new int[gameBatching ? lanes : 0];
        for (int l = 0; l < lanes; l++) {
            records[l] = new PlayRecord();
            if (gameBatching) {
                gameBoards[l] = new long[4096];
                gameTargets[l] = new float[4096];
            }
            startFresh(l);
        }
    }

    /** The largest batch a generator of this configuration values at once: every legal afterstate of every lane, in every image. */
    public static int batchCapacity(TrainConfig config) {
        return 4 * config.lanes() * config.symmetry().images();
    }

    /** The chunk capacity a generator of this configuration needs. */
    public static int chunkCapacity(TrainConfig config) {
        return Math.max(config.chunk(), config.lanes() * config.augmentation());
    }

    @Override
    public void run() {
        mark = System.nanoTime();
        chunk = take();
        while (chunk != null && !stop.getAsBoolean()) {
            turn();
            if (chunk != null && chunk.count > 0 && !gameBatching) {
                handoff.send(chunk);
                chunk = take();
            }
            reportTime();
        }
        reportTime();
    }

    /** One move in every lane. Package-private for tests. */
    void turn() {
        // Finish plays that are over, so every lane has a legal move.
        for (int l = 0; l < lanes; l++) {
            while (moves.legalMask(board[l]) == 0) {
                endPlay(l);
                if (chunk == null) {
                    return;
                }
            }
        }
        int n = 0;
        for (int l = 0; l < lanes; l++) {
            long b = board[l];
            for (int d = 0; d < 4; d++) {
                long a = moves.move(b, d);
                int k = 4 * l + d;
                // A legal afterstate keeps the board's tiles, so it is never 0: 0 marks illegal.
                if (a == b) {
                    after[k] = 0;
                    continue;
                }
                after[k] = a;
                reward[k] = moves.reward(b, d);
                for (int s = 0; s < images; s++) {
                    batch[n++] = images == 1 ? a : symmetries.apply(s, a);
                }
            }
        }
        long v0 = System.nanoTime();
        values.values(batch, n, batchValues);
        valuesNanos += System.nanoTime() - v0;
        int at = 0;
        for (int l = 0; l < lanes; l++) {
            int best = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int d = 0; d < 4; d++) {
                int k = 4 * l + d;
                if (after[k] == 0) {
                    continue;
                }
                double q = reward[k] + config.symmetry().aggregate(batchValues, at);
                at += images;
                if (q > bestQ) {
                    bestQ = q;
                    best = d;
                }
            }
            if (hasPrev[l]) {
                emit(l, prevAfter[l], (float) bestQ);
            }
            if (chunk == null) {
                return;
            }
            long a = after[4 * l + best];
            prevAfter[l] = a;
            hasPrev[l] = true;
            score[l] += reward[4 * l + best];
            board[l] = Spawns.spawn(a, Shape.S4x4, rng);
            records[l].advance(board[l], score[l]);
        }
    }

    /** A free chunk of this generator's pool, the time spent waiting for it counted. */
    private PositionChunk take() {
        long t0 = System.nanoTime();
        PositionChunk c = handoff.take(id, stop);
        waitNanos += System.nanoTime() - t0;
        return c;
    }

    /** Adds the time since the last report to the run's {@link TimeSplit}: once a turn, so the figures stay current. */
    private void reportTime() {
        long now = System.nanoTime();
        stats.generatorTime(now - mark, valuesNanos, waitNanos);
        mark = now;
        valuesNanos = 0;
        waitNanos = 0;
    }

    /** The lane's play is over: its last afterstate gets target 0, then the next play begins. */
    private void endPlay(int l) {
        if (hasPrev[l]) {
            emit(l, prevAfter[l], 0f);
        }
        stats.gameFinished(score[l]);
        if (gameBatching) {
            sendGame(l);
        }
        if (config.restart() && records[l].restartFromMiddle()) {
            board[l] = records[l].board();
            score[l] = records[l].score();
            hasPrev[l] = false;
        } else {
            startFresh(l);
        }
    }

    private void startFresh(int l) {
        board[l] = config.jump().start(id * lanes + l, rng);
        records[l].fresh(board[l]);
        score[l] = 0;
        hasPrev[l] = false;
    }

    private void emit(int l, long afterstate, float target) {
        if (gameBatching) {
            if (gameCount[l] + augmentation > gameBoards[l].length) {
                gameBoards[l] = Arrays.copyOf(gameBoards[l], 2 * gameBoards[l].length);
                gameTargets[l] = Arrays.copyOf(gameTargets[l], 2 * gameTargets[l].length);
            }
            for (int s = 0; s < augmentation; s++) {
                gameBoards[l][gameCount[l]] = augmentation == 1 ? afterstate : symmetries.apply(s, afterstate);
                gameTargets[l][gameCount[l]++] = target;
            }
            return;
        }
        if (chunk.count + augmentation > chunk.capacity()) {
            handoff.send(chunk);
            chunk = take();
            if (chunk == null) {
                return;
            }
        }
        for (int s = 0; s < augmentation; s++) {
            chunk.add(augmentation == 1 ? afterstate : symmetries.apply(s, afterstate), target);
        }
        chunk.positions++;
    }

    // Sends the lane's play as a run of chunks, the last flagged as the end of the game.
    private void sendGame(int l) {
        int total = gameCount[l];
        int i = 0;
        while (chunk != null) {
            int k = Math.min(chunk.capacity() - chunk.count, total - i);
            // Whole positions only, so that a chunk's position count stays exact.
            k -= k % augmentation;
            for (int j = 0; j < k; j++) {
                chunk.add(gameBoards[l][i + j], gameTargets[l][i + j]);
            }
            chunk.positions += k / augmentation;
            i += k;
            boolean last = i == total;
            chunk.endOfGame = last;
            handoff.send(chunk);
            chunk = take();
            if (last) {
                break;
            }
        }
        gameCount[l] = 0;
    }
}
