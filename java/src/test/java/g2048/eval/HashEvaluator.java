package g2048.eval;

import g2048.game.Rng;
import g2048.game.Shape;

/**
 * A synthetic evaluator for tests: a pseudo-random but fixed value in [0, scale) per afterstate
 * (a hash of the board), so that any mix-up of boards in a search changes its result.
 */
public final class HashEvaluator implements Evaluator {

    private final Shape shape;
    private final double scale;
    private final long salt;

    public HashEvaluator(Shape shape, double scale, long salt) {
        this.shape = shape;
        this.scale = scale;
        this.salt = salt;
    }

    public HashEvaluator(Shape shape) {
        this(shape, 1000, 7);
    }

    @Override
    public Shape shape() {
        return shape;
    }

    @Override
    public double value(long afterstate) {
        return (Rng.mix(afterstate ^ salt) >>> 11) * 0x1.0p-53 * scale;
    }

    @Override
    public String describe() {
        return "hash(" + shape + ")";
    }
}
