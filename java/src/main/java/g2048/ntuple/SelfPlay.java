package g2048.ntuple;

import g2048.concurrent.Workers;
import g2048.game.Rng;
import g2048.player.GameStats;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Self-play TD learning of a model: training games on several threads that share its tables (racy
 * lock-free updates, as the papers' trainers do), and greedy games that evaluate it. Game {@code i}
 * always uses the seed {@code Rng.gameSeed(seed, i)}; games are claimed in order and every claimed
 * game is finished, so after a run the games {@code 0..n−1} are exactly those played. With one
 * thread a run is fully reproducible, and {@code N} games then {@code N} more (resumed from the
 * saved model) give the same tables as {@code 2N} games at once.
 */
public final class SelfPlay {

    /** Told of each finished training game, from the thread that played it. */
    public interface Listener {
        void gameFinished(long index, Learner.Outcome outcome);
    }

    /** What an evaluation of greedy play reports (as the paper's tables: mean score and reach rates). */
    public record Evaluation(int games, double mean, double sd, long max, int[] reachCodes, double[] reachRates,
                             long moves, double seconds, double cpuSeconds) {

        /** Moves per second of CPU time of the playing threads (insensitive to other load on the machine). */
        public double movesPerCpuSecond() {
            return cpuSeconds > 0 ? moves / cpuSeconds : 0;
        }
    }

    private final NtupleModel model;
    private final float alpha;
    private final double alphaValue;
    private final int threads;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong cpuNanos = new AtomicLong();
    private volatile double lastMovesPerCpuSecond;
    private TdRule rule = TdRule.TD0;
    private Shaping shaping = Shaping.NONE;
    /** Plays {@code late} prefixes in place of the model trained; null when the model plays them. */
    private NtupleModel latePrefix;

    public SelfPlay(NtupleModel model, double alpha, int threads) {
        if (!(alpha > 0) || alpha > 1) {
            throw new IllegalArgumentException("alpha must be in (0, 1], got " + alpha);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.model = model;
        this.alpha = (float) alpha;
        this.alphaValue = alpha;
        this.threads = threads;
    }

    /** The targets learned from (n-step, TD(λ), forward or backward); TD(0) unless set. */
    public void setRule(TdRule rule) {
        if (!rule.plain() && model.method() != Method.TD_AFTERSTATE) {
            throw new IllegalArgumentException(rule.text() + " is a rule of td-afterstate; " + model.method().text()
                    + " learns by TD(0)");
        }
        this.rule = rule;
    }

    /** Where training games start (see {@link Shaping}); {@link Shaping#NONE} unless set. */
    public void setShaping(Shaping shaping) {
        setShaping(shaping, null);
    }

    /**
     * Where training games start, and for {@link Shaping#LATE} the model whose greedy games play each
     * episode's prefix up to the late point (null: the model trained, as it learns). Another model's
     * prefixes put the training where that model's games reach, e.g. a late network for the shipped one.
     */
    public void setShaping(Shaping shaping, NtupleModel latePrefix) {
        String problem = latePrefix == null ? null : latePrefixProblem(shaping, latePrefix, model);
        if (problem != null) {
            throw new IllegalArgumentException("the prefix model " + problem);
        }
        this.shaping = shaping;
        this.latePrefix = latePrefix;
    }

    /** Why {@code prefix} cannot play the late prefixes of {@code trained} under {@code shaping}, or null when it can. */
    public static String latePrefixProblem(Shaping shaping, NtupleModel prefix, NtupleModel trained) {
        if (shaping != Shaping.LATE) {
            return "plays the prefixes of late shaping's episodes; this run's shaping is " + shaping.text();
        }
        return prefix.shape().equals(trained.shape()) ? null
                : "plays " + prefix.shape() + " boards; the model trained plays " + trained.shape();
    }

    /** Asks a running {@link #train} to stop after the games in progress. */
    public void requestStop() {
        stop.set(true);
    }

    public boolean stopRequested() {
        return stop.get();
    }

    /**
     * Plays and learns from games {@code training().games()} up to {@code until} (exclusive), or
     * fewer if stopped; updates the model's training state (recording the rule and shaping, so that a
     * resumed run learns as this one did) and returns the games now finished.
     */
    public long train(long until, Listener listener) {
        TrainingState start = model.training();
        AtomicLong next = new AtomicLong(start.games());
        AtomicLong moves = new AtomicLong();
        long t0 = System.nanoTime();
        cpuNanos.set(0);
        runThreads(() -> {
            Learner learner = model.learner(alpha, rule);
            Shaping.Starts starts = shaping.starts(model.stages(), model.shape(),
                    latePrefix != null ? latePrefix.policy() : learner);
            learner.recordPath(starts.needsPath());
            Rng rng = new Rng(0);
            long i;
            while (!stop.get() && (i = next.getAndIncrement()) < until) {
                rng.reseed(Rng.gameSeed(start.seed(), i));
                Learner.Outcome o = learner.play(rng, true, starts.first(rng));
                starts.played(learner);
                if (starts.prefixScore() != 0) {
                    o = new Learner.Outcome(o.score() + starts.prefixScore(), o.moves(), o.maxCode());
                }
                int episodeMoves = o.moves();
                if (starts.withinGame()) {
                    // restarts belong to the game they came from: one index, one seed, one episode
                    for (long from; (from = starts.next(rng)) != 0; ) {
                        episodeMoves += learner.play(rng, true, from).moves();
                        starts.played(learner);
                    }
                    o = new Learner.Outcome(o.score(), episodeMoves, o.maxCode());
                }
                moves.addAndGet(episodeMoves);
                if (listener != null) {
                    listener.gameFinished(i, o);
                }
            }
        });
        lastMovesPerCpuSecond = cpuNanos.get() > 0 ? moves.get() / (cpuNanos.get() / 1e9) : 0;
        // Indices are claimed only while the stop flag is clear and every claimed game is played.
        long done = Math.max(Math.min(next.get(), until), start.games());
        model.setTraining(new TrainingState(done, start.moves() + moves.get(), start.nanos() + System.nanoTime() - t0,
                start.seed(), alphaValue, rule, shaping));
        return done;
    }

    /** Plays {@code games} greedy games without learning, seeded by {@code seed}, on the trainer's threads. */
    public Evaluation evaluate(int games, long seed) {
        long[] scores = new long[games];
        int[] maxCodes = new int[games];
        AtomicLong next = new AtomicLong();
        AtomicLong moves = new AtomicLong();
        long t0 = System.nanoTime();
        cpuNanos.set(0);
        runThreads(() -> {
            Learner player = model.learner(0f);
            Rng rng = new Rng(0);
            int i;
            while ((i = (int) next.getAndIncrement()) < games) {
                rng.reseed(Rng.gameSeed(seed, i));
                Learner.Outcome o = player.play(rng, false);
                scores[i] = o.score();
                maxCodes[i] = o.maxCode();
                moves.addAndGet(o.moves());
            }
        });
        double seconds = (System.nanoTime() - t0) / 1e9;
        GameStats g = GameStats.of(model.shape(), scores, maxCodes);
        return new Evaluation(games, g.mean(), g.sd(), g.max(), g.reachCodes(), g.reachRates(), moves.get(), seconds,
                cpuNanos.get() / 1e9);
    }

    /**
     * Training moves per second of CPU time of the training threads in the last {@link #train}: the
     * speed a thread has when it is not waiting for a core (this machine may be shared).
     */
    public double lastMovesPerCpuSecond() {
        return lastMovesPerCpuSecond;
    }

    private void runThreads(Runnable work) {
        Workers.Result r = new Workers("g2048-train", threads).stopFlag(stop).run(worker -> work.run());
        cpuNanos.addAndGet(Math.max(0, r.cpuNanos()));
    }
}
