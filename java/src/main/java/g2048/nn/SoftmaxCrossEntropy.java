package g2048.nn;

/**
 * The policy's loss: softmax over the legal moves only (an illegal move's logit is ignored, as if
 * it were −∞) and the cross-entropy against a target distribution over the legal moves.
 * <pre>
 *   p_m = exp(z_m) / Σ_{legal m'} exp(z_m')            (legal m; 0 otherwise)
 *   L   = −Σ_{legal m} y_m · log p_m,     dL/dz_m = p_m − y_m (legal m; 0 otherwise)
 * </pre>
 */
public final class SoftmaxCrossEntropy {

    private SoftmaxCrossEntropy() {
    }

    /** Writes into {@code p[0..4)} the softmax of {@code z[off..off+4)} over the moves in {@code legal}. */
    public static void probabilities(float[] z, int off, int legal, double[] p) {
        double max = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < NetSpec.MOVES; m++) {
            if ((legal >>> m & 1) != 0) {
                max = Math.max(max, z[off + m]);
            }
        }
        double sum = 0;
        for (int m = 0; m < NetSpec.MOVES; m++) {
            p[m] = (legal >>> m & 1) != 0 ? Math.exp(z[off + m] - max) : 0;
            sum += p[m];
        }
        for (int m = 0; m < NetSpec.MOVES; m++) {
            p[m] = sum > 0 ? p[m] / sum : 0;
        }
    }

    /**
     * The loss of one position, and {@code scale · dL/dz} into {@code dz[off..off+4)}. {@code y}
     * must be a distribution over the legal moves.
     */
    public static double lossAndGradient(float[] z, int off, int legal, float[] y, int yOff, float scale, float[] dz, double[] p) {
        probabilities(z, off, legal, p);
        double loss = 0;
        for (int m = 0; m < NetSpec.MOVES; m++) {
            boolean isLegal = (legal >>> m & 1) != 0;
            float target = y[yOff + m];
            if (!isLegal) {
                if (target != 0f) {
                    throw new IllegalArgumentException("target puts " + target + " on illegal move " + m);
                }
                dz[off + m] = 0f;
                continue;
            }
            if (target > 0f) {
                loss -= target * Math.log(Math.max(p[m], 1e-30));
            }
            dz[off + m] = (float) (scale * (p[m] - target));
        }
        return loss;
    }
}
