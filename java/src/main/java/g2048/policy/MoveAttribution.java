package g2048.policy;

import g2048.game.Board;
import g2048.nn.NetSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which (position, first-layer filter) pairs account for a move's output, by DeepLIFT's rescale
 * rule (Shrikumar et al., 2017) against the empty input.
 *
 * <p><b>Method.</b> The reference input has no plane set at all (not even 'empty'): every window
 * then reads zeros, so each unit of every layer sits at its value on bias alone. For the chosen
 * move's logit z (the output before the softmax), the difference Δz = z(board) − z(reference) is
 * split over the first layer's units: a linear layer passes differences on exactly; a ReLU passes
 * them on in proportion, multiplier Δoutput / Δinput (its derivative where Δinput = 0); so the
 * contributions C(p, f) = Δh1(p, f) · multiplier(p, f) add up to Δz exactly ("summation to
 * delta"), and the share of a pair is C / Δz: the shares add up to 100%. Shares can be negative (a
 * unit that argued against the move). Gradient × input would not add up through ReLUs, and exact
 * Shapley values over 16 × Ch units cost exponential time; the rescale rule is exact in its sum,
 * costs two forward passes and one backward pass, and on a ReLU network with one hidden layer
 * gives each unit its own change times its weight, as one would by hand.
 *
 * <p>Computed in double precision with plain loops from the flat parameters (one board at a time).
 */
public final class MoveAttribution {

    /** One (position, filter) pair: the window's NW corner (row, column), the filter, its contribution and share. */
    public record Pair(int row, int col, int filter, double contribution, double share) {
    }

    /** The attribution of a move: z, the reference's z, and the pairs by decreasing share. */
    public record Result(int move, double logit, double referenceLogit, List<Pair> pairs) {
        public double delta() {
            return logit - referenceLogit;
        }
    }

    private MoveAttribution() {
    }

    /** Splits move {@code move}'s logit on {@code board} over the first layer's (position, filter) pairs. */
    public static Result explain(NetSpec spec, float[] w, long board, int move) {
        int k = spec.convs();
        int ch = spec.channels();
        double[][] x = new double[NetSpec.CELLS][NetSpec.VALUE_PLANES];
        for (int cell = 0; cell < NetSpec.CELLS; cell++) {
            x[cell][Board.code(board, cell)] = 1;
        }
        double[][] x0 = new double[NetSpec.CELLS][NetSpec.VALUE_PLANES];
        // pre-activations u[l] and outputs h[l] of convolution l, at the board and at the reference
        double[][][] u = new double[k][][];
        double[][][] h = new double[k][][];
        double[][][] u0 = new double[k][][];
        double[][][] h0 = new double[k][][];
        double[][] in = x;
        double[][] in0 = x0;
        for (int l = 0; l < k; l++) {
            u[l] = conv(spec, w, l, in);
            u0[l] = conv(spec, w, l, in0);
            h[l] = relu(u[l]);
            h0[l] = relu(u0[l]);
            in = h[l];
            in0 = h0[l];
        }
        int offD = spec.lastLayerOffset();
        double z = w[offD + NetSpec.CELLS * ch * NetSpec.MOVES + move];
        double z0 = z;
        // multipliers of the last layer's outputs: the move's weights
        double[][] mult = new double[NetSpec.CELLS][ch];
        for (int cell = 0; cell < NetSpec.CELLS; cell++) {
            for (int c = 0; c < ch; c++) {
                double wd = w[offD + (cell * ch + c) * NetSpec.MOVES + move];
                mult[cell][c] = wd;
                z += h[k - 1][cell][c] * wd;
                z0 += h0[k - 1][cell][c] * wd;
            }
        }
        for (int l = k - 1; l >= 1; l--) {
            // through the ReLU (rescale), then the convolution's weights to the previous layer's outputs
            double[][] mu = new double[NetSpec.CELLS][ch];
            for (int cell = 0; cell < NetSpec.CELLS; cell++) {
                for (int c = 0; c < ch; c++) {
                    double du = u[l][cell][c] - u0[l][cell][c];
                    double dh = h[l][cell][c] - h0[l][cell][c];
                    double r = Math.abs(du) > 1e-12 ? dh / du : (u[l][cell][c] > 0 ? 1 : 0);
                    mu[cell][c] = mult[cell][c] * r;
                }
            }
            double[][] prev = new double[NetSpec.CELLS][ch];
            int off = spec.layerOffset(l);
            for (int r = 0; r < 4; r++) {
                for (int c = 0; c < 4; c++) {
                    for (int t = 0; t < NetSpec.TAPS; t++) {
                        int rr = r + t / 2;
                        int cc = c + t % 2;
                        if (rr > 3 || cc > 3) {
                            continue;
                        }
                        double[] mo = mu[r * 4 + c];
                        double[] pv = prev[rr * 4 + cc];
                        for (int i = 0; i < ch; i++) {
                            int row = off + (t * ch + i) * ch;
                            double s = 0;
                            for (int j = 0; j < ch; j++) {
                                s += w[row + j] * mo[j];
                            }
                            pv[i] += s;
                        }
                    }
                }
            }
            mult = prev;
        }
        double delta = z - z0;
        List<Pair> pairs = new ArrayList<>();
        for (int cell = 0; cell < NetSpec.CELLS; cell++) {
            for (int f = 0; f < ch; f++) {
                double contribution = (h[0][cell][f] - h0[0][cell][f]) * mult[cell][f];
                if (contribution != 0) {
                    pairs.add(new Pair(cell / 4, cell % 4, f, contribution, contribution / delta));
                }
            }
        }
        pairs.sort(Comparator.comparingDouble(Pair::share).reversed().thenComparingInt(Pair::row).thenComparingInt(Pair::col)
                .thenComparingInt(Pair::filter));
        return new Result(move, z, z0, pairs);
    }

    private static double[][] conv(NetSpec spec, float[] w, int l, double[][] x) {
        int cin = spec.inChannels(l);
        int ch = spec.channels();
        int off = spec.layerOffset(l);
        double[][] y = new double[NetSpec.CELLS][ch];
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                double[] out = y[r * 4 + c];
                for (int j = 0; j < ch; j++) {
                    out[j] = w[off + NetSpec.TAPS * cin * ch + j];
                }
                for (int t = 0; t < NetSpec.TAPS; t++) {
                    int rr = r + t / 2;
                    int cc = c + t % 2;
                    if (rr > 3 || cc > 3) {
                        continue;
                    }
                    double[] xi = x[rr * 4 + cc];
                    for (int i = 0; i < cin; i++) {
                        if (xi[i] == 0) {
                            continue;
                        }
                        int row = off + (t * cin + i) * ch;
                        for (int j = 0; j < ch; j++) {
                            out[j] += xi[i] * w[row + j];
                        }
                    }
                }
            }
        }
        return y;
    }

    private static double[][] relu(double[][] u) {
        double[][] h = new double[u.length][];
        for (int i = 0; i < u.length; i++) {
            h[i] = new double[u[i].length];
            for (int j = 0; j < u[i].length; j++) {
                h[i][j] = Math.max(0, u[i][j]);
            }
        }
        return h;
    }
}
