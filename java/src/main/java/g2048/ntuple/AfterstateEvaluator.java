package g2048.ntuple;

import g2048.eval.Evaluator;
import g2048.game.Shape;

/** The afterstate value of a TD-afterstate network: the network itself. No scratch state. */
final class AfterstateEvaluator implements Evaluator {

    private final TupleNetwork net;
    private final String description;

    AfterstateEvaluator(TupleNetwork net, String description) {
        this.net = net;
        this.description = description;
    }

    @Override
    public Shape shape() {
        return net.shape();
    }

    @Override
    public double value(long afterstate) {
        return net.value(0, afterstate);
    }

    @Override
    public String describe() {
        return description;
    }
}
