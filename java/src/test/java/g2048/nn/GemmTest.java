package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both kernels' products against plain triple loops in double, on seeded random sparse rows:
 * small odd sizes, and sizes past the vector kernel's blocks (four rows, two vectors of columns)
 * with every kind of tail; the vector kernel's result of a row does not depend on its block.
 */
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

    private static float[][] copy(float[][] m) {
        float[][] c = new float[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    /** Sizes 1..13 half the time, else up to 80: past 4-row blocks and 2×16-lane column tiles. */
    private static int size(Rng rng, int trial) {
        return 1 + rng.nextInt(trial % 2 == 0 ? 13 : 80);
    }

    @Test
    void theVectorKernelIsAvailableToTheTests() {
        // the build's test JVMs add jdk.incubator.vector: without it the vector cases below would test nothing new
        assertTrue(GemmKernel.vectorAvailable(), "tests run without --add-modules jdk.incubator.vector");
        assertEquals(GemmKernel.VECTOR, GemmKernel.best());
        assertTrue(GemmKernel.VECTOR.describe().startsWith("vector"), GemmKernel.VECTOR.describe());
    }

    @ParameterizedTest
    @EnumSource(GemmKernel.class)
    void accumulateMatchesTheTripleLoop(GemmKernel kernel) {
        Rng rng = new Rng(11);
        for (int trial = 0; trial < 60; trial++) {
            int pairs = size(rng, trial);
            int rowsA = pairs + rng.nextInt(5);
            int k = size(rng, trial);
            int n = size(rng, trial);
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
            kernel.accumulate(c, cIdx, a, aIdx, pairs, b, k, n);
            for (int i = 0; i < c.length; i++) {
                for (int j = 0; j < n; j++) {
                    assertEquals(want[i][j], c[i][j], 1e-4 * (1 + Math.abs(want[i][j])), kernel + " trial " + trial + " [" + i + "][" + j + "]");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(GemmKernel.class)
    void accumulateTransposedMatchesTheTripleLoop(GemmKernel kernel) {
        Rng rng = new Rng(12);
        for (int trial = 0; trial < 60; trial++) {
            int pairs = size(rng, trial);
            int rows = pairs + rng.nextInt(5);
            int k = size(rng, trial);
            int n = size(rng, trial);
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
            kernel.accumulateTransposed(c, a, aIdx, d, dIdx, pairs, k, n);
            for (int q = 0; q < k; q++) {
                for (int j = 0; j < n; j++) {
                    assertEquals(want[q][j], c[q][j], 1e-4 * (1 + Math.abs(want[q][j])), kernel + " trial " + trial + " [" + q + "][" + j + "]");
                }
            }
        }
    }

    @Test
    void aVectorRowDoesNotDependOnItsBlock() {
        // a row computed in a block of four, in the tail, or alone gives the same bits: a batch's result
        // then does not depend on how it is cut into slices and threads
        Rng rng = new Rng(13);
        int pairs = 11;
        int k = 37;
        int n = 45;
        float[][] a = sparse(rng, pairs, k);
        float[][] b = sparse(rng, k, n);
        float[][] c0 = sparse(rng, pairs, n);
        int[] idx = new int[pairs];
        for (int p = 0; p < pairs; p++) {
            idx[p] = p;
        }
        float[][] together = copy(c0);
        GemmKernel.VECTOR.accumulate(together, idx, a, idx, pairs, b, k, n);
        for (int p = 0; p < pairs; p++) {
            float[][] alone = copy(c0);
            GemmKernel.VECTOR.accumulate(alone, new int[] {p}, a, new int[] {p}, 1, b, k, n);
            for (int j = 0; j < n; j++) {
                assertEquals(Float.floatToIntBits(together[p][j]), Float.floatToIntBits(alone[p][j]), "row " + p + " column " + j);
            }
        }
        float[][] d = sparse(rng, pairs, n);
        float[][] g0 = sparse(rng, k, n);
        float[][] all = copy(g0);
        GemmKernel.VECTOR.accumulateTransposed(all, a, idx, d, idx, pairs, k, n);
        // the same product over the first k - 2 columns of a: rows 32..34 fall out of their block into the tail
        float[][] fewer = copy(g0);
        GemmKernel.VECTOR.accumulateTransposed(fewer, a, idx, d, idx, pairs, k - 2, n);
        for (int q = 0; q < k - 2; q++) {
            for (int j = 0; j < n; j++) {
                assertEquals(Float.floatToIntBits(all[q][j]), Float.floatToIntBits(fewer[q][j]), "row " + q + " column " + j);
            }
        }
    }
}
