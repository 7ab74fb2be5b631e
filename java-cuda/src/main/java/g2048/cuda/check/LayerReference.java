package g2048.cuda.check;

import g2048.nn.Layer;

/**
 * One CPU layer's documented formula in plain loops over its public connection table (see
 * {@link Layer}): the judge of single GPU layers. {@link Layer}'s own fast passes take scratch
 * state that only {@code g2048.nn} can make, so single layers are judged by this, and this is
 * judged by {@link g2048.nn.Network}: chained over whole networks it must give the network's
 * values and gradients (LayerPlanTest). Public for those tests, which live beside {@code LayerPlan}.
 */
public final class LayerReference {

    private LayerReference() {
    }

    /** out[s][o][j] = bias + Σ contributions Σ_c in[s][cell][c] · W[tap + c·cout + j], ReLU if the layer has it. */
    public static void forward(Layer l, float[] w, float[] in, float[] out, int n) {
        forward(l, w, in, out, n, ProductRounding.FP32);
    }

    /** {@link #forward(Layer, float[], float[], float[], int)} with both factors of every product rounded by {@code r}. */
    public static void forward(Layer l, float[] w, float[] in, float[] out, int n, ProductRounding r) {
        int[] start = l.contributionStarts();
        int[] cell = l.contributionCells();
        int[] tap = l.contributionTaps();
        int[] bias = l.biasOffsets();
        int cin = l.inMaps().channels();
        int cout = l.outMaps().channels();
        float[] wr = r.round(w);
        float[] inr = r.round(in);
        // Each output's sum runs over the contributions and channels in the formula's order; the
        // loop over outputs is innermost only so that the weights are read in memory order.
        double[] acc = new double[cout];
        for (int s = 0; s < n; s++) {
            for (int o = 0; o < bias.length; o++) {
                for (int j = 0; j < cout; j++) {
                    acc[j] = w[bias[o] + j];
                }
                for (int k = start[o]; k < start[o + 1]; k++) {
                    for (int c = 0; c < cin; c++) {
                        double x = inr[s * l.inSize() + cell[k] * cin + c];
                        int row = tap[k] + c * cout;
                        for (int j = 0; j < cout; j++) {
                            acc[j] += x * wr[row + j];
                        }
                    }
                }
                for (int j = 0; j < cout; j++) {
                    float y = (float) acc[j];
                    out[s * l.outSize() + o * cout + j] = l.relu() && y < 0f ? 0f : y;
                }
            }
        }
    }

    /**
     * Masks dOut by the ReLU (in place), adds the parameter gradient into grad and, if dIn is not
     * null, writes the input gradient there.
     */
    public static void backward(Layer l, float[] w, float[] in, float[] out, float[] dOut, float[] dIn, float[] grad, int n) {
        backward(l, w, in, out, dOut, dIn, grad, n, ProductRounding.FP32);
    }

    /**
     * {@link #backward(Layer, float[], float[], float[], float[], float[], float[], int)} with both
     * factors of the weight and input gradients' products rounded by {@code r}; the bias gradient,
     * a plain sum, is not.
     */
    public static void backward(Layer l, float[] w, float[] in, float[] out, float[] dOut, float[] dIn, float[] grad, int n,
            ProductRounding r) {
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
        float[] wr = r.round(w);
        float[] inr = r.round(in);
        double[] dr = new double[cout];
        double[] dInAcc = dIn == null ? null : new double[n * l.inSize()];
        double[] gradAcc = new double[grad.length];
        for (int s = 0; s < n; s++) {
            for (int o = 0; o < bias.length; o++) {
                for (int j = 0; j < cout; j++) {
                    float d = dOut[s * l.outSize() + o * cout + j];
                    gradAcc[bias[o] + j] += d;
                    dr[j] = r.round(d);
                }
                for (int k = start[o]; k < start[o + 1]; k++) {
                    for (int c = 0; c < cin; c++) {
                        int at = s * l.inSize() + cell[k] * cin + c;
                        double x = inr[at];
                        int row = tap[k] + c * cout;
                        double back = 0;
                        for (int j = 0; j < cout; j++) {
                            gradAcc[row + j] += x * dr[j];
                            back += wr[row + j] * dr[j];
                        }
                        if (dInAcc != null) {
                            dInAcc[at] += back;
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
