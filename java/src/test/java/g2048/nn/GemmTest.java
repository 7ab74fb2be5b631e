package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import org.junit.jupiter.api.Test;

/**
 * The vector and the scalar kernel's products against plain triple loops in double and against
 * each other, on seeded random sparse rows of flat arrays: small odd sizes, and sizes past their
 * blocks (four rows, two vectors of columns, the scalar weight gradient's passes of 64 pairs) with
 * every kind of tail; the result of a row does not depend on its block.
 */
class GemmTest {

    /** Sizes run up to 80: the scalar scratch is made for that many channels, and reused by every trial. */
    private static final int MAX_SIZE = 80;

    /** The rows laid end to end, with {@code pad} unused floats before each (so offsets are not multiples of the width). */
    private static float[] flat(float[][] m, int pad) {
        int cols = m.length == 0 ? 0 : m[0].length;
        float[] f = new float[m.length * (cols + pad)];
        for (int i = 0; i < m.length; i++) {
            System.arraycopy(m[i], 0, f, i * (cols + pad) + pad, cols);
        }
        return f;
    }

    private static int[] offsets(int[] rows, int cols, int pad) {
        int[] o = new int[rows.length];
        for (int p = 0; p < rows.length; p++) {
            o[p] = rows[p] * (cols + pad) + pad;
        }
        return o;
    }

    private static float at(float[] f, int row, int col, int cols, int pad) {
        return f[row * (cols + pad) + pad + col];
    }

    private static float[][] sparse(Rng rng, int rows, int cols) {
        float[][] m = new float[rows][cols];
        for (float[] r : m) {
            for (int j = 0; j < cols; j++) {
                r[j] = rng.nextInt(2) == 0 ? 0f : (float) rng.nextGaussian();
            }
        }
        return m;
    }

    /** Sizes 1..13 half the time, else up to 80: past 4-row blocks, 2×16-lane column tiles and 64-pair passes. */
    private static int size(Rng rng, int trial) {
        return 1 + rng.nextInt(trial % 2 == 0 ? 13 : MAX_SIZE);
    }

    private static void assertNear(double want, float got, String what) {
        assertEquals(want, got, 1e-4 * (1 + Math.abs(want)), what);
    }

    @Test
    void theVectorKernelIsAvailableToTheTests() {
        // the build's test JVMs add jdk.incubator.vector: without it the vector cases below would test nothing new
        assertTrue(GemmKernel.vectorAvailable(), "tests run without --add-modules jdk.incubator.vector");
        assertEquals(GemmKernel.VECTOR, GemmKernel.best());
        assertTrue(GemmKernel.VECTOR.describe().startsWith("vector"), GemmKernel.VECTOR.describe());
    }

    @Test
    void eachKernelRunsTheProductsItNames() {
        NetSpec policy = NetSpec.policy("k", 2, 5);
        for (GemmKernel kernel : GemmKernel.values()) {
            Workspace ws = new Network(policy, kernel).workspace(2, false);
            for (TapProducts.Rows rows : ws.trunkRows) {
                assertEquals(kernel == GemmKernel.SPARSE, rows == null, kernel + ": tap products or the sparse rows");
                if (rows != null) {
                    assertEquals(kernel == GemmKernel.SCALAR, rows.scalar() != null, kernel + ": the scalar products' scratch");
                }
            }
            // a value network runs on the sparse rows whatever a policy network would run on
            Network value = new Network(Architectures.named("CNN22"), kernel);
            assertEquals(GemmKernel.SPARSE, value.kernel());
            for (TapProducts.Rows rows : value.workspace(2, false).trunkRows) {
                assertEquals(null, rows, kernel + ": a value layer on the sparse rows");
            }
        }
        // without the module, or with the property, a policy network gets the scalar tap products
        String before = System.getProperty(GemmKernel.SCALAR_PROPERTY);
        System.setProperty(GemmKernel.SCALAR_PROPERTY, "true");
        try {
            assertEquals(GemmKernel.SCALAR, GemmKernel.best());
            assertEquals(GemmKernel.SCALAR, new Network(policy).kernel());
        } finally {
            if (before == null) {
                System.clearProperty(GemmKernel.SCALAR_PROPERTY);
            } else {
                System.setProperty(GemmKernel.SCALAR_PROPERTY, before);
            }
        }
    }

