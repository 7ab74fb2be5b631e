package g2048.train.cnn;

import g2048.eval.Evaluator;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.game.Symmetries;
import g2048.player.BestMove;
import java.util.function.BooleanSupplier;

/**
 * A generator thread (Matsuzaki 2021): plays {@code lanes} games at once, greedy over the
 * afterstates' values under the latest published weights, evaluating the afterstates of all its
 * games in one batch per turn (by its own evaluator, {@link g2048.nn.ValueTraining#generatorEvaluator},
 * on the CPU or the GPU), and sends the TD-afterstate pairs (s'_t, R(s_{t+1}, a_{t+1}) +
 * V(s'_{t+1})), with target 0 after the last move of a play, to the trainer.
 *
 * <p>Lane {@code l} of generator {@code g} is play stream {@code g · lanes + l} for the jump-start
 * slots. Nothing is allocated per turn. Pairs are written once, into a chunk of the generator's
 * pool: one chunk shared by the lanes and sent when full, or under {@code game} batching one chunk
 * per lane holding its play, sent whole when the play ends (the trainer steps on it in place).
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
    /** One lane's reward + value by direction, read for its legal directions only. */
    private final double[] q = new double[4];
    // game batching: each lane's play so far, in a chunk of its own. The chunk's arrays and count
    // are mirrored here, side by side for all lanes, so that a turn's writes touch few cache lines;
    // the chunk's own count is set when it is sent.
    private final PositionChunk[] laneChunk;
    private final long[][] laneBoards;
    private final float[][] laneTargets;
    private final int[] laneCount;

    private PositionChunk chunk;
    /** A chunk could not be had: the run is stopping. */
    private boolean stopped;
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
        laneChunk = new PositionChunk[gameBatching ? lanes : 0];
        laneBoards = new long[laneChunk.length][];
        laneTargets = new float[laneChunk.length][];
        laneCount = new int[laneChunk.length];
        for (int l = 0; l < lanes; l++) {
            records[l] = new PlayRecord();
            startFresh(l);
        }
    }

    /** The largest batch a generator of this configuration values at once: every legal afterstate of every lane, in every image. */
    public static int batchCapacity(TrainConfig config) {
        return 4 * config.lanes() * config.symmetry().images();
    }

    /**
     * The chunk capacity a generator of this configuration needs. Under game batching a chunk grows
     * with its game and keeps its size in the pool; it starts at a game of {@link #GAME_START}
     * positions, so that a new pool's chunks are seldom copied while they grow.
     */
    public static int chunkCapacity(TrainConfig config) {
        int c = Math.max(config.chunk(), config.lanes() * config.augmentation());
        return config.batching().mode() == Batching.Mode.GAME ? Math.max(c, GAME_START * config.augmentation()) : c;
    }

    /** Positions a game chunk starts with room for: about an early network's game. */
    static final int GAME_START = 1024;

    /** Chunks a generator holds while it plays: one per lane under game batching, else the one it fills. */
    public static int chunksHeld(TrainConfig config) {
        return config.batching().mode() == Batching.Mode.GAME ? config.lanes() : 1;
    }

    @Override
    public void run() {
        mark = System.nanoTime();
        if (gameBatching) {
            for (int l = 0; l < lanes && !stopped; l++) {
                laneChunk(l, take());
            }
        } else {
            chunk = take();
        }
        while (!stopped && !stop.getAsBoolean()) {
            turn();
            if (!stopped && !gameBatching && chunk.count > 0) {
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
                if (stopped) {
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
            int legal = 0;
            for (int d = 0; d < 4; d++) {
                int k = 4 * l + d;
                if (after[k] == 0) {
                    continue;
                }
                legal |= 1 << d;
                q[d] = reward[k] + config.symmetry().aggregate(batchValues, at);
                at += images;
            }
            int best = BestMove.of(q, legal);
            double bestQ = q[best];
            if (hasPrev[l]) {
                emit(l, prevAfter[l], (float) bestQ);
            }
            if (stopped) {
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

    /** A free chunk of this generator's pool, the time spent waiting for it counted; null (and stopped) once the run stops. */
    private PositionChunk take() {
        long t0 = System.nanoTime();
        PositionChunk c = handoff.take(id, stop);
        waitNanos += System.nanoTime() - t0;
        stopped |= c == null;
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
            // The play goes to the trainer whole, and the lane's next play starts in a fresh chunk.
            if (laneCount[l] > 0) {
                PositionChunk c = laneChunk[l];
                c.count = laneCount[l];
                c.positions = laneCount[l] / augmentation;
                handoff.send(c);
                laneChunk(l, take());
            }
            if (stopped) {
                return;
            }
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

    /** Lane {@code l} writes its play into {@code c} (null once the run stops). */
    private void laneChunk(int l, PositionChunk c) {
        laneChunk[l] = c;
        laneCount[l] = 0;
        if (c != null) {
            laneBoards[l] = c.boards;
            laneTargets[l] = c.targets;
        }
    }

    private void emit(int l, long afterstate, float target) {
        if (gameBatching) {
            int n = laneCount[l];
            if (n + augmentation > laneBoards[l].length) {
                PositionChunk c = laneChunk[l];
                c.grow(n + augmentation);
                laneBoards[l] = c.boards;
                laneTargets[l] = c.targets;
            }
            long[] b = laneBoards[l];
            float[] t = laneTargets[l];
            for (int s = 0; s < augmentation; s++) {
                b[n + s] = augmentation == 1 ? afterstate : symmetries.apply(s, afterstate);
                t[n + s] = target;
            }
            laneCount[l] = n + augmentation;
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
}
