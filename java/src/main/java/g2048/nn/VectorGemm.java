package g2048.nn;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Gemm}'s two products on the Vector API, dense and register-blocked: four output rows and
 * two vectors of columns are held in registers while the whole sum runs, so each loaded row of
 * the right operand feeds eight fused multiply-adds (the row-at-a-time form reloads and restores
 * the output for every four inputs and stays near axpy speed). Zeros are not skipped: the blocked
 * dense product is still faster than the sparse one.
 *
 * <p>Each output element is its starting value followed by fused multiply-adds over the summed
 * index in ascending order, whatever the blocking, the tail or the vector width, so a row's result
 * does not depend on which rows share its block. Output rows of one call must be distinct arrays (they
 * are for a convolution tap). Loaded only when {@code jdk.incubator.vector} is present (see
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

    /** As {@link Gemm#accumulate}. */
    static void accumulate(float[][] c, int[] cIdx, float[][] a, int[] aIdx, int pairs, float[][] b, int k, int n) {
        int j = 0;
        // a tile of columns outermost: its part of b (k × 2 vectors) stays in the first-level cache for every row
        for (; j + 2 * L <= n; j += 2 * L) {
            int p = 0;
            for (; p + 4 <= pairs; p += 4) {
                float[] a0 = a[aIdx[p]];
                float[] a1 = a[aIdx[p + 1]];
                float[] a2 = a[aIdx[p + 2]];
                float[] a3 = a[aIdx[p + 3]];
                float[] c0 = c[cIdx[p]];
                float[] c1 = c[cIdx[p + 1]];
                float[] c2 = c[cIdx[p + 2]];
                float[] c3 = c[cIdx[p + 3]];
                FloatVector s00 = FloatVector.fromArray(S, c0, j);
                FloatVector s01 = FloatVector.fromArray(S, c0, j + L);
                FloatVector s10 = FloatVector.fromArray(S, c1, j);
                FloatVector s11 = FloatVector.fromArray(S, c1, j + L);
                FloatVector s20 = FloatVector.fromArray(S, c2, j);
                FloatVector s21 = FloatVector.fromArray(S, c2, j + L);
                FloatVector s30 = FloatVector.fromArray(S, c3, j);
                FloatVector s31 = FloatVector.fromArray(S, c3, j + L);
                for (int q = 0; q < k; q++) {
                    float[] bq = b[q];
                    FloatVector v0 = FloatVector.fromArray(S, bq, j);
                    FloatVector v1 = FloatVector.fromArray(S, bq, j + L);
                    FloatVector x = FloatVector.broadcast(S, a0[q]);
                    s00 = v0.fma(x, s00);
                    s01 = v1.fma(x, s01);
                    x = FloatVector.broadcast(S, a1[q]);
                    s10 = v0.fma(x, s10);
                    s11 = v1.fma(x, s11);
                    x = FloatVector.broadcast(S, a2[q]);
                    s20 = v0.fma(x, s20);
                    s21 = v1.fma(x, s21);
                    x = FloatVector.broadcast(S, a3[q]);
                    s30 = v0.fma(x, s30);
                    s31 = v1.fma(x, s31);
                }
                s00.intoArray(c0, j);
                s01.intoArray(c0, j + L);
                s10.intoArray(c1, j);
                s11.intoArray(c1, j + L);
                s20.intoArray(c2, j);
                s21.intoArray(c2, j + L);
                s30.intoArray(c3, j);
                s31.intoArray(c3, j + L);
            }
            for (; p < pairs; p++) {
                row(c[cIdx[p]], a[aIdx[p]], b, k, j, j + 2 * L);
            }
        }
        if (j < n) {
            for (int p = 0; p < pairs; p++) {
                row(c[cIdx[p]], a[aIdx[p]], b, k, j, n);
            }
        }
    }

    /** {@code c[j0..j1) += Σ_q ar[q] · b[q][j0..j1)}, one vector (masked at the end) at a time. */
    private static void row(float[] c, float[] ar, float[][] b, int k, int j0, int j1) {
        for (int j = j0; j < j1; j += L) {
            VectorMask<Float> m = S.indexInRange(j, j1);
            FloatVector s = FloatVector.fromArray(S, c, j, m);
            for (int q = 0; q < k; q++) {
                s = FloatVector.fromArray(S, b[q], j, m).fma(FloatVector.broadcast(S, ar[q]), s);
            }
            s.intoArray(c, j, m);
        }
    }

    /** Pairs per pass of {@link #accumulateTransposed}: their tiles of d (64 × 2 vectors, 8 KB) stay in the first-level cache. */
    private static final int PAIR_BLOCK = 64;

    /** As {@link Gemm#accumulateTransposed}. */
    static void accumulateTransposed(float[][] c, float[][] a, int[] aIdx, float[][] d, int[] dIdx, int pairs, int k, int n) {
        for (int p0 = 0; p0 < pairs; p0 += PAIR_BLOCK) {
            int p1 = Math.min(pairs, p0 + PAIR_BLOCK);
            int j = 0;
            for (; j + 2 * L <= n; j += 2 * L) {
                int q = 0;
                for (; q + 4 <= k; q += 4) {
                    float[] c0 = c[q];
                    float[] c1 = c[q + 1];
                    float[] c2 = c[q + 2];
                    float[] c3 = c[q + 3];
                    FloatVector s00 = FloatVector.fromArray(S, c0, j);
                    FloatVector s01 = FloatVector.fromArray(S, c0, j + L);
                    FloatVector s10 = FloatVector.fromArray(S, c1, j);
                    FloatVector s11 = FloatVector.fromArray(S, c1, j + L);
                    FloatVector s20 = FloatVector.fromArray(S, c2, j);
                    FloatVector s21 = FloatVector.fromArray(S, c2, j + L);
                    FloatVector s30 = FloatVector.fromArray(S, c3, j);
                    FloatVector s31 = FloatVector.fromArray(S, c3, j + L);
                    for (int p = p0; p < p1; p++) {
                        float[] ar = a[aIdx[p]];
                        float[] dr = d[dIdx[p]];
                        FloatVector v0 = FloatVector.fromArray(S, dr, j);
                        FloatVector v1 = FloatVector.fromArray(S, dr, j + L);
                        FloatVector x = FloatVector.broadcast(S, ar[q]);
                        s00 = v0.fma(x, s00);
                        s01 = v1.fma(x, s01);
                        x = FloatVector.broadcast(S, ar[q + 1]);
                        s10 = v0.fma(x, s10);
                        s11 = v1.fma(x, s11);
                        x = FloatVector.broadcast(S, ar[q + 2]);
                        s20 = v0.fma(x, s20);
                        s21 = v1.fma(x, s21);
                        x = FloatVector.broadcast(S, ar[q + 3]);
                        s30 = v0.fma(x, s30);
                        s31 = v1.fma(x, s31);
                    }
                    s00.intoArray(c0, j);
                    s01.intoArray(c0, j + L);
                    s10.intoArray(c1, j);
                    s11.intoArray(c1, j + L);
                    s20.intoArray(c2, j);
                    s21.intoArray(c2, j + L);
                    s30.intoArray(c3, j);
                    s31.intoArray(c3, j + L);
                }
                for (; q < k; q++) {
                    column(c[q], q, a, aIdx, d, dIdx, p0, p1, j, j + 2 * L);
                }
            }
            if (j < n) {
                for (int q = 0; q < k; q++) {
                    column(c[q], q, a, aIdx, d, dIdx, p0, p1, j, n);
                }
            }
        }
    }

    /** {@code c[j0..j1) += Σ_{p0 ≤ p < p1} a[aIdx[p]][q] · d[dIdx[p]][j0..j1)}, one vector (masked at the end) at a time. */
    private static void column(float[] c, int q, float[][] a, int[] aIdx, float[][] d, int[] dIdx, int p0, int p1, int j0, int j1) {
        for (int j = j0; j < j1; j += L) {
            VectorMask<Float> m = S.indexInRange(j, j1);
            FloatVector s = FloatVector.fromArray(S, c, j, m);
            for (int p = p0; p < p1; p++) {
                s = FloatVector.fromArray(S, d[dIdx[p]], j, m).fma(FloatVector.broadcast(S, a[aIdx[p]][q]), s);
            }
            s.intoArray(c, j, m);
        }
    }
}