    @Test
    void accumulateMatchesTheTripleLoop() {
        ScalarGemm scalar = new ScalarGemm(MAX_SIZE);
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
            int pad = trial % 3;
            float[] vector = flat(c, pad);
            VectorGemm.accumulate(vector, offsets(cIdx, n, pad), flat(a, pad), offsets(aIdx, k, pad), pairs, flat(b, 0), 0, k, n);
            // the weights from an offset, with other weights before them, as a layer's taps lie in the parameter array
            int bOff = 1 + trial % 7;
            float[] bf = new float[bOff + k * n];
            java.util.Arrays.fill(bf, 0, bOff, 99f);
            System.arraycopy(flat(b, 0), 0, bf, bOff, k * n);
            float[] scalarC = flat(c, pad);
            scalar.accumulate(scalarC, offsets(cIdx, n, pad), flat(a, pad), offsets(aIdx, k, pad), pairs, bf, bOff, k, n);
            for (int i = 0; i < c.length; i++) {
                for (int j = 0; j < n; j++) {
                    String what = "trial " + trial + " [" + i + "][" + j + "]";
                    assertNear(want[i][j], at(vector, i, j, n, pad), "vector " + what);
                    assertNear(want[i][j], at(scalarC, i, j, n, pad), "scalar " + what);
                    assertEquals(Float.floatToIntBits(at(vector, i, j, n, pad)), Float.floatToIntBits(at(scalarC, i, j, n, pad)),
                            "scalar against vector " + what);
                }
            }
        }
    }

    @Test
    void accumulateTransposedMatchesTheTripleLoop() {
        ScalarGemm scalar = new ScalarGemm(MAX_SIZE);
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
            int pad = trial % 3;
            float[] vector = new float[pad + k * n];
            System.arraycopy(flat(c, 0), 0, vector, pad, k * n);
            float[] scalarC = vector.clone();
            VectorGemm.accumulateTransposed(vector, pad, flat(a, pad), offsets(aIdx, k, pad), flat(d, pad), offsets(dIdx, n, pad), pairs, k, n);
            scalar.accumulateTransposed(scalarC, pad, flat(a, pad), offsets(aIdx, k, pad), flat(d, pad), offsets(dIdx, n, pad), pairs, k, n);
            for (int q = 0; q < k; q++) {
                for (int j = 0; j < n; j++) {
                    String what = "trial " + trial + " [" + q + "][" + j + "]";
                    assertNear(want[q][j], vector[pad + q * n + j], "vector " + what);
                    assertNear(want[q][j], scalarC[pad + q * n + j], "scalar " + what);
                    assertEquals(Float.floatToIntBits(vector[pad + q * n + j]), Float.floatToIntBits(scalarC[pad + q * n + j]),
                            "scalar against vector " + what);
                }
            }
        }
    }

    /** One kernel's two products, as {@link TapProducts} calls them. */
    private interface Products {
        void accumulate(float[] c, int[] cOff, float[] a, int[] aOff, int pairs, float[] b, int bOff, int k, int n);

        void accumulateTransposed(float[] c, int cOff, float[] a, int[] aOff, float[] d, int[] dOff, int pairs, int k, int n);
    }

    private static final Products VECTOR = new Products() {
        @Override
        public void accumulate(float[] c, int[] cOff, float[] a, int[] aOff, int pairs, float[] b, int bOff, int k, int n) {
            VectorGemm.accumulate(c, cOff, a, aOff, pairs, b, bOff, k, n);
        }

        @Override
        public void accumulateTransposed(float[] c, int cOff, float[] a, int[] aOff, float[] d, int[] dOff, int pairs, int k, int n) {
            VectorGemm.accumulateTransposed(c, cOff, a, aOff, d, dOff, pairs, k, n);
        }
    };

    private static Products scalar() {
        ScalarGemm g = new ScalarGemm(MAX_SIZE);
        return new Products() {
            @Override
            public void accumulate(float[] c, int[] cOff, float[] a, int[] aOff, int pairs, float[] b, int bOff, int k, int n) {
                g.accumulate(c, cOff, a, aOff, pairs, b, bOff, k, n);
            }

            @Override
            public void accumulateTransposed(float[] c, int cOff, float[] a, int[] aOff, float[] d, int[] dOff, int pairs, int k, int n) {
                g.accumulateTransposed(c, cOff, a, aOff, d, dOff, pairs, k, n);
            }
        };
    }

    @Test
    void aVectorRowDoesNotDependOnItsBlock() {
        aRowDoesNotDependOnItsBlock(VECTOR);
    }

    @Test
    void aScalarRowDoesNotDependOnItsBlock() {
        aRowDoesNotDependOnItsBlock(scalar());
    }

    private static void aRowDoesNotDependOnItsBlock(Products kernel) {
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
        float[] af = flat(a, 0);
        float[] bf = flat(b, 0);
        int[] off = offsets(idx, k, 0);
        int[] cOff = offsets(idx, n, 0);
        float[] together = flat(c0, 0);
        kernel.accumulate(together, cOff, af, off, pairs, bf, 0, k, n);
        for (int p = 0; p < pairs; p++) {
            float[] alone = flat(c0, 0);
            kernel.accumulate(alone, new int[] {cOff[p]}, af, new int[] {off[p]}, 1, bf, 0, k, n);
            for (int j = 0; j < n; j++) {
                assertEquals(Float.floatToIntBits(together[p * n + j]), Float.floatToIntBits(alone[p * n + j]), "row " + p + " column " + j);
            }
        }
        float[] d = flat(sparse(rng, pairs, n), 0);
        float[][] g0 = sparse(rng, k, n);
        float[] all = flat(g0, 0);
        kernel.accumulateTransposed(all, 0, af, off, d, cOff, pairs, k, n);
        // the same product over the first k - 2 columns of a: rows 32..34 fall out of their block into the tail
        float[] fewer = flat(g0, 0);
        kernel.accumulateTransposed(fewer, 0, af, off, d, cOff, pairs, k - 2, n);
        for (int q = 0; q < k - 2; q++) {
            for (int j = 0; j < n; j++) {
                assertEquals(Float.floatToIntBits(all[q * n + j]), Float.floatToIntBits(fewer[q * n + j]), "row " + q + " column " + j);
            }
        }
    }
}
