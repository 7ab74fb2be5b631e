package g2048.nn;

/**
 * The two matrix products of the policy networks' 2×2 convolutions, over matrices stored as arrays
 * of rows (every row its own {@code float[]} indexed from 0). A convolution tap is a product whose
 * rows are picked through index arrays: pair {@code p} links row {@code aIdx[p]} of the input with
 * row {@code cIdx[p]} of the output, which is how the 'same' padding drops the windows that reach
 * beyond the board without copying anything.
 *
 * <p>The inner kernel updates one output row from four input rows and four scalars. One row
 * stored per loop is the form C2 vectorises (a loop storing to several rows that might be the same
 * array stays scalar: measured 4–6 GFLOP/s against about 20 for this one on one core). The
 * scalars are the non-zero entries only: after ReLU about half the activations and of their
 * gradients are zero, and their products are skipped. Sums run in a fixed order, so the result
 * does not depend on the thread count.
 */
public final class Gemm {

    private Gemm() {
    }

    /**
     * {@code c[cIdx[p]][0..n) += Σ_q a[aIdx[p]][q] · b[q][0..n)} for every pair {@code p < pairs},
     * {@code q < k}.
     */
    public static void accumulate(float[][] c, int[] cIdx, float[][] a, int[] aIdx, int pairs, float[][] b, int k, int n) {
        int[] nz = new int[k];
        for (int p = 0; p < pairs; p++) {
            float[] ar = a[aIdx[p]];
            int m = 0;
            for (int q = 0; q < k; q++) {
                if (ar[q] != 0f) {
                    nz[m++] = q;
                }
            }
            float[] cr = c[cIdx[p]];
            int i = 0;
            for (; i + 4 <= m; i += 4) {
                int q0 = nz[i];
                int q1 = nz[i + 1];
                int q2 = nz[i + 2];
                int q3 = nz[i + 3];
                row4(cr, b[q0], b[q1], b[q2], b[q3], ar[q0], ar[q1], ar[q2], ar[q3], n);
            }
            for (; i < m; i++) {
                axpy(cr, b[nz[i]], ar[nz[i]], n);
            }
        }
    }

    /**
     * {@code c[q][0..n) += Σ_p a[aIdx[p]][q] · d[dIdx[p]][0..n)} for every {@code q < k}: the
     * weight gradient of a tap, input rows transposed against output gradient rows.
     */
    public static void accumulateTransposed(float[][] c, float[][] a, int[] aIdx, float[][] d, int[] dIdx, int pairs, int k, int n) {
        int[] nz = new int[pairs];
        float[] x = new float[pairs];
        for (int q = 0; q < k; q++) {
            int m = 0;
            for (int p = 0; p < pairs; p++) {
                float v = a[aIdx[p]][q];
                if (v != 0f) {
                    nz[m] = dIdx[p];
                    x[m++] = v;
                }
            }
            float[] cr = c[q];
            int i = 0;
            for (; i + 4 <= m; i += 4) {
                row4(cr, d[nz[i]], d[nz[i + 1]], d[nz[i + 2]], d[nz[i + 3]], x[i], x[i + 1], x[i + 2], x[i + 3], n);
            }
            for (; i < m; i++) {
                axpy(cr, d[nz[i]], x[i], n);
            }
        }
    }

    /** {@code c[j] += x0·b0[j] + x1·b1[j] + x2·b2[j] + x3·b3[j]} for j in [0, n). */
    private static void row4(float[] c, float[] b0, float[] b1, float[] b2, float[] b3, float x0, float x1, float x2, float x3, int n) {
        for (int j = 0; j < n; j++) {
            c[j] += x0 * b0[j] + x1 * b1[j] + x2 * b2[j] + x3 * b3[j];
        }
    }

    /** {@code c[j] += x·b[j]} for j in [0, n). */
    private static void axpy(float[] c, float[] b, float x, int n) {
        for (int j = 0; j < n; j++) {
            c[j] += x * b[j];
        }
    }
}
