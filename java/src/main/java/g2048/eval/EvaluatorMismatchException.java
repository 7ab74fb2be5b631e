package g2048.eval;

/**
 * Thrown by {@link CheckEvaluator} when its two evaluators disagree on an afterstate beyond the
 * tolerance. The message names the board, both values, both evaluators and the tolerance; {@link
 * #mismatch()} holds the numbers.
 */
public final class EvaluatorMismatchException extends IllegalStateException {

    /** The afterstate both evaluators valued, and their two values. */
    public record Mismatch(long afterstate, double referenceValue, double candidateValue) {
    }

    private final Mismatch mismatch;

    EvaluatorMismatchException(String message, Mismatch mismatch) {
        super(message);
        this.mismatch = mismatch;
    }

    public Mismatch mismatch() {
        return mismatch;
    }
}
