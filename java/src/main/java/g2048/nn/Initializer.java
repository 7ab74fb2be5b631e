package g2048.nn;

import g2048.game.Rng;

/**
 * Seed 000's initialisation: every parameter (weights and biases alike) is drawn from a normal
 * distribution with mean 0 and σ = 0.1, redrawn while it falls outside ±2σ (TensorFlow's
 * truncated normal). The same seed gives the same parameters.
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
