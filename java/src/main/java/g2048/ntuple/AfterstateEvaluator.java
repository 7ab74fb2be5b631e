package g2048.ntuple;

import g2048.eval.Evaluator;
import g2048.game.Shape;
import java.util.function.LongToDoubleFunction;

/**
 * The afterstate value of a TD-afterstate network: the network itself, read from its float32
 * tables or from an {@link Int16Network} copy. No scratch state.
 */
final class AfterstateEvaluator implements Evaluator {

    private final Shape shape;
    private final LongToDoubleFunction value;
    private final String description;
    private final int downgrade;

    AfterstateEvaluator(Shape shape, LongToDoubleFunction value, String description, int downgrade) {
        this.shape = shape;
        this.value = value;
        this.description = description;
        this.downgrade = downgrade;
    }

    @Override
    public int downgradeThreshold() {
        return downgrade;
    }

    @Override
    public Shape shape() {
        return shape;
    }

    @Override
    public double value(long afterstate) {
        return value.applyAsDouble(afterstate);
    }

    @Override
    public String describe() {
        return description;
    }
}
