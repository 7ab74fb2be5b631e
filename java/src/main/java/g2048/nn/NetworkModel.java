package g2048.nn;

/**
 * A value network with its weights, as a {@link Backend} opens evaluators over it.
 *
 * @param source where the weights came from, for the evaluator's description (a file name, a snapshot)
 */
public record NetworkModel(Network network, float[] weights, String source) {

    public NetworkModel {
        if (weights.length != network.paramCount()) {
            throw new IllegalArgumentException(network.spec().name() + " needs " + network.paramCount() + " parameters, got "
                    + weights.length);
        }
    }
}
