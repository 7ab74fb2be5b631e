package g2048.nn;

/**
 * The two matrix products of a convolution tap in plain Java, for JVMs without the Vector API
 * module: the same operations on the same flat arrays as {@link VectorGemm}, written in the one
 * loop form C2 vectorises by itself, {@code y[j] = fma(x, b[j], y[j])} over arrays indexed from 0
 * with the same index (with two different offsets into arrays that might be the same one the loop
 * stays scalar, about four times slower). So the rows a product reads and writes are copied into
 * this scratch first: a tap's weight rows once per call (those some pair reads), an output row once
 * per pair. Each loop adds eight rows, and only those whose scalar is not zero: after ReLU about
 * half the activations and of their gradients are zero, and one board at a time (greedy play) the
 * skipped zeros are what makes this kernel faster than the dense vector one.
 *
 * <p>Each output element is its starting value followed by fused multiply-adds over the summed
 * index in ascending order, as in {@link VectorGemm}: the skipped terms would add an exact zero, so
 * the two kernels give the same bits (unless an output starts at -0 or a product is not finite),
 * and a row's result does not depend on the other rows of the call. One per workspace: not
 * thread-safe.
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
        xs = new float[Math.max(maxChannels, PAIR_BLOCK)];
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
            // without a branch per input: about half are zero, in no order a branch predictor could learn
            int m = 0;
            for (int q = 0; q < k; q++) {
                float x = a[ap + q];
                nz[m] = q;
                xs[m] = x;
                m += x != 0f ? 1 : 0;
            }
            for (int i = 0; i < m; i++) {
                int q = nz[i];
                if (copiedIn[q] != call) {
                    System.arraycopy(b, bOff + q * n, br[q], 0, n);
                    copiedIn[q] = call;
                }
            }
            if (m > 0) {
                System.arraycopy(c, cOff[p], acc, 0, n);
                addRows(acc, br, nz, xs, m, n);
                System.arraycopy(acc, 0, c, cOff[p], n);
            }
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
                    nz[m] = p;
                    xs[m] = x;
                    m += x != 0f ? 1 : 0;
                }
                if (m > 0) {
                    int at = cOff + q * n;
                    System.arraycopy(c, at, acc, 0, n);
                    addRows(acc, dr, nz, xs, m, n);
                    System.arraycopy(acc, 0, c, at, n);
                }
            }
        }
    }

    /**
     * {@code y[j] = fma(xs[i], rows[nz[i]][j], y[j])} for i in [0, m) in that order, j in [0, n):
     * eight rows a loop (one load and store of y per eight rows read), then four, then one.
     */
    private static void addRows(float[] y, float[][] rows, int[] nz, float[] xs, int m, int n) {
        int i = 0;
        for (; i + 8 <= m; i += 8) {
            float[] b0 = rows[nz[i]];
            float[] b1 = rows[nz[i + 1]];
            float[] b2 = rows[nz[i + 2]];
            float[] b3 = rows[nz[i + 3]];
            float[] b4 = rows[nz[i + 4]];
            float[] b5 = rows[nz[i + 5]];
            float[] b6 = rows[nz[i + 6]];
            float[] b7 = rows[nz[i + 7]];
            float x0 = xs[i];
            float x1 = xs[i + 1];
            float x2 = xs[i + 2];
            float x3 = xs[i + 3];
            float x4 = xs[i + 4];
            float x5 = xs[i + 5];
            float x6 = xs[i + 6];
            float x7 = xs[i + 7];
            for (int j = 0; j < n; j++) {
                float s = Math.fma(x3, b3[j], Math.fma(x2, b2[j], Math.fma(x1, b1[j], Math.fma(x0, b0[j], y[j]))));
                y[j] = Math.fma(x7, b7[j], Math.fma(x6, b6[j], Math.fma(x5, b5[j], Math.fma(x4, b4[j], s))));
            }
        }
        if (i + 4 <= m) {
            float[] b0 = rows[nz[i]];
            float[] b1 = rows[nz[i + 1]];
            float[] b2 = rows[nz[i + 2]];
            float[] b3 = rows[nz[i + 3]];
            float x0 = xs[i];
            float x1 = xs[i + 1];
            float x2 = xs[i + 2];
            float x3 = xs[i + 3];
            for (int j = 0; j < n; j++) {
                y[j] = Math.fma(x3, b3[j], Math.fma(x2, b2[j], Math.fma(x1, b1[j], Math.fma(x0, b0[j], y[j]))));
            }
            i += 4;
        }
        for (; i < m; i++) {
            float[] b = rows[nz[i]];
            float x = xs[i];
            for (int j = 0; j < n; j++) {
                y[j] = Math.fma(x, b[j], y[j]);
            }
        }
    }
}
