package g2048.nn;

import g2048.game.Rng;

/**
 * Fresh parameters. A value network takes Matsuzaki (2021)'s initialisation: every parameter (weights and
 * biases alike) is drawn from a normal distribution with mean 0 and σ = 0.1, redrawn while it falls
 * outside ±2σ (TensorFlow's truncated normal). A policy network takes He et al. (2015)'s scaling.
 * The same seed gives the same parameters.
 */
public final class Initializer {

    public static final double SIGMA = 0.1;

    private Initializer() {
    }

    /** Fresh parameters for {@code net}. */
    public static float[] truncatedNormal(Network net, long seed) {
        float[] w = new float[net.paramCount()];
        fill(w, SIGMA, new Rng(seed));
        return w;
    }

    /**
     * A policy network's parameters: He-scaled normal weights (σ = √(2 / fan-in)), zero biases;
     * one seed, one network.
     */
    public static float[] heNormal(NetSpec spec, long seed) {
        float[] w = new float[spec.weightCount()];
        Rng rng = new Rng(seed);
        int ch = spec.channels();
        for (int l = 0; l < spec.convs(); l++) {
            int off = spec.layerOffset(l);
            int cin = spec.inChannels(l);
            // the one-hot input has one active plane per cell, so its fan-in is the 4 taps
            double sigma = Math.sqrt(2.0 / (l == 0 ? NetSpec.TAPS : NetSpec.TAPS * cin));
            for (int i = 0; i < NetSpec.TAPS * cin * ch; i++) {
                w[off + i] = (float) (rng.nextGaussian() * sigma);
            }
        }
        int off = spec.lastLayerOffset();
        double sigma = Math.sqrt(1.0 / (NetSpec.CELLS * ch));
        for (int i = 0; i < NetSpec.CELLS * ch * NetSpec.MOVES; i++) {
            w[off + i] = (float) (rng.nextGaussian() * sigma);
        }
        return w;
    }

    /** Fills {@code w} with N(0, σ²) draws truncated at ±2σ. */
    public static void fill(float[] w, double sigma, Rng rng) {
        for (int i = 0; i < w.length; i++) {
            double x;
            do {
                x = rng.nextGaussian();
            } while (Math.abs(x) > 2);
            w[i] = (float) (x * sigma);
        }
    }
}
