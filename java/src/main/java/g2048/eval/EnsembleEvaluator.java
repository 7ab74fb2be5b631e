package g2048.eval;

import g2048.game.Shape;
import java.util.ArrayList;
import java.util.List;

/**
 * The mean of several evaluators' values: an ensemble of networks trained apart (other seeds,
 * other tuples or methods), whose errors partly cancel. Every member values every afterstate;
 * the members must play the same shape. Thread instances are ensembles of the members' thread
 * instances.
 */
public final class EnsembleEvaluator implements Evaluator {

    private final Evaluator[] members;
    private final double scale;
    private final Shape shape;
    private double[] scratch = new double[0];

    /** The mean of {@code members} (at least two, all of one shape). */
    public EnsembleEvaluator(List<? extends Evaluator> members) {
        if (members.size() < 2) {
            throw new IllegalArgumentException("an ensemble needs at least two evaluators, got " + members.size());
        }
        this.shape = members.getFirst().shape();
        for (Evaluator e : members) {
            if (!e.shape().equals(shape)) {
                throw new IllegalArgumentException("an ensemble plays one shape: " + e.describe() + " values "
                        + e.shape() + " boards, " + members.getFirst().describe() + " values " + shape);
            }
        }
        this.members = members.toArray(Evaluator[]::new);
        this.scale = 1.0 / members.size();
    }

    /** The members, in order. */
    public List<Evaluator> members() {
        return List.of(members);
    }

    @Override
    public Shape shape() {
        return shape;
    }

    @Override
    public double value(long afterstate) {
        double sum = 0;
        for (Evaluator e : members) {
            sum += e.value(afterstate);
        }
        return sum * scale;
    }

    @Override
    public void values(long[] afterstates, int count, double[] out) {
        if (scratch.length < count) {
            scratch = new double[count];
        }
        java.util.Arrays.fill(out, 0, count, 0.0);
        for (Evaluator e : members) {
            e.values(afterstates, count, scratch);
            for (int i = 0; i < count; i++) {
                out[i] += scratch[i];
            }
        }
        for (int i = 0; i < count; i++) {
            out[i] *= scale;
        }
    }

    @Override
    public int preferredBatchSize() {
        int best = 1;
        for (Evaluator e : members) {
            best = Math.max(best, e.preferredBatchSize());
        }
        return best;
    }

    @Override
    public int maxBatchSize() {
        int least = Integer.MAX_VALUE;
        for (Evaluator e : members) {
            least = Math.min(least, e.maxBatchSize());
        }
        return least;
    }

    /** The members' threshold where they all name the same one; none where they differ. */
    @Override
    public int downgradeThreshold() {
        int t = members[0].downgradeThreshold();
        for (Evaluator e : members) {
            if (e.downgradeThreshold() != t) {
                return 0;
            }
        }
        return t;
    }

    @Override
    public Evaluator forThread() {
        List<Evaluator> own = new ArrayList<>(members.length);
        for (Evaluator e : members) {
            own.add(e.forThread());
        }
        return new EnsembleEvaluator(own);
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder("ensemble of ").append(members.length).append(" (mean of: ");
        for (int i = 0; i < members.length; i++) {
            sb.append(i == 0 ? "" : "; ").append(members[i].describe());
        }
        return sb.append(')').toString();
    }
}
