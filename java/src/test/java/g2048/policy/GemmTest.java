package g2048.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Rng;
import org.junit.jupiter.api.Test;

/** Both products against plain triple loops, on seeded random sparse rows, odd sizes and index maps. */
class GemmTest {

    private static float[][] sparse(Rng rng, int rows, int cols) {
        float[][] m = new float[rows][cols];
        for (float[] r : m) {
            for (int j = 0; j < cols; j++) {
                r[j] = rng.nextInt(2) == 0 ? 0f : (float) rng.nextGaussian();
            }
        }
        return m;
    }

    @Test
    void accumulateMatchesTheTripleLoop() {
        Rng rng = new Rng(11);
        for (int trial = 0; trial < 30; trial++) {
            int rowsA = 1 + rng.nextInt(20);
            int pairs = 1 + rng.nextInt(rowsA);
            int k = 1 + rng.nextInt(13);
            int n = 1 + rng.nextInt(19);
            float[][] a = sparse(rng, rowsA, k);
            float[][] b = sparse(rng, k, n);
            float[][] c = sparse(rng, pairs + 3, n);
            int[] aIdx = new int[pairs];
            int[] cIdx = new int[pairs];
            for (int p = 0; p < pairs; p++) {
                aIdx[p] = rng.nextInt(rowsA);
                cIdx[p] = p + (trial % 3);
            }
            double[][] want = new double[c.length][n];
            for (int i = 0; i < c.length; i++) {
                for (int j = 0; j < n; j++) {
                    want[i][j] = c[i][j];
                }
            }
            for (int p = 0; p < pairs; p++) {
                for (int q = 0; q < k; q++) {
                    for (int j = 0; j < n; j++) {
                        want[cIdx[p]][j] += (double) a[aIdx[p]][q] * b[q][j];
                    }
                }
            }
            Gemm.accumulate(c, cIdx, a, aIdx, pairs, b, k, n);
            for (int i = 0; i < c.length; i++) {
                for (int j = 0; j < n; j++) {
                    assertEquals(want[i][j], c[i][j], 1e-4, "trial " + trial + " [" + i + "][" + j + "]");
                }
            }
        }
    }

    @Test
    void accumulateTransposedMatchesTheTripleLoop() {
        Rng rng = new Rng(12);
        for (int trial = 0; trial < 30; trial++) {
            int rows = 1 + rng.nextInt(20);
            int pairs = 1 + rng.nextInt(rows);
            int k = 1 + rng.nextInt(13);
            int n = 1 + rng.nextInt(19);
            float[][] a = sparse(rng, rows, k);
            float[][] d = sparse(rng, rows, n);
            float[][] c = sparse(rng, k, n);
            int[] aIdx = new int[pairs];
            int[] dIdx = new int[pairs];
            for (int p = 0; p < pairs; p++) {
                aIdx[p] = rng.nextInt(rows);
                dIdx[p] = rng.nextInt(rows);
            }
            double[][] want = new double[k][n];
            for (int q = 0; q < k; q++) {
                for (int j = 0; j < n; j++) {
                    want[q][j] = c[q][j];
                }
                for (int p = 0; p < pairs; p++) {
                    for (int j = 0; j < n; j++) {
                        want[q][j] += (double) a[aIdx[p]][q] * d[dIdx[p]][j];
                    }
                }
            }
            Gemm.accumulateTransposed(c, a, aIdx, d, dIdx, pairs, k, n);
            for (int q = 0; q < k; q++) {
                for (int j = 0; j < n; j++) {
                    assertEquals(want[q][j], c[q][j], 1e-4, "trial " + trial + " [" + q + "][" + j + "]");
                }
            }
        }
    }
}
