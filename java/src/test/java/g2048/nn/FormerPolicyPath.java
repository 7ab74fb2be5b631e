package g2048.nn;

import g2048.game.Board;

/**
 * The CPU's former policy pass, kept as the reference the network's layers are held to: weights
 * packed per tap as {@code [cin][cout]} rows, activations as rows {@code [position·16 + cell][channel]},
 * the first convolution a gather of one weight row per tap, the others tap by tap with each output
 * element its bias followed by fused multiply-adds channel by channel (the vector kernel's order,
 * written here one element at a time), the last layer a float sum per cell added in double, and the
 * backward pass in the same orders, on one thread.
 */
final class FormerPolicyPath {

    final float[][][] acts;
    final float[] logits;
    /** Per logit, the sum of its terms' magnitudes: the scale of its rounding. */
    final double[] logitScale;
    private final int[] codes;

    private final NetSpec spec;
    private final float[] w;
    private final int n;

    /** The forward pass of {@code boards[0..n)}. */
    FormerPolicyPath(NetSpec spec, float[] w, long[] boards, int n) {
        this.spec = spec;
        this.w = w;
        this.n = n;
        int k = spec.convs();
        int ch = spec.channels();
        int rows = n * 16;
        acts = new float[k + 1][rows][];
        codes = new int[rows];
        for (int r = 0; r < rows; r++) {
            codes[r] = Board.code(boards[r / 16], r % 16);
            acts[0][r] = new float[16];
            acts[0][r][codes[r]] = 1f;
        }
        for (int l = 0; l < k; l++) {
            int cin = spec.inChannels(l);
            for (int r = 0; r < rows; r++) {
                acts[l + 1][r] = new float[ch];
                System.arraycopy(w, spec.layerOffset(l) + 4 * cin * ch, acts[l + 1][r], 0, ch);
            }
            for (int t = 0; t < 4; t++) {
                int at = tapAt(l, t);
                for (int[] p : pairs(t)) {
                    float[] out = acts[l + 1][p[0]];
                    float[] in = acts[l][p[1]];
                    for (int j = 0; j < ch; j++) {
                        if (l == 0) {
                            out[j] += w[at + codes[p[1]] * ch + j];
                        } else {
                            for (int c = 0; c < cin; c++) {
                                out[j] = Math.fma(in[c], w[at + c * ch + j], out[j]);
                            }
                        }
                    }
                }
            }
            for (float[] out : acts[l + 1]) {
                for (int j = 0; j < ch; j++) {
                    out[j] = Math.max(out[j], 0f);
                }
            }
        }
        int dense = spec.lastLayerOffset();
        logits = new float[n * 4];
        logitScale = new double[n * 4];
        for (int s = 0; s < n; s++) {
            for (int m = 0; m < 4; m++) {
                double z = w[dense + 16 * ch * 4 + m];
                double scale = Math.abs(z);
                for (int cell = 0; cell < 16; cell++) {
                    float sum = 0f;
                    for (int c = 0; c < ch; c++) {
                        sum += acts[k][s * 16 + cell][c] * w[dense + (cell * ch + c) * 4 + m];
                        scale += Math.abs(acts[k][s * 16 + cell][c] * w[dense + (cell * ch + c) * 4 + m]);
                    }
                    z += sum;
                }
                logits[s * 4 + m] = (float) z;
                logitScale[s * 4 + m] = scale;
            }
        }
    }

    /** The gradient of the mean cross-entropy of the n positions into {@code grad} (zeroed first); returns the summed loss. */
    double gradient(int[] legal, float[] targets, float[] grad) {
        java.util.Arrays.fill(grad, 0f);
        float[] dLogits = new float[n * 4];
        double[] p = new double[4];
        double loss = 0;
        for (int s = 0; s < n; s++) {
            loss += SoftmaxCrossEntropy.lossAndGradient(logits, s * 4, legal[s], targets, s * 4, 1f / n, dLogits, p);
        }
        backward(dLogits, grad);
        return loss;
    }

    private void backward(float[] dLogits, float[] grad) {
        int k = spec.convs();
        int ch = spec.channels();
        int rows = n * 16;
        int dense = spec.lastLayerOffset();
        float[][] dOut = new float[rows][ch];
        for (int r = 0; r < rows; r++) {
            int s = r / 16;
            int cell = r % 16;
            for (int m = 0; m < 4; m++) {
                float d = dLogits[s * 4 + m];
                if (d == 0f) {
                    continue;
                }
                for (int c = 0; c < ch; c++) {
                    dOut[r][c] += d * w[dense + (cell * ch + c) * 4 + m];
                    grad[dense + (cell * ch + c) * 4 + m] += d * acts[k][r][c];
                }
            }
        }
        for (int s = 0; s < n; s++) {
            for (int m = 0; m < 4; m++) {
                grad[dense + 16 * ch * 4 + m] += dLogits[s * 4 + m];
            }
        }
        for (int l = k - 1; l >= 0; l--) {
            int cin = spec.inChannels(l);
            int bias = spec.layerOffset(l) + 4 * cin * ch;
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < ch; c++) {
                    float v = acts[l + 1][r][c] > 0f ? dOut[r][c] : 0f;
                    dOut[r][c] = v;
                    grad[bias + c] += v;
                }
            }
            float[][] dIn = new float[rows][cin];
            for (int t = 0; t < 4; t++) {
                int at = tapAt(l, t);
                int[][] pairs = pairs(t);
                for (int c = 0; c < cin; c++) {
                    for (int j = 0; j < ch; j++) {
                        float g = grad[at + c * ch + j];
                        for (int[] q : pairs) {
                            g = l == 0 ? (codes[q[1]] == c ? g + dOut[q[0]][j] : g) : Math.fma(acts[l][q[1]][c], dOut[q[0]][j], g);
                        }
                        grad[at + c * ch + j] = g;
                    }
                }
                if (l > 0) {
                    for (int[] q : pairs) {
                        for (int c = 0; c < cin; c++) {
                            float g = dIn[q[1]][c];
                            for (int j = 0; j < ch; j++) {
                                g = Math.fma(dOut[q[0]][j], w[at + c * ch + j], g);
                            }
                            dIn[q[1]][c] = g;
                        }
                    }
                }
            }
            dOut = dIn;
        }
    }

    private int tapAt(int l, int t) {
        return spec.layerOffset(l) + t * spec.inChannels(l) * spec.channels();
    }

    /** The (output row, input row) pairs of tap t, position by position, output cells ascending: the windows on the board. */
    private int[][] pairs(int t) {
        int dr = t >> 1;
        int dc = t & 1;
        int per = (4 - dr) * (4 - dc);
        int[][] out = new int[n * per][];
        int i = 0;
        for (int s = 0; s < n; s++) {
            for (int r = 0; r + dr < 4; r++) {
                for (int c = 0; c + dc < 4; c++) {
                    out[i++] = new int[] {s * 16 + r * 4 + c, s * 16 + (r + dr) * 4 + c + dc};
                }
            }
        }
        return out;
    }
}
