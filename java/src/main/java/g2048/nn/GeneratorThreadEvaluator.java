package g2048.nn;

import g2048.eval.Evaluator;
import g2048.game.Shape;

/**
 * The evaluator of one training generator thread ({@link ValueTraining#generatorEvaluator}):
 * batches of 4×4 afterstates valued under the latest weights its trainer published. It holds that
 * thread's scratch and its hold on the published weights, so it is made for that thread and
 * {@link #forThread()} refuses; a single value is a batch of one.
 */
public abstract class GeneratorThreadEvaluator implements Evaluator {

    private final long[] one = new long[1];
    private final double[] oneValue = new double[1];

    @Override
    public final Shape shape() {
        return Shape.S4x4;
    }

    @Override
    public final double value(long afterstate) {
        one[0] = afterstate;
        values(one, 1, oneValue);
        return oneValue[0];
    }

    @Override
    public abstract void values(long[] boards, int n, double[] out);

    @Override
    public final Evaluator forThread() {
        throw new UnsupportedOperationException("a generator's evaluator belongs to its thread: ask the training device for another");
    }
}
