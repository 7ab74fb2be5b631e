package g2048.policy;

import g2048.nn.Adam;
import g2048.nn.NetSpec;

/**
 * A policy network with its parameters, as a model file holds it: the optimiser's state (null in
 * a model saved for play) and the positions it was trained on.
 */
public record PolicyModel(NetSpec spec, float[] weights, Adam adam, long positions) {

    public PolicyModel {
        if (weights.length != spec.weightCount()) {
            throw new IllegalArgumentException(spec.name() + " has " + spec.weightCount() + " parameters, got " + weights.length);
        }
    }
}
