package g2048.nn;

import g2048.game.Board;

/**
 * The policy networks written from the spec in plain double loops over the flat parameter array:
 * 'same' 2×2 windows reading zero below the last row and right of the last column, ReLU, the
 * last layer over [cell][channel], softmax over the legal moves. Slow and obviously right.
 */
final class PolicyReference {

    private PolicyReference() {
    }

    /** The first-layer outputs (after ReLU) as [cell][filter]. */
    static double[][] firstLayer(NetSpec spec, double[] w, long board) {
        double[][] x = new double[16][16];
        for (int cell = 0; cell < 16; cell++) {
            x[cell][Board.code(board, cell)] = 1;
        }
        return conv(spec, w, 0, x);
    }

    static double[][] conv(NetSpec spec, double[] w, int l, double[][] x) {
        int cin = spec.inChannels(l);
        int ch = spec.channels();
        int off = spec.layerOffset(l);
        double[][] y = new double[16][ch];
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                for (int j = 0; j < ch; j++) {
                    double s = w[off + 4 * cin * ch + j];
                    for (int t = 0; t < 4; t++) {
                        int rr = r + t / 2;
                        int cc = c + t % 2;
                        if (rr > 3 || cc > 3) {
                            continue;
                        }
                        for (int i = 0; i < cin; i++) {
                            s += x[rr * 4 + cc][i] * w[off + (t * cin + i) * ch + j];
                        }
                    }
                    y[r * 4 + c][j] = Math.max(0, s);
                }
            }
        }
        return y;
    }

    static double[] logits(NetSpec spec, double[] w, long board) {
        double[][] x = firstLayer(spec, w, board);
        for (int l = 1; l < spec.convs(); l++) {
            x = conv(spec, w, l, x);
        }
        int ch = spec.channels();
        int off = spec.lastLayerOffset();
        double[] z = new double[4];
        for (int m = 0; m < 4; m++) {
            double s = w[off + 16 * ch * 4 + m];
            for (int cell = 0; cell < 16; cell++) {
                for (int c = 0; c < ch; c++) {
                    s += x[cell][c] * w[off + (cell * ch + c) * 4 + m];
                }
            }
            z[m] = s;
        }
        return z;
    }

    /** Mean cross-entropy of the softmax over legal moves against the targets. */
    static double loss(NetSpec spec, double[] w, long[] boards, int[] legal, float[] targets, int n) {
        double total = 0;
        for (int s = 0; s < n; s++) {
            double[] z = logits(spec, w, boards[s]);
            double max = Double.NEGATIVE_INFINITY;
            for (int m = 0; m < 4; m++) {
                if ((legal[s] >> m & 1) != 0) {
                    max = Math.max(max, z[m]);
                }
            }
            double sum = 0;
            for (int m = 0; m < 4; m++) {
                if ((legal[s] >> m & 1) != 0) {
                    sum += Math.exp(z[m] - max);
                }
            }
            for (int m = 0; m < 4; m++) {
                if ((legal[s] >> m & 1) != 0 && targets[s * 4 + m] > 0) {
                    total -= targets[s * 4 + m] * (z[m] - max - Math.log(sum));
                }
            }
        }
        return total / n;
    }
}
