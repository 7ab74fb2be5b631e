package g2048.nn;

/**
 * What a network file holds: the architecture, the parameters, optionally Adam's state (to resume
 * training), and the number of positions trained so far.
 *
 * @param adam null when the file carries no optimiser state
 */
public record TrainedNetwork(NetSpec spec, float[] weights, Adam adam, long positions) {

    public TrainedNetwork {
        if (weights.length != spec.weightCount()) {
            throw new IllegalArgumentException(spec.name() + " needs " + spec.weightCount() + " parameters, got " + weights.length);
        }
        if (adam != null && adam.firstMoments().length != weights.length) {
            throw new IllegalArgumentException("optimiser state over " + adam.firstMoments().length
                    + " parameters does not match the network's " + weights.length);
        }
    }
}
