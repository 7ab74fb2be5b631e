package g2048.ntuple;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Spawns;

/**
 * The level of a multi-stage TD-afterstate model's last stage, set where greedy games hand over to
 * it. When only the last stage learns ({@link Shaping#LATE}), nothing learns across the hand-off:
 * the earlier stage's values of the afterstates just before it stay where they were, while the
 * last stage's values move to the level of its own targets. A greedy player then compares the two
 * levels at the hand-off's move (whether to make the tile that starts the stage), and a late stage
 * that learned to value itself lower than the early one expects steers away from the move.
 *
 * <p>{@link #align} restores what a TD update across the hand-off would learn: it plays greedy
 * games up to their first move into the last stage and shifts that stage's every value by the same
 * amount (each entry by {@code shift / features}) so that the TD errors of those moves,
 * {@code r + V_last(a') − V_before(a)} for the afterstate {@code a} before and {@code a'} after,
 * average zero. A choice maximises {@code r + V(a')} over its afterstates, so a shift of every value
 * of a stage changes no choice between two of its afterstates, only the choice at the hand-off. The shift changes the choices that measure it, so it is measured
 * again on the same games until the mean error is within half its standard error, for at most
 * {@link #ROUNDS} shifts.
 */
public final class HandOff {

    /** Shifts at most. */
    public static final int ROUNDS = 4;

    /**
     * An alignment: the stage shifted, the greedy games played, the hand-offs they made (in the
     * last measurement), the total shift, and the mean TD error across the hand-off before and after
     * it with the standard deviation of the last measurement's errors.
     */
    public record Result(int stage, int games, long handOffs, double shift, double errorBefore, double errorAfter,
            double sd) {
    }

    private HandOff() {
    }

    /**
     * Aligns {@code model}'s last stage by {@code games} greedy games seeded from {@code seed};
     * the model must be a multi-stage TD-afterstate model and no thread may be training it.
     */
    public static Result align(NtupleModel model, int games, long seed) {
        if (model.stages().count() < 2) {
            throw new IllegalArgumentException("a hand-off needs a multi-stage model, got one stage");
        }
        if (model.method() != Method.TD_AFTERSTATE) {
            throw new IllegalArgumentException("a hand-off is aligned on td-afterstate models, got " + model.method().text());
        }
        if (games < 1) {
            throw new IllegalArgumentException("games must be at least 1, got " + games);
        }
        int last = model.stages().count() - 1;
        double shift = 0;
        double before = Double.NaN;
        for (int round = 0; ; round++) {
            Errors e = measure(model, last, games, seed);
            if (round == 0) {
                before = e.mean();
            }
            if (round == ROUNDS || e.count() == 0 || Math.abs(e.mean()) <= e.standardError() / 2) {
                return new Result(last, games, e.count(), shift, before, e.mean(), e.sd());
            }
            shiftStage(model.network(), last, -e.mean());
            shift -= e.mean();
        }
    }

    /** The TD errors across the hand-off into {@code stage} of each game's first such move. */
    private record Errors(long count, double mean, double sd) {
        double standardError() {
            return count < 2 ? Double.POSITIVE_INFINITY : sd / Math.sqrt(count);
        }
    }

    private static Errors measure(NtupleModel model, int stage, int games, long seed) {
        Stages stages = model.stages();
        TupleNetwork net = model.network();
        Learner greedy = model.learner(0f);
        Moves moves = Moves.of(model.shape());
        long cellMask = model.shape().cellMask();
        Rng rng = new Rng(0);
        long n = 0;
        double sum = 0;
        double squares = 0;
        for (int g = 0; g < games; g++) {
            rng.reseed(Rng.gameSeed(seed, g));
            long s = Spawns.initial(model.shape(), rng);
            long before = 0;
            int d;
            while ((d = greedy.chooseMove(s)) >= 0) {
                long after = moves.move(s, d);
                if (stages.of(after) == stage) {
                    if (before != 0 && stages.of(before) < stage) {
                        double error = moves.reward(s, d) + net.value(stage, after)
                                - net.value(stages.of(before), before);
                        n++;
                        sum += error;
                        squares += error * error;
                    }
                    break;
                }
                before = after;
                s = Spawns.spawn(after, cellMask, rng);
            }
        }
        double mean = n == 0 ? 0 : sum / n;
        return new Errors(n, mean, n == 0 ? 0 : Math.sqrt(Math.max(0, squares / n - mean * mean)));
    }

    /** Adds {@code amount} to every value of {@code stage}: {@code amount / features} to each of its entries. */
    private static void shiftStage(TupleNetwork net, int stage, double amount) {
        float each = (float) (amount / net.features());
        long from = (long) stage * net.weights();
        for (long i = from; i < from + net.weights(); i++) {
            net.setEntry(i, net.entry(i) + each);
        }
    }
}
