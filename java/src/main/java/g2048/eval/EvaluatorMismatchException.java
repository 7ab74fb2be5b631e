package g2048.eval;

/**
 * Thrown by {@link CheckEvaluator} when its two evaluators disagree on an afterstate beyond the
 * tolerance. The message names the board, both values, both evaluators and the tolerance.
 */
public final class EvaluatorMismatchException extends IllegalStateException {

    private final long afterstate;
    private final double referenceValue;
    private final double candidateValue;

    EvaluatorMismatchException(String message, long afterstate, double referenceValue, double candidateValue) {
        super(message);
        this.afterstate = afterstate;
        this.referenceValue = referenceValue;
        this.candidateValue = candidateValue;
    }

    public long afterstate() {
        return afterstate;
    }

    public double referenceValue() {
        return referenceValue;
    }

    public double candidateValue() {
        return candidateValue;
    }
}
