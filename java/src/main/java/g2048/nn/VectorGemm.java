package g2048.nn;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * The two matrix products of a convolution tap on the Vector API, over rows of flat arrays picked
 * by offset: pair {@code p} links the input row at {@code aOff[p]} with the output row at
 * {@code cOff[p]}, which is how the 'same' padding drops the windows that reach beyond the board
 * without copying anything. Dense and register-blocked: four output rows and
 * two vectors of columns are held in registers while the whole sum runs, so each loaded row of
 * the right operand feeds eight fused multiply-adds (the row-at-a-time form reloads and restores
 * the output for every four inputs and stays near axpy speed). Zeros are not skipped: the blocked
 * dense product is still faster than the sparse one.
 *
 * <p>Each output element is its starting value followed by fused multiply-adds over the summed
 * index in ascending order, whatever the blocking, the tail or the vector width, so a row's result
 * does not depend on which rows share its block. Output rows of one call must not overlap (they do
 * not for a convolution tap). Loaded only when {@code jdk.incubator.vector} is present (see
 * {@link GemmKernel#best()}).
 */
final class VectorGemm {

    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final int L = S.length();

    private VectorGemm() {
    }

    static int lanes() {
        return L;
    }

    /**
     * {@code c[cOff[p] + j] += Σ_q a[aOff[p] + q] · b[bOff + q·n + j]} for every pair {@code p < pairs},
     * {@code q < k}, {@code j < n}: the rows of {@code b} are {@code [k][n]} from {@code bOff}.
     */
    static void accumulate(float[] c, int[] cOff, float[] a, int[] aOff, int pairs, float[] b, int bOff, int k, int n) {
        int j = 0;
        // a tile of columns outermost: its part of b (k × 2 vectors) stays in the first-level cache for every row
        for (; j + 2 * L <= n; j += 2 * L) {
            int p = 0;
            for (; p + 4 <= pairs; p += 4) {
                int a0 = aOff[p];
                int a1 = aOff[p + 1];
                int a2 = aOff[p + 2];
                int a3 = aOff[p + 3];
                int c0 = cOff[p] + j;
                int c1 = cOff[p + 1] + j;
                int c2 = cOff[p + 2] + j;
                int c3 = cOff[p + 3] + j;
                FloatVector s00 = FloatVector.fromArray(S, c, c0);
                FloatVector s01 = FloatVector.fromArray(S, c, c0 + L);
                FloatVector s10 = FloatVector.fromArray(S, c, c1);
                FloatVector s11 = FloatVector.fromArray(S, c, c1 + L);
                FloatVector s20 = FloatVector.fromArray(S, c, c2);
                FloatVector s21 = FloatVector.fromArray(S, c, c2 + L);
                FloatVector s30 = FloatVector.fromArray(S, c, c3);
                FloatVector s31 = FloatVector.fromArray(S, c, c3 + L);
                for (int q = 0, bq = bOff + j; q < k; q++, bq += n) {
                    FloatVector v0 = FloatVector.fromArray(S, b, bq);
                    FloatVector v1 = FloatVector.fromArray(S, b, bq + L);
                    FloatVector x = FloatVector.broadcast(S, a[a0 + q]);
                    s00 = v0.fma(x, s00);
                    s01 = v1.fma(x, s01);
                    x = FloatVector.broadcast(S, a[a1 + q]);
                    s10 = v0.fma(x, s10);
                    s11 = v1.fma(x, s11);
                    x = FloatVector.broadcast(S, a[a2 + q]);
                    s20 = v0.fma(x, s20);
                    s21 = v1.fma(x, s21);
                    x = FloatVector.broadcast(S, a[a3 + q]);
                    s30 = v0.fma(x, s30);
                    s31 = v1.fma(x, s31);
                }
                s00.intoArray(c, c0);
                s01.intoArray(c, c0 + L);
                s10.intoArray(c, c1);
                s11.intoArray(c, c1 + L);
                s20.intoArray(c, c2);
                s21.intoArray(c, c2 + L);
                s30.intoArray(c, c3);
                s31.intoArray(c, c3 + L);
            }
            for (; p < pairs; p++) {
                row(c, cOff[p], a, aOff[p], b, bOff, k, n, j, j + 2 * L);
            }
        }
        if (j < n) {
            for (int p = 0; p < pairs; p++) {
                row(c, cOff[p], a, aOff[p], b, bOff, k, n, j, n);
            }
        }
    }

    /** Columns {@code [j0, j1)} of one output row of {@link #accumulate}, one vector (masked at the end) at a time. */
    private static void row(float[] c, int cAt, float[] a, int aAt, float[] b, int bOff, int k, int n, int j0, int j1) {
        for (int j = j0; j < j1; j += L) {
            VectorMask<Float> m = S.indexInRange(j, j1);
            FloatVector s = FloatVector.fromArray(S, c, cAt + j, m);
            for (int q = 0, bq = bOff + j; q < k; q++, bq += n) {
                s = FloatVector.fromArray(S, b, bq, m).fma(FloatVector.broadcast(S, a[aAt + q]), s);
            }
            s.intoArray(c, cAt + j, m);
        }
    }

    /** Pairs per pass of {@link #accumulateTransposed}: their tiles of d (64 × 2 vectors, 8 KB) stay in the first-level cache. */
    private static final int PAIR_BLOCK = 64;

    /**
     * {@code c[cOff + q·n + j] += Σ_p a[aOff[p] + q] · d[dOff[p] + j]} for every {@code q < k},
     * {@code j < n}: the weight gradient of a tap, input rows transposed against output gradient rows.
     */
    static void accumulateTransposed(float[] c, int cOff, float[] a, int[] aOff, float[] d, int[] dOff, int pairs, int k, int n) {
        for (int p0 = 0; p0 < pairs; p0 += PAIR_BLOCK) {
            int p1 = Math.min(pairs, p0 + PAIR_BLOCK);
            int j = 0;
            for (; j + 2 * L <= n; j += 2 * L) {
                int q = 0;
                for (; q + 4 <= k; q += 4) {
                    int c0 = cOff + q * n + j;
                    int c1 = c0 + n;
                    int c2 = c1 + n;
                    int c3 = c2 + n;
                    FloatVector s00 = FloatVector.fromArray(S, c, c0);
                    FloatVector s01 = FloatVector.fromArray(S, c, c0 + L);
                    FloatVector s10 = FloatVector.fromArray(S, c, c1);
                    FloatVector s11 = FloatVector.fromArray(S, c, c1 + L);
                    FloatVector s20 = FloatVector.fromArray(S, c, c2);
                    FloatVector s21 = FloatVector.fromArray(S, c, c2 + L);
                    FloatVector s30 = FloatVector.fromArray(S, c, c3);
                    FloatVector s31 = FloatVector.fromArray(S, c, c3 + L);
                    for (int p = p0; p < p1; p++) {
                        int ar = aOff[p] + q;
                        int dr = dOff[p] + j;
                        FloatVector v0 = FloatVector.fromArray(S, d, dr);
                        FloatVector v1 = FloatVector.fromArray(S, d, dr + L);
                        FloatVector x = FloatVector.broadcast(S, a[ar]);
                        s00 = v0.fma(x, s00);
                        s01 = v1.fma(x, s01);
                        x = FloatVector.broadcast(S, a[ar + 1]);
                        s10 = v0.fma(x, s10);
                        s11 = v1.fma(x, s11);
                        x = FloatVector.broadcast(S, a[ar + 2]);
                        s20 = v0.fma(x, s20);
                        s21 = v1.fma(x, s21);
                        x = FloatVector.broadcast(S, a[ar + 3]);
                        s30 = v0.fma(x, s30);
                        s31 = v1.fma(x, s31);
                    }
                    s00.intoArray(c, c0);
                    s01.intoArray(c, c0 + L);
                    s10.intoArray(c, c1);
                    s11.intoArray(c, c1 + L);
                    s20.intoArray(c, c2);
                    s21.intoArray(c, c2 + L);
                    s30.intoArray(c, c3);
                    s31.intoArray(c, c3 + L);
                }
                for (; q < k; q++) {
                    column(c, cOff + q * n, q, a, aOff, d, dOff, p0, p1, j, j + 2 * L);
                }
            }
            if (j < n) {
                for (int q = 0; q < k; q++) {
                    column(c, cOff + q * n, q, a, aOff, d, dOff, p0, p1, j, n);
                }
            }
        }
    }

    /** Columns {@code [j0, j1)} of row {@code q} of {@link #accumulateTransposed} over pairs {@code [p0, p1)}, one vector (masked at the end) at a time. */
    private static void column(float[] c, int cAt, int q, float[] a, int[] aOff, float[] d, int[] dOff, int p0, int p1, int j0, int j1) {
        for (int j = j0; j < j1; j += L) {
            VectorMask<Float> m = S.indexInRange(j, j1);
            FloatVector s = FloatVector.fromArray(S, c, cAt + j, m);
            for (int p = p0; p < p1; p++) {
                s = FloatVector.fromArray(S, d, dOff[p] + j, m).fma(FloatVector.broadcast(S, a[aOff[p] + q]), s);
            }
            s.intoArray(c, cAt + j, m);
        }
    }
}
