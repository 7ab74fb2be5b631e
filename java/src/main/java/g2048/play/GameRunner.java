package g2048.play;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Plays many seeded games on several threads. Game {@code i} of a run seeded {@code s} always
 * uses seed {@link Rng#gameSeed(long, long) gameSeed(s, i)} for its spawns and its player, so its
 * result does not depend on the number of threads or their timing. Each thread times every move
 * into its own HdrHistogram {@link Recorder}; the run's histogram is their sum.
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
    private final java.util.concurrent.atomic.AtomicLong cpuNanos = new java.util.concurrent.atomic.AtomicLong();

    public GameRunner(Shape shape) {
        this.shape = shape;
        this.moves = Moves.of(shape);
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
        return cpuNanos.get();
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
        List<Recorder> recorders = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        int nThreads = Math.min(threads, games);
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        boolean cpuTimed = cpu.isCurrentThreadCpuTimeSupported();
        cpuNanos.set(cpuTimed ? 0 : -1);
        long start = System.nanoTime();
        for (int t = 0; t < nThreads; t++) {
            Recorder recorder = new Recorder(3);
            recorders.add(recorder);
            Thread worker = new Thread(() -> {
                long cpu0 = cpuTimed ? cpu.getCurrentThreadCpuTime() : 0;
                Player own = player.forThread();
                Rng rng = new Rng(0);
                int i;
                while (!cancelled.get() && (i = next.getAndIncrement()) < games) {
                    long gameSeed = Rng.gameSeed(seed, i);
                    results[i] = play(own, i, gameSeed, rng, recorder);
                    int done = finished.incrementAndGet();
                    if (listener != null) {
                        listener.gameFinished(done, games, results[i]);
                    }
                }
                if (cpuTimed) {
                    cpuNanos.addAndGet(cpu.getCurrentThreadCpuTime() - cpu0);
                }
            }, "g2048-play-" + t);
            worker.setUncaughtExceptionHandler((th, e) -> {
                synchronized (failure) {
                    if (failure[0] == null) {
                        failure[0] = e;
                    }
                }
                cancelled.set(true);
            });
            workers.add(worker);
            worker.start();
        }
        Histogram latency = new Histogram(3);
        long intervalStart = System.currentTimeMillis();
        for (Thread w : workers) {
            try {
                if (intervalListener == null) {
                    w.join();
                }
                while (w.isAlive()) {
                    w.join(intervalMillis);
                    if (System.currentTimeMillis() - intervalStart >= intervalMillis) {
                        intervalStart = sampleInterval(recorders, intervalStart, latency);
                    }
                }
            } catch (InterruptedException e) {
                cancelled.set(true);
                Thread.currentThread().interrupt();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (intervalListener != null) {
            sampleInterval(recorders, intervalStart, latency);
        }
        if (failure[0] != null) {
            throw new IllegalStateException("a game failed: " + failure[0].getMessage(), failure[0]);
        }
        if (intervalListener == null) {
            for (Recorder r : recorders) {
                latency.add(r.getIntervalHistogram());
            }
        }
        GameResult[] done = java.util.Arrays.stream(results).filter(java.util.Objects::nonNull).toArray(GameResult[]::new);
        return Summary.of(player.name(), shape, nThreads, done, seconds, latency);
    }

    private long sampleInterval(List<Recorder> recorders, long startMillis, Histogram total) {
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

    /** Plays one game from its seed; {@code rng} is reseeded and reused to avoid allocation. */
    public GameResult play(Player player, long index, long gameSeed, Rng rng, Recorder recorder) {
        rng.reseed(gameSeed);
        player.startGame(gameSeed);
        long cellMask = shape.cellMask();
        long board = Spawns.initial(shape, rng);
        long score = 0;
        int n = 0;
        while (!moves.isTerminal(board)) {
            long t0 = System.nanoTime();
            int d = player.chooseMove(board);
            long t1 = System.nanoTime();
            if (recorder != null) {
                recorder.recordValue(Math.max(1, t1 - t0));
            }
            long after = d < 0 || d > 3 ? board : moves.move(board, d);
            if (after == board) {
                throw new IllegalStateException("player " + player.name() + " chose an illegal move " + d);
            }
            score += moves.reward(board, d);
            board = Spawns.spawn(after, cellMask, rng);
            n++;
        }
        return new GameResult(index, gameSeed, score, n, g2048.game.Board.maxCode(board), board);
    }
}
