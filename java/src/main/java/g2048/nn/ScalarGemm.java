package g2048.nn;

/**
 * The two matrix products of a convolution tap in plain Java, for JVMs without the Vector API
 * module: the same operations on the same flat arrays as {@link VectorGemm}, written in the one
 * loop form C2 vectorises by itself, {@code y[j] += x0·b0[j] + … + x3·b3[j]} over arrays indexed
 * from 0 with the same index (with two different offsets into arrays that might be the same one
 * the loop stays scalar, about four times slower). So the rows a product reads and writes are
 * copied into this scratch first: a tap's weight rows once per call (those some pair reads), an
 * output row once per pair. Each loop adds four input rows, and only the non-zero scalars: after ReLU about half the
 * activations and of their gradients are zero, and one board at a time (greedy play) the skipped
 * zeros are what makes this kernel faster than the dense vector one.
 *
 * <p>Each output element is its starting value plus its non-zero terms in ascending order of the
 * summed index, four at a time, so a row's result does not depend on the other rows of the call,
 * and a given thread count always gives the same bits. One per workspace: not thread-safe.
 */
final class ScalarGemm {

    /** Pairs per pass of {@link #accumulateTransposed}: the rows of d copied for one pass. */
    private static final int PAIR_BLOCK = 64;

    /** The rows read in place of the right operand: a tap's weight rows, or a pass's gradient rows. */
    private final float[][] rows;
    /** The call in which each weight row was copied: a row no pair reads is not copied. */
    private final int[] copiedIn;
    private int call;
    private final float[] acc;
    private final int[] nz;
    private final float[] xs;

    /** Scratch for products of up to {@code maxChannels} columns and summed indices. */
    ScalarGemm(int maxChannels) {
        rows = new float[Math.max(maxChannels, PAIR_BLOCK)][maxChannels];
        copiedIn = new int[maxChannels];
        acc = new float[maxChannels];
        nz = new int[Math.max(maxChannels, PAIR_BLOCK)];
        xs = new float[PAIR_BLOCK];
    }

    /** As {@link VectorGemm#accumulate}: {@code c[cOff[p] + j] += Σ_q a[aOff[p] + q] · b[bOff + q·n + j]}. */
    void accumulate(float[] c, int[] cOff, float[] a, int[] aOff, int pairs, float[] b, int bOff, int k, int n) {
        float[][] br = rows;
        if (++call == 0) {
            java.util.Arrays.fill(copiedIn, 0);
            call = 1;
        }
        for (int p = 0; p < pairs; p++) {
            int ap = aOff[p];
            int m = 0;
            for (int q = 0; q < k; q++) {
                if (a[ap + q] != 0f) {
                    nz[m++] = q;
                    if (copiedIn[q] != call) {
                        System.arraycopy(b, bOff + q * n, br[q], 0, n);
                        copiedIn[q] = call;
                    }
                }
            }
            if (m == 0) {
                continue;
            }
            System.arraycopy(c, cOff[p], acc, 0, n);
            int i = 0;
            for (; i + 4 <= m; i += 4) {
                int q0 = nz[i];
                int q1 = nz[i + 1];
                int q2 = nz[i + 2];
                int q3 = nz[i + 3];
                row4(acc, br[q0], br[q1], br[q2], br[q3], a[ap + q0], a[ap + q1], a[ap + q2], a[ap + q3], n);
            }
            for (; i < m; i++) {
                SparseRows.axpy(a[ap + nz[i]], br[nz[i]], acc, n);
            }
            System.arraycopy(acc, 0, c, cOff[p], n);
        }
    }

    /** As {@link VectorGemm#accumulateTransposed}: {@code c[cOff + q·n + j] += Σ_p a[aOff[p] + q] · d[dOff[p] + j]}. */
    void accumulateTransposed(float[] c, int cOff, float[] a, int[] aOff, float[] d, int[] dOff, int pairs, int k, int n) {
        float[][] dr = rows;
        for (int p0 = 0; p0 < pairs; p0 += PAIR_BLOCK) {
            int np = Math.min(pairs, p0 + PAIR_BLOCK) - p0;
            for (int p = 0; p < np; p++) {
                System.arraycopy(d, dOff[p0 + p], dr[p], 0, n);
            }
            for (int q = 0; q < k; q++) {
                int m = 0;
                for (int p = 0; p < np; p++) {
                    float x = a[aOff[p0 + p] + q];
                    if (x != 0f) {
                        nz[m] = p;
                        xs[m++] = x;
                    }
                }
                if (m == 0) {
                    continue;
                }
                int at = cOff + q * n;
                System.arraycopy(c, at, acc, 0, n);
                int i = 0;
                for (; i + 4 <= m; i += 4) {
                    row4(acc, dr[nz[i]], dr[nz[i + 1]], dr[nz[i + 2]], dr[nz[i + 3]], xs[i], xs[i + 1], xs[i + 2], xs[i + 3], n);
                }
                for (; i < m; i++) {
                    SparseRows.axpy(xs[i], dr[nz[i]], acc, n);
                }
                System.arraycopy(acc, 0, c, at, n);
            }
        }
    }

    /** {@code y[j] += x0·b0[j] + x1·b1[j] + x2·b2[j] + x3·b3[j]} for j in [0, n): one store per four rows read. */
    private static void row4(float[] y, float[] b0, float[] b1, float[] b2, float[] b3, float x0, float x1, float x2, float x3, int n) {
        for (int j = 0; j < n; j++) {
            y[j] += x0 * b0[j] + x1 * b1[j] + x2 * b2[j] + x3 * b3[j];
        }
    }
}
