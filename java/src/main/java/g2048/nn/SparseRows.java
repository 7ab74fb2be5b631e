package g2048.nn;

/**
 * The CPU kernel of a {@link Layer} over its connection table, row by row: each contribution's
 * weight rows are added, scaled by the input, into the output rows of a block of samples. Inputs
 * that are exactly zero are skipped: on a one-hot first layer this turns the multiplication into a
 * gather of one weight row per cell and tap, and after ReLU it skips the inactive units, which is
 * why value networks run on it. Every inner loop runs over arrays indexed from 0 with the same
 * index ({@code y[j] += a · x[j]}): that form the JIT vectorises, whereas two different offsets
 * into arrays that might be the same one keep it scalar. Rows are copied in and out with
 * {@link System#arraycopy}, which is vectorised anyway.
 */
final class SparseRows extends LayerKernel {

    /** Samples processed together so that one weight row serves several samples from L1. */
    static final int BLOCK = 8;

    SparseRows(int[] start, int[] inCell, int[] tap, int[] bias, Maps in, Maps out, boolean relu) {
        super(start, inCell, tap, bias, in, out, relu);
    }

    /** Per-thread scratch rows. */
    static final class Scratch {
        final float[][] acc;
        final float[][] delta;
        final float[][] accIn;
        final float[] row;
        final float[] rowIn;
        final float[] tmp;
        final float[] xs = new float[BLOCK];

        Scratch(int maxChannels) {
            acc = new float[BLOCK][maxChannels];
            delta = new float[BLOCK][maxChannels];
            accIn = new float[BLOCK][maxChannels];
            row = new float[maxChannels];
            rowIn = new float[maxChannels];
            tmp = new float[maxChannels];
        }
    }

    @Override
    void forward(float[] w, float[] in, float[] out, int n, Scratch sc, TapProducts.Rows unused) {
        float[][] acc = sc.acc;
        float[] row = sc.row;
        float[] xs = sc.xs;
        for (int s0 = 0; s0 < n; s0 += BLOCK) {
            int nb = Math.min(n, s0 + BLOCK) - s0;
            for (int o = 0; o < bias.length; o++) {
                int outCell = o * cout;
                for (int b = 0; b < nb; b++) {
                    System.arraycopy(w, bias[o], acc[b], 0, cout);
                }
                for (int k = start[o]; k < start[o + 1]; k++) {
                    int inAt = s0 * inSize + inCell[k] * cin;
                    for (int c = 0; c < cin; c++) {
                        if (!gather(in, inAt + c, inSize, nb, xs)) {
                            continue;
                        }
                        System.arraycopy(w, tap[k] + c * cout, row, 0, cout);
                        for (int b = 0; b < nb; b++) {
                            if (xs[b] != 0f) {
                                axpy(xs[b], row, acc[b], cout);
                            }
                        }
                    }
                }
                for (int b = 0; b < nb; b++) {
                    float[] a = acc[b];
                    if (relu) {
                        for (int j = 0; j < cout; j++) {
                            a[j] = Math.max(a[j], 0f);
                        }
                    }
                    System.arraycopy(a, 0, out, (s0 + b) * outSize + outCell, cout);
                }
            }
        }
    }

    /** Reads {@code in[at + b·stride]} for the block into {@code xs}; false if all are 0. */
    private static boolean gather(float[] in, int at, int stride, int nb, float[] xs) {
        boolean any = false;
        for (int b = 0; b < nb; b++) {
            float x = in[at + b * stride];
            xs[b] = x;
            any |= x != 0f;
        }
        return any;
    }

    @Override
    void backward(float[] wT, float[] in, float[] dOut, float[] dIn, float[] grad, int n, Scratch sc, TapProducts.Rows unused) {
        float[][] delta = sc.delta;
        float[][] accIn = sc.accIn;
        float[] row = sc.row;
        float[] rowIn = sc.rowIn;
        float[] xs = sc.xs;
        for (int s0 = 0; s0 < n; s0 += BLOCK) {
            int nb = Math.min(n, s0 + BLOCK) - s0;
            for (int o = 0; o < bias.length; o++) {
                int outCell = o * cout;
                for (int b = 0; b < nb; b++) {
                    System.arraycopy(dOut, (s0 + b) * outSize + outCell, delta[b], 0, cout);
                }
                // Bias gradient.
                System.arraycopy(grad, bias[o], row, 0, cout);
                for (int b = 0; b < nb; b++) {
                    axpy(1f, delta[b], row, cout);
                }
                System.arraycopy(row, 0, grad, bias[o], cout);
                for (int k = start[o]; k < start[o + 1]; k++) {
                    int inAt = s0 * inSize + inCell[k] * cin;
                    // Parameter gradient: grad[tap][c][:] += in[c] · delta[:].
                    for (int c = 0; c < cin; c++) {
                        if (!gather(in, inAt + c, inSize, nb, xs)) {
                            continue;
                        }
                        int at = tap[k] + c * cout;
                        System.arraycopy(grad, at, row, 0, cout);
                        for (int b = 0; b < nb; b++) {
                            if (xs[b] != 0f) {
                                axpy(xs[b], delta[b], row, cout);
                            }
                        }
                        System.arraycopy(row, 0, grad, at, cout);
                    }
                    // Input gradient: dIn[cell][:] += Σ_j delta[j] · W^T[tap][j][:].
                    if (dIn != null) {
                        for (int b = 0; b < nb; b++) {
                            java.util.Arrays.fill(accIn[b], 0, cin, 0f);
                        }
                        for (int j = 0; j < cout; j++) {
                            boolean any = false;
                            for (int b = 0; b < nb; b++) {
                                any |= delta[b][j] != 0f;
                            }
                            if (!any) {
                                continue;
                            }
                            System.arraycopy(wT, tap[k] + j * cin, rowIn, 0, cin);
                            for (int b = 0; b < nb; b++) {
                                float d = delta[b][j];
                                if (d != 0f) {
                                    axpy(d, rowIn, accIn[b], cin);
                                }
                            }
                        }
                        for (int b = 0; b < nb; b++) {
                            int at = inAt + b * inSize;
                            System.arraycopy(dIn, at, sc.tmp, 0, cin);
                            axpy(1f, accIn[b], sc.tmp, cin);
                            System.arraycopy(sc.tmp, 0, dIn, at, cin);
                        }
                    }
                }
            }
        }
    }

    /** {@code y[0..len) += a · x[0..len)}: same index, base 0, so that it vectorises. */
    static void axpy(float a, float[] x, float[] y, int len) {
        for (int j = 0; j < len; j++) {
            y[j] += a * x[j];
        }
    }
}
