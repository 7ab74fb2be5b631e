package g2048.nn;

import g2048.game.Board;
import java.util.Arrays;

/**
 * A policy architecture made runnable on the CPU: the batch forward pass to the four logits and
 * the backward pass of the softmax cross-entropy (see {@link SoftmaxCrossEntropy}). Holds no
 * weights: passes take a {@link PackedWeights}, and the mutable state of a pass lives in a
 * {@link PolicyWorkspace}. Immutable and shared by all threads.
 *
 * <p>The first convolution reads one-hot planes: its product is a gather of one weight row per
 * window tap. The others are four {@link GemmKernel} products each (one per tap), over rows
 * {@code [position·16 + cell][channel]}.
 */
public final class PolicyNetwork {

    private final NetSpec spec;
    private final GemmKernel kernel;

    /** With the fastest convolution kernel this JVM can run ({@link GemmKernel#best()}). */
    public PolicyNetwork(NetSpec spec) {
        this(spec, GemmKernel.best());
    }

    public PolicyNetwork(NetSpec spec, GemmKernel kernel) {
        this.spec = spec;
        this.kernel = kernel;
    }

    public NetSpec spec() {
        return spec;
    }

    public GemmKernel kernel() {
        return kernel;
    }

    /** Fresh parameters: He-scaled normal weights (σ = √(2 / fan-in)), zero biases; one seed, one network. */
    public float[] initialWeights(long seed) {
        float[] w = new float[spec.weightCount()];
        g2048.game.Rng rng = new g2048.game.Rng(seed);
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

    /** Logits of {@code boards[from..from+n)} into {@link PolicyWorkspace#logits()}. */
    public void forward(PackedWeights w, PolicyWorkspace ws, long[] boards, int from, int n) {
        check(w, ws, n);
        int ch = spec.channels();
        int rows = n * NetSpec.CELLS;
        for (int s = 0; s < n; s++) {
            long b = boards[from + s];
            for (int cell = 0; cell < NetSpec.CELLS; cell++) {
                int r = s * NetSpec.CELLS + cell;
                int code = Board.code(b, cell);
                ws.codes[r] = code;
                float[] x = ws.acts[0][r];
                Arrays.fill(x, 0f);
                x[code] = 1f;
            }
        }
        for (int l = 0; l < spec.convs(); l++) {
            float[][] out = ws.acts[l + 1];
            float[] bias = w.bias[l];
            for (int r = 0; r < rows; r++) {
                System.arraycopy(bias, 0, out[r], 0, ch);
            }
            for (int t = 0; t < NetSpec.TAPS; t++) {
                int pairs = n * ws.perPosition[t];
                if (l == 0) {
                    float[][] taps = w.taps[0][t];
                    int[] in = ws.inRow[t];
                    int[] o = ws.outRow[t];
                    for (int p = 0; p < pairs; p++) {
                        add(taps[ws.codes[in[p]]], out[o[p]], ch);
                    }
                } else {
                    kernel.accumulate(out, ws.outRow[t], ws.acts[l], ws.inRow[t], pairs, w.taps[l][t], ch, ch);
                }
            }
            for (int r = 0; r < rows; r++) {
                relu(out[r], ch);
            }
        }
        float[][] last = ws.acts[spec.convs()];
        for (int s = 0; s < n; s++) {
            for (int m = 0; m < NetSpec.MOVES; m++) {
                float[] wm = w.dense[m];
                double z = w.denseBias[m];
                for (int cell = 0; cell < NetSpec.CELLS; cell++) {
                    float[] a = last[s * NetSpec.CELLS + cell];
                    int base = cell * ch;
                    float sum = 0f;
                    for (int c = 0; c < ch; c++) {
                        sum += a[c] * wm[base + c];
                    }
                    z += sum;
                }
                ws.logits[s * NetSpec.MOVES + m] = (float) z;
            }
        }
    }

    /**
     * After {@link #forward} on the same workspace and positions: the softmax cross-entropy of
     * each position against {@code targets[(targetFrom + s)·4 ..]} over the moves in
     * {@code legal[targetFrom + s]}, its gradient scaled by {@code scale} back-propagated and added
     * to the workspace's gradient rows (see {@link #addGradientInto}). Returns the summed loss.
     */
    public double backward(PackedWeights w, PolicyWorkspace ws, int[] legal, float[] targets, int targetFrom, int n, float scale) {
        if (!ws.training()) {
            throw new IllegalStateException("backward needs a training workspace");
        }
        check(w, ws, n);
        int ch = spec.channels();
        int k = spec.convs();
        int rows = n * NetSpec.CELLS;
        double[] p = new double[NetSpec.MOVES];
        double loss = 0;
        for (int s = 0; s < n; s++) {
            loss += SoftmaxCrossEntropy.lossAndGradient(ws.logits, s * NetSpec.MOVES, legal[targetFrom + s], targets,
                    (targetFrom + s) * NetSpec.MOVES, scale, ws.dLogits, p);
        }
        // the last layer: gradient of its weights and of the last activations
        float[][] last = ws.acts[k];
        float[][] gLast = ws.grads[k];
        for (int s = 0; s < n; s++) {
            for (int cell = 0; cell < NetSpec.CELLS; cell++) {
                int r = s * NetSpec.CELLS + cell;
                float[] g = gLast[r];
                Arrays.fill(g, 0, ch, 0f);
                float[] a = last[r];
                int base = cell * ch;
                for (int m = 0; m < NetSpec.MOVES; m++) {
                    float d = ws.dLogits[s * NetSpec.MOVES + m];
                    if (d == 0f) {
                        continue;
                    }
                    float[] wm = w.dense[m];
                    float[] gm = ws.gDense[m];
                    for (int c = 0; c < ch; c++) {
                        g[c] += d * wm[base + c];
                        gm[base + c] += d * a[c];
                    }
                }
            }
            for (int m = 0; m < NetSpec.MOVES; m++) {
                ws.gDenseBias[m] += ws.dLogits[s * NetSpec.MOVES + m];
            }
        }
        for (int l = k - 1; l >= 0; l--) {
            float[][] out = ws.acts[l + 1];
            float[][] dOut = ws.grads[l + 1];
            float[] gb = ws.gBias[l];
            for (int r = 0; r < rows; r++) {
                float[] o = out[r];
                float[] d = dOut[r];
                for (int c = 0; c < ch; c++) {
                    float v = o[c] > 0f ? d[c] : 0f;
                    d[c] = v;
                    gb[c] += v;
                }
            }
            if (l == 0) {
                for (int t = 0; t < NetSpec.TAPS; t++) {
                    float[][] g = ws.gTaps[0][t];
                    int[] in = ws.inRow[t];
                    int[] o = ws.outRow[t];
                    int pairs = n * ws.perPosition[t];
                    for (int q = 0; q < pairs; q++) {
                        add(dOut[o[q]], g[ws.codes[in[q]]], ch);
                    }
                }
                break;
            }
            float[][] dIn = ws.grads[l];
            for (int r = 0; r < rows; r++) {
                Arrays.fill(dIn[r], 0, ch, 0f);
            }
            for (int t = 0; t < NetSpec.TAPS; t++) {
                int pairs = n * ws.perPosition[t];
                kernel.accumulateTransposed(ws.gTaps[l][t], ws.acts[l], ws.inRow[t], dOut, ws.outRow[t], pairs, ch, ch);
                kernel.accumulate(dIn, ws.inRow[t], dOut, ws.outRow[t], pairs, w.tapsT[l][t], ch, ch);
            }
        }
        return loss;
    }

    /** Clears the workspace's gradient rows (before the first {@link #backward} of a step). */
    public void clearGradient(PolicyWorkspace ws) {
        for (float[][][] layer : ws.gTaps) {
            for (float[][] tap : layer) {
                for (float[] row : tap) {
                    Arrays.fill(row, 0f);
                }
            }
        }
        for (float[] b : ws.gBias) {
            Arrays.fill(b, 0f);
        }
        for (float[] row : ws.gDense) {
            Arrays.fill(row, 0f);
        }
        Arrays.fill(ws.gDenseBias, 0f);
    }

    /** Adds the workspace's gradient rows into {@code grad}, in the flat parameter layout. */
    public void addGradientInto(PolicyWorkspace ws, float[] grad) {
        int ch = spec.channels();
        for (int l = 0; l < spec.convs(); l++) {
            int cin = spec.inChannels(l);
            int off = spec.layerOffset(l);
            for (int t = 0; t < NetSpec.TAPS; t++) {
                float[][] g = ws.gTaps[l][t];
                for (int c = 0; c < cin; c++) {
                    int at = off + (t * cin + c) * ch;
                    float[] row = g[c];
                    for (int j = 0; j < ch; j++) {
                        grad[at + j] += row[j];
                    }
                }
            }
            int at = off + NetSpec.TAPS * cin * ch;
            for (int j = 0; j < ch; j++) {
                grad[at + j] += ws.gBias[l][j];
            }
        }
        int off = spec.lastLayerOffset();
        int in = NetSpec.CELLS * ch;
        for (int i = 0; i < in; i++) {
            for (int m = 0; m < NetSpec.MOVES; m++) {
                grad[off + i * NetSpec.MOVES + m] += ws.gDense[m][i];
            }
        }
        for (int m = 0; m < NetSpec.MOVES; m++) {
            grad[off + in * NetSpec.MOVES + m] += ws.gDenseBias[m];
        }
    }

    private static void add(float[] x, float[] y, int n) {
        for (int j = 0; j < n; j++) {
            y[j] += x[j];
        }
    }

    private static void relu(float[] x, int n) {
        for (int j = 0; j < n; j++) {
            x[j] = Math.max(x[j], 0f);
        }
    }

    private void check(PackedWeights w, PolicyWorkspace ws, int n) {
        if (!w.spec.equals(spec) || !ws.spec.equals(spec)) {
            throw new IllegalArgumentException("weights or workspace of another architecture than " + spec.name());
        }
        if (n < 0 || n > ws.capacity) {
            throw new IllegalArgumentException("batch of " + n + " outside 0.." + ws.capacity + " of the workspace");
        }
    }
}
