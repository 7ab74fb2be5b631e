package g2048.cuda;

import g2048.nn.Layer;

/**
 * One CPU layer's documented formula in plain loops over its public connection table (see
 * {@link Layer}): the judge of single GPU layers. {@link Layer}'s own fast passes take scratch
 * state that only {@code g2048.nn} can make, so single layers are judged by this, and this is
 * judged by {@link g2048.nn.Network}: chained over whole networks it must give the network's
 * values and gradients (LayerPlanTest).
 */
final class LayerReference {

    private LayerReference() {
    }

    /** out[s][o][j] = bias + Σ contributions Σ_c in[s][cell][c] · W[tap + c·cout + j], ReLU if the layer has it. */
    static void forward(Layer l, float[] w, float[] in, float[] out, int n) {
        int[] start = l.contributionStarts();
        int[] cell = l.contributionCells();
        int[] tap = l.contributionTaps();
        int[] bias = l.biasOffsets();
        int cin = l.inMaps().channels();
        int cout = l.outMaps().channels();
        for (int s = 0; s < n; s++) {
            for (int o = 0; o < bias.length; o++) {
                for (int j = 0; j < cout; j++) {
                    double acc = w[bias[o] + j];
                    for (int k = start[o]; k < start[o + 1]; k++) {
                        for (int c = 0; c < cin; c++) {
                            acc += (double) in[s * l.inSize() + cell[k] * cin + c] * w[tap[k] + c * cout + j];
                        }
                    }
                    float y = (float) acc;
                    out[s * l.outSize() + o * cout + j] = l.relu() && y < 0f ? 0f : y;
                }
            }
        }
    }

    /**
     * Masks dOut by the ReLU (in place), adds the parameter gradient into grad and, if dIn is not
     * null, writes the input gradient there.
     */
    static void backward(Layer l, float[] w, float[] in, float[] out, float[] dOut, float[] dIn, float[] grad, int n) {
        int[] start = l.contributionStarts();
        int[] cell = l.contributionCells();
        int[] tap = l.contributionTaps();
        int[] bias = l.biasOffsets();
        int cin = l.inMaps().channels();
        int cout = l.outMaps().channels();
        if (l.relu()) {
            for (int i = 0; i < n * l.outSize(); i++) {
                if (out[i] <= 0f) {
                    dOut[i] = 0f;
                }
            }
        }
        double[] dInAcc = dIn == null ? null : new double[n * l.inSize()];
        double[] gradAcc = new double[grad.length];
        for (int s = 0; s < n; s++) {
            for (int o = 0; o < bias.length; o++) {
                for (int j = 0; j < cout; j++) {
                    double d = dOut[s * l.outSize() + o * cout + j];
                    gradAcc[bias[o] + j] += d;
                    for (int k = start[o]; k < start[o + 1]; k++) {
                        for (int c = 0; c < cin; c++) {
                            int at = s * l.inSize() + cell[k] * cin + c;
                            gradAcc[tap[k] + c * cout + j] += in[at] * d;
                            if (dInAcc != null) {
                                dInAcc[at] += w[tap[k] + c * cout + j] * d;
                            }
                        }
                    }
                }
            }
        }
        for (int i = 0; i < grad.length; i++) {
            grad[i] += (float) gradAcc[i];
        }
        if (dIn != null) {
            for (int i = 0; i < dInAcc.length; i++) {
                dIn[i] = (float) dInAcc[i];
            }
        }
    }
}
