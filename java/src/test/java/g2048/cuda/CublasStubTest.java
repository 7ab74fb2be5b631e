package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cuBLAS binding end to end through {@code java.lang.foreign}, against a host stand-in of the
 * library ({@code cuda/host/cublas_stub.c}, compiled here into a {@code libcublas.so.13}):
 * symbols, argument order and types, host scalars, the row-major mapping on real memory, status
 * checks and the handle's lifetime. Needs a C compiler, not a GPU; skipped with the reason where
 * there is none.
 */
class CublasStubTest {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    @Test
    @SuppressWarnings("restricted")
    void theBindingComputesRowMajorProductsThroughTheLibrary(@TempDir Path dir) throws Throwable {
        Path lib = compileStub(dir);
        String before = System.getProperty(CublasLibrary.PROPERTY);
        System.setProperty(CublasLibrary.PROPERTY, lib.toString());
        // A lookup of our own keeps the library loaded (and its counters) after the binding closes it.
        try (Arena probe = Arena.ofConfined(); Arena memory = Arena.ofConfined()) {
            SymbolLookup stub = SymbolLookup.libraryLookup(lib, probe);
            MethodHandle live = Linker.nativeLinker().downcallHandle(stub.find("stub_live_handles").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));
            MethodHandle mode = Linker.nativeLinker().downcallHandle(stub.find("stub_last_math_mode").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));
            Rng rng = new Rng(77);
            try (Cublas cublas = Cublas.open()) {
                assertEquals(lib + " (13.0.2)", cublas.describe());
                assertEquals(1, (int) live.invokeExact());
                cublas.mathMode(Cublas.TF32_MATH);
                assertEquals(Cublas.TF32_MATH, (int) mode.invokeExact());
                cublas.mathMode(Cublas.DEFAULT_MATH);
                assertEquals(Cublas.DEFAULT_MATH, (int) mode.invokeExact());
                for (int trial = 0; trial < 60; trial++) {
                    product(cublas, memory, rng, trial);
                }
                CudaException e = assertThrows(CudaException.class,
                        () -> cublas.gemmRowMajor(false, false, 2, 2, 2, 1f, 0, 2, 0, 1, 0f, 0, 2));
                assertTrue(e.getMessage().contains("CUBLAS_STATUS_INVALID_VALUE"), e.getMessage());
                CudaException m = assertThrows(CudaException.class, () -> cublas.mathMode(9));
                assertTrue(m.getMessage().startsWith("cublasSetMathMode(9) failed: CUBLAS_STATUS_INVALID_VALUE"), m.getMessage());
            }
            assertEquals(0, (int) live.invokeExact(), "the handle is destroyed on close");
        } finally {
            if (before == null) {
                System.clearProperty(CublasLibrary.PROPERTY);
            } else {
                System.setProperty(CublasLibrary.PROPERTY, before);
            }
        }
    }

    /** One random row-major C = alpha · op(A) · op(B) + beta · C with padded strides, against plain loops. */
    private static void product(Cublas cublas, Arena memory, Rng rng, int trial) {
        boolean transA = rng.nextInt(2) == 1;
        boolean transB = rng.nextInt(2) == 1;
        int m = 1 + rng.nextInt(12);
        int n = 1 + rng.nextInt(12);
        int k = 1 + rng.nextInt(12);
        int lda = (transA ? m : k) + rng.nextInt(3);
        int ldb = (transB ? k : n) + rng.nextInt(3);
        int ldc = n + rng.nextInt(3);
        float alpha = (float) rng.nextGaussian();
        float beta = trial % 3 == 0 ? 0f : (float) rng.nextGaussian();
        float[] a = random(rng, (transA ? k : m) * lda);
        float[] b = random(rng, (transB ? n : k) * ldb);
        float[] c = random(rng, m * ldc);
        MemorySegment da = memory.allocateFrom(F, a);
        MemorySegment db = memory.allocateFrom(F, b);
        MemorySegment dc = memory.allocateFrom(F, c);
        cublas.gemmRowMajor(transA, transB, m, n, k, alpha, da.address(), lda, db.address(), ldb, beta, dc.address(), ldc);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < ldc; j++) {
                float got = dc.getAtIndex(F, (long) i * ldc + j);
                if (j >= n) {
                    assertEquals(c[i * ldc + j], got, "trial " + trial + ": padding C[" + i + "][" + j + "] untouched");
                    continue;
                }
                double sum = 0;
                for (int l = 0; l < k; l++) {
                    sum += (double) (transA ? a[l * lda + i] : a[i * lda + l]) * (transB ? b[j * ldb + l] : b[l * ldb + j]);
                }
                double expected = alpha * sum + (beta == 0 ? 0 : beta * (double) c[i * ldc + j]);
                assertEquals(expected, got, 1e-4 * Math.max(1, Math.abs(expected)), "trial " + trial + ": C[" + i + "][" + j + "]");
            }
        }
    }

    /** Compiles cuda/host/cublas_stub.c into dir/libcublas.so.13, or skips the test when no C compiler is found. */
    private static Path compileStub(Path dir) throws IOException, InterruptedException {
        Path source = GeometryTest.repo().resolve("cuda/host/cublas_stub.c");
        Path lib = dir.resolve("libcublas.so.13");
        List<String> tried = new ArrayList<>();
        for (String cc : new String[] {System.getenv("CC"), "cc", "gcc", "clang"}) {
            if (cc == null || cc.isBlank()) {
                continue;
            }
            tried.add(cc);
            Process p;
            try {
                p = new ProcessBuilder(cc, "-O1", "-shared", "-fPIC", "-Wall", "-o", lib.toString(), source.toString())
                        .redirectErrorStream(true).start();
            } catch (IOException notFound) {
                continue;
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), cc + " did not finish");
            assertEquals(0, p.exitValue(), cc + " failed on " + source + ":\n" + out);
            return lib;
        }
        Assumptions.abort("no C compiler to build the cuBLAS stand-in (tried " + String.join(", ", tried) + ")");
        return null;
    }

    private static float[] random(Rng rng, int n) {
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) rng.nextGaussian();
        }
        return x;
    }
}
