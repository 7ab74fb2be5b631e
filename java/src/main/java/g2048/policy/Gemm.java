package g2048.policy;

/**
 * The two matrix products of the policy networks' 2×2 convolutions, over matrices stored as arrays
 * of rows (every row its own {@code float[]} indexed from 0, the form the JIT vectorises without
 * alias checks). A convolution tap is a product whose rows are picked through index arrays: pair
 * {@code p} links row {@code aIdx[p]} of the input with row {@code cIdx[p]} of the output, which is
 * how the 'same' padding drops the windows that reach beyond the board without copying anything.
 *
 * <p>Both kernels update a 4×4 block at a time: four output rows from four input rows and sixteen
 * scalars, so each element of an input row loaded serves four multiply-adds and each output
 * element loaded and stored takes four. Sums run in a fixed order: the result does not depend on
 * the thread count.
 */
public final class Gemm {

    private Gemm() {
    }

    /**
     * {@code c[cIdx[p]][0..n) += Σ_q a[aIdx[p]][q] · b[q][0..n)} for every pair {@code p < pairs},
     * {@code q < k}. The {@code cIdx[p]} must be distinct.
     */
    public static void accumulate(float[][] c, int[] cIdx, float[][] a, int[] aIdx, int pairs, float[][] b, int k, int n) {
        float[] zero = new float[n];
        float[] sink = new float[n];
        for (int p = 0; p < pairs; p += 4) {
            int np = Math.min(4, pairs - p);
            float[] a0 = a[aIdx[p]];
            float[] a1 = np > 1 ? a[aIdx[p + 1]] : null;
            float[] a2 = np > 2 ? a[aIdx[p + 2]] : null;
            float[] a3 = np > 3 ? a[aIdx[p + 3]] : null;
            float[] c0 = c[cIdx[p]];
            float[] c1 = np > 1 ? c[cIdx[p + 1]] : sink;
            float[] c2 = np > 2 ? c[cIdx[p + 2]] : sink;
            float[] c3 = np > 3 ? c[cIdx[p + 3]] : sink;
            for (int q = 0; q < k; q += 4) {
                int nq = Math.min(4, k - q);
                float[] b0 = b[q];
                float[] b1 = nq > 1 ? b[q + 1] : zero;
                float[] b2 = nq > 2 ? b[q + 2] : zero;
                float[] b3 = nq > 3 ? b[q + 3] : zero;
                block(c0, c1, c2, c3, b0, b1, b2, b3,
                        at(a0, q, nq, 0), at(a0, q, nq, 1), at(a0, q, nq, 2), at(a0, q, nq, 3),
                        at(a1, q, nq, 0), at(a1, q, nq, 1), at(a1, q, nq, 2), at(a1, q, nq, 3),
                        at(a2, q, nq, 0), at(a2, q, nq, 1), at(a2, q, nq, 2), at(a2, q, nq, 3),
                        at(a3, q, nq, 0), at(a3, q, nq, 1), at(a3, q, nq, 2), at(a3, q, nq, 3), n);
            }
        }
    }

    /**
     * {@code c[q][0..n) += Σ_p a[aIdx[p]][q] · d[dIdx[p]][0..n)} for every {@code q < k}: the
     * weight gradient of a tap, input rows transposed against output gradient rows.
     */
    public static void accumulateTransposed(float[][] c, float[][] a, int[] aIdx, float[][] d, int[] dIdx, int pairs, int k, int n) {
        float[] zero = new float[n];
        float[] sink = new float[n];
        for (int q = 0; q < k; q += 4) {
            int nq = Math.min(4, k - q);
            float[] c0 = c[q];
            float[] c1 = nq > 1 ? c[q + 1] : sink;
            float[] c2 = nq > 2 ? c[q + 2] : sink;
            float[] c3 = nq > 3 ? c[q + 3] : sink;
            for (int p = 0; p < pairs; p += 4) {
                int np = Math.min(4, pairs - p);
                float[] a0 = a[aIdx[p]];
                float[] a1 = np > 1 ? a[aIdx[p + 1]] : null;
                float[] a2 = np > 2 ? a[aIdx[p + 2]] : null;
                float[] a3 = np > 3 ? a[aIdx[p + 3]] : null;
                float[] d0 = d[dIdx[p]];
                float[] d1 = np > 1 ? d[dIdx[p + 1]] : zero;
                float[] d2 = np > 2 ? d[dIdx[p + 2]] : zero;
                float[] d3 = np > 3 ? d[dIdx[p + 3]] : zero;
                // row r of the block is c[q + r]; its scalar for input row s is a_s[q + r]
                block(c0, c1, c2, c3, d0, d1, d2, d3,
                        at(a0, q, nq, 0), at(a1, q, nq, 0), at(a2, q, nq, 0), at(a3, q, nq, 0),
                        at(a0, q, nq, 1), at(a1, q, nq, 1), at(a2, q, nq, 1), at(a3, q, nq, 1),
                        at(a0, q, nq, 2), at(a1, q, nq, 2), at(a2, q, nq, 2), at(a3, q, nq, 2),
                        at(a0, q, nq, 3), at(a1, q, nq, 3), at(a2, q, nq, 3), at(a3, q, nq, 3), n);
            }
        }
    }

    /** {@code row[q + i]}, or 0 past the block's end or for a missing row. */
    private static float at(float[] row, int q, int nq, int i) {
        return row == null || i >= nq ? 0f : row[q + i];
    }

    /** {@code c_r[j] += Σ_s x_rs · b_s[j]} for r, s in 0..3 and j in [0, n). */
    private static void block(float[] c0, float[] c1, float[] c2, float[] c3,
            float[] b0, float[] b1, float[] b2, float[] b3,
            float x00, float x01, float x02, float x03,
            float x10, float x11, float x12, float x13,
            float x20, float x21, float x22, float x23,
            float x30, float x31, float x32, float x33, int n) {
        for (int j = 0; j < n; j++) {
            float v0 = b0[j];
            float v1 = b1[j];
            float v2 = b2[j];
            float v3 = b3[j];
            c0[j] += x00 * v0 + x01 * v1 + x02 * v2 + x03 * v3;
            c1[j] += x10 * v0 + x11 * v1 + x12 * v2 + x13 * v3;
            c2[j] += x20 * v0 + x21 * v1 + x22 * v2 + x23 * v3;
            c3[j] += x30 * v0 + x31 * v1 + x32 * v2 + x33 * v3;
        }
    }
}
