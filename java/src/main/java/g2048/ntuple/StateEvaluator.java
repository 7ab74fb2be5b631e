package g2048.ntuple;

import g2048.eval.Evaluator;
import g2048.game.Shape;

/**
 * The afterstate value implied by a TD-state network: the expectation of V over every spawn of
 * the afterstate (terminal states count as the model's {@link TerminalValue} says). No scratch state.
 */
final class StateEvaluator implements Evaluator {

    private final StateLearner expectation;
    private final String description;

    StateEvaluator(TupleNetwork net, TerminalValue terminal, Stages stages, String description) {
        this.expectation = new StateLearner(net, 0f, terminal, stages, null);
        this.description = description;
    }

    @Override
    public Shape shape() {
        return expectation.shape;
    }

    @Override
    public double value(long afterstate) {
        return expectation.expectation(afterstate);
    }

    @Override
    public String describe() {
        return description;
    }
}
