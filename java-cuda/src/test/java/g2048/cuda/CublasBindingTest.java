package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What of the cuBLAS binding runs without a GPU: the row-major to column-major mapping of a GEMM
 * against BLAS's definition of {@code sgemm}, finding the library, and the one-line reasons when
 * it is missing or does not load.
 */
class CublasBindingTest {

    @Test
    void rowMajorProductsMapOntoColumnMajorSgemm() {
        Rng rng = new Rng(20_260_123L);
        for (int trial = 0; trial < 200; trial++) {
            boolean transA = rng.nextInt(2) == 1;
            boolean transB = rng.nextInt(2) == 1;
            int m = 1 + rng.nextInt(9);
            int n = 1 + rng.nextInt(9);
            int k = 1 + rng.nextInt(9);
            // Row-major storage with padded row strides: A is M×K (K×M when transposed), B is K×N (N×K).
            int aRows = transA ? k : m;
            int aCols = transA ? m : k;
            int bRows = transB ? n : k;
            int bCols = transB ? k : n;
            int lda = aCols + rng.nextInt(3);
            int ldb = bCols + rng.nextInt(3);
            int ldc = n + rng.nextInt(3);
            float[] a = random(rng, aRows * lda);
            float[] b = random(rng, bRows * ldb);
            float[] c = new float[m * ldc];
            Cublas.Call call = Cublas.rowMajor(transA, transB, m, n, k, lda, ldb, ldc);
            // cuBLAS's first operand is our B, its second our A.
            columnMajorSgemm(call.transa(), call.transb(), call.m(), call.n(), call.k(), b, call.lda(), a, call.ldb(), c, call.ldc());
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    double expected = 0;
                    for (int l = 0; l < k; l++) {
                        float x = transA ? a[l * lda + i] : a[i * lda + l];
                        float y = transB ? b[j * ldb + l] : b[l * ldb + j];
                        expected += (double) x * y;
                    }
                    assertEquals(expected, c[i * ldc + j], 1e-4, "trial " + trial + " C[" + i + "][" + j + "]");
                }
            }
        }
    }

    /** BLAS {@code sgemm} with alpha 1 and beta 0, column-major: C(i, j) = Σ op(A)(i, l) · op(B)(l, j). */
    private static void columnMajorSgemm(int transa, int transb, int m, int n, int k, float[] a, int lda, float[] b, int ldb,
            float[] c, int ldc) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    float x = transa == Cublas.OP_N ? a[i + l * lda] : a[l + i * lda];
                    float y = transb == Cublas.OP_N ? b[l + j * ldb] : b[j + l * ldb];
                    sum += (double) x * y;
                }
                c[i + j * ldc] = (float) sum;
            }
        }
    }

    @Test
    void theNewestLibraryInADirectoryIsChosenWithItsLtSibling(@TempDir Path dir) throws IOException {
        for (String name : List.of("libcublas.so.12", "libcublas.so.13", "libcublas.so.13.0.2", "libcublas.so.13.0.0.19",
                "libcublas.so", "libcublasLt.so.13", "libcublas.so.x")) {
            Files.writeString(dir.resolve(name), "");
        }
        Optional<CublasLibrary.Found> f = CublasLibrary.newestIn(dir);
        assertTrue(f.isPresent());
        assertEquals("libcublas.so.13.0.2", f.get().file().getFileName().toString());
        assertEquals(dir.resolve("libcublasLt.so.13"), CublasLibrary.lightweightSibling(f.get().file()).orElseThrow());
        assertFalse(CublasLibrary.lightweightSibling(dir.resolve("libcublas.so.12")).isPresent());
        assertFalse(CublasLibrary.newestIn(dir.resolve("missing")).isPresent());
    }

    @Test
    void aNamedLibraryThatIsMissingOrNotCublasIsAOneLineReason(@TempDir Path dir) throws IOException {
        String before = System.getProperty(CublasLibrary.PROPERTY);
        try {
            Path missing = dir.resolve("libcublas.so.99");
            System.setProperty(CublasLibrary.PROPERTY, missing.toString());
            List<String> searched = new ArrayList<>();
            assertFalse(CublasLibrary.find(searched).isPresent());
            assertEquals(List.of(missing.toString()), searched);
            CudaUnavailableException e = assertThrows(CudaUnavailableException.class, Cublas::open);
            assertTrue(e.getMessage().startsWith("CUDA unavailable: no libcublas.so.*"), e.getMessage());
            assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains(CublasLibrary.ENVIRONMENT), e.getMessage());

            // A shared library that is not cuBLAS: it loads, and the first missing symbol is named.
            Path other = Path.of(System.getProperty("java.home"), "lib", "libzip.so");
            System.setProperty(CublasLibrary.PROPERTY, other.toString());
            e = assertThrows(CudaUnavailableException.class, Cublas::open);
            assertEquals("CUDA unavailable: " + other + " has no symbol cublasCreate_v2", e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(CublasLibrary.PROPERTY);
            } else {
                System.setProperty(CublasLibrary.PROPERTY, before);
            }
        }
    }

    @Test
    void statusCodesAreNamed() {
        assertEquals("CUBLAS_STATUS_INVALID_VALUE", Cublas.statusName(7));
        assertEquals("CUBLAS_STATUS_NOT_SUPPORTED", Cublas.statusName(15));
        assertEquals("cuBLAS status 42", Cublas.statusName(42));
    }

    private static float[] random(Rng rng, int n) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) rng.nextGaussian();
        }
        return x;
    }
}
