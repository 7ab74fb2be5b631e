package g2048.play;

import g2048.concurrent.Workers;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.player.KeepsAfterstate;
import g2048.player.Player;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Plays many seeded games on several threads. Game {@code i} of a run seeded {@code s} always
 * uses seed {@link Rng#gameSeed(long, long) gameSeed(s, i)} for its spawns and its player, so its
 * result does not depend on the number of threads or their timing. Each thread times moves into
 * its own HdrHistogram {@link Recorder}; the run's histogram is their sum.
 *
 * <p><b>Which moves are timed.</b> Every move by default. {@link #timingEvery(int) timingEvery(k)}
 * times one move in k (the first of each game, then every k-th): two clock reads and a recorder
 * update are tens of nanoseconds against a greedy n-tuple move of under a microsecond, and a
 * systematic sample of one move in 16 over the millions of moves of a run gives the percentiles
 * all the same ({@code play} samples;
 * {@code bench search}, the latency benchmark, times every move).
 */
public final class GameRunner {

    /** Told of each finished game, from the thread that played it. */
    public interface Listener {
        void gameFinished(int finished, int total, GameResult result);
    }

    /** Told of the latency of each interval of a run (for HdrHistogram interval logs), from the thread that called {@link #run}. */
    public interface IntervalListener {
        /** The moves timed in one interval; the histogram's start and end time stamps (ms since the epoch) bound it. */
        void interval(Histogram latencyNanos);
    }

    private final Shape shape;
    private final Moves moves;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private long intervalMillis;
    private IntervalListener intervalListener;
    private volatile long cpuNanos;
    /** Moves are timed when (move number & timingMask) == 0: every move for 0. */
    private int timingMask;

    public GameRunner(Shape shape) {
        this.shape = shape;
        this.moves = Moves.of(shape);
    }

    /** Times one move in {@code k} (a power of two: 1 = every move, the default) instead of every move. */
    public GameRunner timingEvery(int k) {
        if (k < 1 || Integer.bitCount(k) != 1) {
            throw new IllegalArgumentException("moves timed: one in k for k a power of two, got " + k);
        }
        this.timingMask = k - 1;
        return this;
    }

    /**
     * Samples the threads' recorders every {@code millis} ms during {@link #run} and at its end, and
     * hands each interval's histogram to {@code listener}; the run's summary is then the sum of the intervals.
     */
    public GameRunner withIntervals(long millis, IntervalListener listener) {
        if (millis < 1) {
            throw new IllegalArgumentException("interval must be at least 1 ms, got " + millis);
        }
        this.intervalMillis = millis;
        this.intervalListener = listener;
        return this;
    }

    /**
     * CPU time (ns) the playing threads of the last {@link #run} spent, summed; −1 where the JVM
     * cannot measure thread CPU time. On a shared machine moves per CPU second is steadier than per wall second.
     */
    public long lastRunCpuNanos() {
        return cpuNanos;
    }

    /** Asks a running {@link #run} to stop after the games in progress; the summary covers those finished. */
    public void cancel() {
        cancelled.set(true);
    }

    /** Plays {@code games} games with {@code threads} threads and summarises them. */
    public Summary run(Player player, int games, int threads, long seed, Listener listener) {
        if (games < 1) {
            throw new IllegalArgumentException("games must be at least 1, got " + games);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        GameResult[] results = new GameResult[games];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger finished = new AtomicInteger();
        int nThreads = Math.min(threads, games);
        Recorder[] recorders = new Recorder[nThreads];
        for (int t = 0; t < nThreads; t++) {
            recorders[t] = new Recorder(3);
        }
        Histogram latency = new Histogram(3);
        long[] intervalStart = {System.currentTimeMillis()};
        Workers workers = new Workers("g2048-play", nThreads).stopFlag(cancelled);
        if (intervalListener != null) {
            workers.every(intervalMillis, () -> intervalStart[0] = sampleInterval(recorders, intervalStart[0], latency));
        }
        long start = System.nanoTime();
        Workers.Result done = workers.run(t -> {
            Player own = player.forThread();
            Rng rng = new Rng(0);
            int i;
            while (!cancelled.get() && (i = next.getAndIncrement()) < games) {
                long gameSeed = Rng.gameSeed(seed, i);
                results[i] = play(own, i, gameSeed, rng, recorders[t]);
                int count = finished.incrementAndGet();
                if (listener != null) {
                    listener.gameFinished(count, games, results[i]);
                }
            }
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        cpuNanos = done.cpuNanos();
        if (intervalListener != null) {
            sampleInterval(recorders, intervalStart[0], latency);
        } else {
            for (Recorder r : recorders) {
                latency.add(r.getIntervalHistogram());
            }
        }
        GameResult[] played = Arrays.stream(results).filter(Objects::nonNull).toArray(GameResult[]::new);
        return Summary.of(player.name(), shape, nThreads, played, seconds, latency);
    }

    private long sampleInterval(Recorder[] recorders, long startMillis, Histogram total) {
        long now = System.currentTimeMillis();
        Histogram interval = new Histogram(3);
        for (Recorder r : recorders) {
            interval.add(r.getIntervalHistogram());
        }
        interval.setStartTimeStamp(startMillis);
        interval.setEndTimeStamp(now);
        total.add(interval);
        intervalListener.interval(interval);
        return now;
    }

    /**
     * Told of each move of a game played by {@link #trace}, before the next is chosen: the board,
     * the move, each direction's value by the player ({@link Player#chooseMove(long, double[])}),
     * the afterstate, the board after the spawn, and the nanoseconds the choice took.
     */
    public interface Step {
        void moved(long board, int move, double[] values, long afterstate, long next, long nanos);
    }

    /** Plays one game from its seed; {@code rng} is reseeded and reused to avoid allocation. */
    public GameResult play(Player player, long index, long gameSeed, Rng rng, Recorder recorder) {
        return play(player, index, gameSeed, rng, recorder, Integer.MAX_VALUE, null);
    }

    /**
     * Plays game 0 of a run seeded {@code seed} as {@link #run} plays it (the same spawns, moves and
     * score), for at most {@code maxMoves} moves, telling {@code step} of each move with the
     * player's values.
     */
    public GameResult trace(Player player, long seed, int maxMoves, Step step) {
        return play(player, 0, Rng.gameSeed(seed, 0), new Rng(0), null, maxMoves, step);
    }

    /** The one game loop: every move timed when {@code step} is given, else as {@code recorder} and the timing mask say. */
    private GameResult play(Player player, long index, long gameSeed, Rng rng, Recorder recorder, int maxMoves, Step step) {
        rng.reseed(gameSeed);
        player.startGame(gameSeed);
        long cellMask = shape.cellMask();
        long board = Spawns.initial(shape, rng);
        long score = 0;
        int n = 0;
        boolean timing = recorder != null;
        double[] values = step == null ? null : new double[4];
        // a player that keeps its afterstate spares the loop a second slide of the board
        KeepsAfterstate kept = player instanceof KeepsAfterstate k ? k : null;
        // a board with an empty cell has a legal move: the full test is needed only on full boards
        while (n < maxMoves && (Board.emptyCells(board, cellMask) != 0 || !moves.isTerminal(board))) {
            int d;
            long nanos = 0;
            if (step != null) {
                long t0 = System.nanoTime();
                d = player.chooseMove(board, values);
                nanos = System.nanoTime() - t0;
            } else if (timing && (n & timingMask) == 0) {
                long t0 = System.nanoTime();
                d = player.chooseMove(board);
                recorder.recordValue(Math.max(1, System.nanoTime() - t0));
            } else {
                d = player.chooseMove(board);
            }
            long after = d < 0 || d > 3 ? board : kept != null ? kept.lastAfterstate() : moves.move(board, d);
            if (after == board) {
                throw new IllegalStateException("player " + player.name() + " chose an illegal move " + d);
            }
            score += kept != null ? kept.lastReward() : moves.reward(board, d);
            long next = Spawns.spawn(after, cellMask, rng);
            if (step != null) {
                step.moved(board, d, values, after, next, nanos);
            }
            board = next;
            n++;
        }
        return new GameResult(index, gameSeed, score, n, Board.maxCode(board), board);
    }
}
