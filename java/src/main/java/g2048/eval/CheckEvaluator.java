package g2048.eval;

import g2048.game.BoardText;
import java.util.Locale;

/**
 * Runs two evaluators side by side and fails loudly when they disagree: the cheapest way to keep a
 * fast path (a GPU batch, a vectorised network) honest against its reference. Every single and
 * batch call goes to both; the reference's values are returned.
 *
 * <p>Two values a and b agree when {@code |a − b| ≤ max(absoluteTolerance, relativeTolerance ·
 * max(|a|, |b|))}; NaN agrees with nothing. A disagreement throws
 * {@link EvaluatorMismatchException} naming the board, both values and the tolerance.
 *
 * <p>Threading: as {@link Evaluator}; {@link #forThread()} returns a new checker over both
 * evaluators' thread instances with its own scratch buffer. Closing it frees both sides
 * ({@link Evaluator#free}), as {@code check} opens them.
 */
public final class CheckEvaluator implements Evaluator, AutoCloseable {

    private final Evaluator reference;
    private final Evaluator candidate;
    private final double relativeTolerance;
    private final double absoluteTolerance;
    private double[] candidateOut = new double[0];
    private long checked;

    public CheckEvaluator(Evaluator reference, Evaluator candidate, double relativeTolerance, double absoluteTolerance) {
        if (!reference.shape().equals(candidate.shape())) {
            throw new IllegalArgumentException("check: the evaluators value different shapes: "
                    + reference.shape() + " (" + reference.describe() + ") and " + candidate.shape()
                    + " (" + candidate.describe() + ")");
        }
        if (!(relativeTolerance >= 0) || !(absoluteTolerance >= 0)) {
            throw new IllegalArgumentException("check: tolerances must be at least 0, got relative "
                    + relativeTolerance + ", absolute " + absoluteTolerance);
        }
        this.reference = reference;
        this.candidate = candidate;
        this.relativeTolerance = relativeTolerance;
        this.absoluteTolerance = absoluteTolerance;
    }

    @Override
    public g2048.game.Shape shape() {
        return reference.shape();
    }

    @Override
    public double value(long afterstate) {
        double a = reference.value(afterstate);
        double b = candidate.value(afterstate);
        check(afterstate, a, b, "value", 0, 1);
        return a;
    }

    @Override
    public void values(long[] afterstates, int count, double[] out) {
        if (candidateOut.length < count) {
            candidateOut = new double[Math.max(count, 2 * candidateOut.length)];
        }
        reference.values(afterstates, count, out);
        candidate.values(afterstates, count, candidateOut);
        for (int i = 0; i < count; i++) {
            check(afterstates[i], out[i], candidateOut[i], "values", i, count);
        }
    }

    private void check(long board, double a, double b, String call, int index, int count) {
        checked++;
        double tolerance = Math.max(absoluteTolerance, relativeTolerance * Math.max(Math.abs(a), Math.abs(b)));
        if (Math.abs(a - b) <= tolerance) {
            return;
        }
        String where = call.equals("value") ? "value()" : "values() item " + index + " of " + count;
        throw new EvaluatorMismatchException(String.format(Locale.ROOT,
                "check: evaluators differ in %s on afterstate %s (0x%016x): reference %s = %.17g, candidate %s = %.17g,"
                        + " |difference| %.3g > tolerance %.3g (relative %.3g, absolute %.3g)",
                where, BoardText.format(board, shape()), board, reference.describe(), a, candidate.describe(), b,
                Math.abs(a - b), tolerance, relativeTolerance, absoluteTolerance),
                new EvaluatorMismatchException.Mismatch(board, a, b));
    }

    /** The number of values compared by this instance so far. */
    public long checked() {
        return checked;
    }

    @Override
    public int preferredBatchSize() {
        return Math.max(reference.preferredBatchSize(), candidate.preferredBatchSize());
    }

    @Override
    public int maxBatchSize() {
        return Math.min(reference.maxBatchSize(), candidate.maxBatchSize());
    }

    @Override
    public Evaluator forThread() {
        return new CheckEvaluator(reference.forThread(), candidate.forThread(), relativeTolerance, absoluteTolerance);
    }

    @Override
    public void close() {
        try {
            Evaluator.free(candidate);
        } finally {
            Evaluator.free(reference);
        }
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "check(%s vs %s, relative %.3g, absolute %.3g)",
                reference.describe(), candidate.describe(), relativeTolerance, absoluteTolerance);
    }
}
