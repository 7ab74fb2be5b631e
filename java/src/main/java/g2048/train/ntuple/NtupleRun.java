package g2048.train.ntuple;

import g2048.game.Rng;
import g2048.ntuple.HandOff;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.Shaping;
import g2048.ntuple.TrainingState;
import g2048.train.Every;
import g2048.train.LearningCurve;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A run of n-tuple TD learning up to a total of training games: the model's {@link SelfPlay} in
 * stretches that end at the next evaluation or checkpoint; after each stretch a report (the
 * training games' mean and speed, greedy games at every evaluation, the model written at every
 * checkpoint) and a row of the learning curve; at the end, or when stopped, a last row where it
 * stopped and the model written once more. Games are counted over the model's whole training, so
 * a resumed run keeps the schedule of an uninterrupted one.
 *
 * <p>A multi-stage TD-afterstate model trained by {@link Shaping#LATE} learns in its last stage
 * alone; after each stretch, and before the model is written at the end, that stage's level is
 * aligned at its hand-off ({@link HandOff}) on {@link #HAND_OFF_GAMES} greedy games.
 */
public final class NtupleRun {

    /** Greedy games of each hand-off alignment. */
    public static final int HAND_OFF_GAMES = 256;

    /**
     * What a run does: train to {@code games} in all; {@code evalGames} greedy games at each of
     * {@code evaluations}; write the model to {@code out} at each of {@code checkpoints} before the
     * end, and at the end; a compact {@code out}'s steps with {@code compactBits} bits
     * ({@link NtupleModels#COMPACT_BITS} unless asked otherwise), and its accumulators too when
     * {@code compactAccumulators}.
     */
    public record Plan(long games, Every evaluations, int evalGames, Every checkpoints, Path out, int compactBits,
            boolean compactAccumulators) {
    }

    /**
     * One report: the training state, the training games since the last report (their count, mean
     * score and moves per second; moves per second of the training threads' CPU time), the
     * hand-off alignment (null: none), the evaluation (null: none) and whether the model was written.
     */
    public record Report(TrainingState state, long trainGames, double trainMean, double movesPerSecond,
            double movesPerCpuSecond, HandOff.Result handOff, SelfPlay.Evaluation evaluation, boolean checkpoint) {
    }

    /** How the run ended: its training state and whether it was stopped before its total. */
    public record Result(TrainingState state, boolean stopped) {
    }

    /** Told what happens; {@link #gameFinished} on the training threads, the rest on the run's. */
    public interface Listener {

        /** A training game ended: {@code games} finished in all; the mean score and moves per second since the last report. */
        void gameFinished(long games, long meanScore, long movesPerSecond);

        /** A stretch of training ended; its report follows once evaluated and checkpointed. */
        default void reporting() {
        }

        void reported(Report report);

        /** A run stopped inside a stretch aligned its hand-off before writing the model (reports carry the others). */
        default void aligned(HandOff.Result handOff) {
        }
    }

    private final NtupleModel model;
    private final SelfPlay play;
    private final Plan plan;
    private final LearningCurve<NtupleCurve.Row> curve;

    /** The run of {@code play} (over {@code model}) by {@code plan}, its rows into {@code curve}. */
    public NtupleRun(NtupleModel model, SelfPlay play, Plan plan, LearningCurve<NtupleCurve.Row> curve) {
        this.model = model;
        this.play = play;
        this.plan = plan;
        this.curve = curve;
    }

    /** Asks the run to stop after the games in play; it still writes its curve and model. Any thread. */
    public void stop() {
        play.requestStop();
    }

    /** Trains to the plan's total or until stopped; the model is written at the end either way. */
    public Result run(Listener listener) {
        long evalSeed = Rng.mix(model.training().seed() ^ 0x6576616C5EEDL);
        Window window = new Window();
        while (model.training().games() < plan.games() && !play.stopRequested()) {
            long done = model.training().games();
            long boundary = Math.min(plan.games(), Math.min(plan.evaluations().nextAfter(done), plan.checkpoints().nextAfter(done)));
            play.train(boundary, (i, o) -> {
                long[] snap = window.add(o.score(), o.moves());
                listener.gameFinished(i + 1, snap[0], snap[1]);
            });
            done = model.training().games();
            if (play.stopRequested()) {
                break;
            }
            listener.reporting();
            double trainRate = window.movesPerSecond();
            HandOff.Result handOff = alignHandOff();
            SelfPlay.Evaluation e = plan.evaluations().at(done) ? play.evaluate(plan.evalGames(), evalSeed) : null;
            // every report is a row: with an evaluation's greedy games, or the training games' mean alone
            append(NtupleCurve.Row.of(model.training(), e, window.mean()));
            boolean checkpoint = plan.checkpoints().at(done) && done < plan.games();
            if (checkpoint) {
                NtupleModels.save(model, plan.out(), plan.compactBits(), plan.compactAccumulators());
            }
            listener.reported(new Report(model.training(), window.games(), window.mean(), trainRate,
                    play.lastMovesPerCpuSecond(), handOff, e, checkpoint));
            window.reset();
        }
        if (play.stopRequested()) {
            // stopped early (during training or during a report): the curve still gets the state it stopped at
            append(NtupleCurve.Row.of(model.training(), null, window.mean()));
            // a stretch cut short: its late stage is aligned before the model is written
            HandOff.Result handOff = alignHandOff();
            if (handOff != null) {
                listener.aligned(handOff);
            }
        }
        NtupleModels.save(model, plan.out(), plan.compactBits(), plan.compactAccumulators());
        return new Result(model.training(), play.stopRequested());
    }

    /** The hand-off alignment due after a stretch, null when the run needs none. */
    private HandOff.Result alignHandOff() {
        TrainingState st = model.training();
        if (st.shaping() != Shaping.LATE || model.stages().count() < 2 || model.method() != Method.TD_AFTERSTATE) {
            return null;
        }
        // fresh games at every alignment, reproducible from the run's seed and its games
        return HandOff.align(model, HAND_OFF_GAMES, Rng.mix(st.seed() ^ 0x68616E646F6666L ^ st.games()));
    }

    private void append(NtupleCurve.Row row) {
        try {
            curve.append(row);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the learning curve: " + e.getMessage(), e);
        }
    }

    /** Games, score and moves since the last report, for the running mean and the speed. */
    private static final class Window {
        private long games;
        private long score;
        private long moves;
        private long start = System.nanoTime();

        /** Adds a game; returns {running mean score, moves/s}. */
        synchronized long[] add(long gameScore, int gameMoves) {
            games++;
            score += gameScore;
            moves += gameMoves;
            double secs = Math.max(1e-9, (System.nanoTime() - start) / 1e9);
            return new long[] {score / games, (long) (moves / secs)};
        }

        synchronized double movesPerSecond() {
            return moves / Math.max(1e-9, (System.nanoTime() - start) / 1e9);
        }

        synchronized long games() {
            return games;
        }

        synchronized double mean() {
            return games == 0 ? Double.NaN : (double) score / games;
        }

        synchronized void reset() {
            games = 0;
            score = 0;
            moves = 0;
            start = System.nanoTime();
        }
    }
}
