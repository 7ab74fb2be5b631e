package g2048.ntuple;

import g2048.eval.Evaluator;
import g2048.game.Shape;

/** The afterstate value of a TD-afterstate network read from its {@link Int16Network} copy. No scratch state. */
final class Int16Evaluator implements Evaluator {

    private final Int16Network net;
    private final String description;

    Int16Evaluator(Int16Network net, String description) {
        this.net = net;
        this.description = description;
    }

    @Override
    public Shape shape() {
        return net.shape();
    }

    @Override
    public double value(long afterstate) {
        return net.value(afterstate);
    }

    @Override
    public String describe() {
        return description;
    }
}
