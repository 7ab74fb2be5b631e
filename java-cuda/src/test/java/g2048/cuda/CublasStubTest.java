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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
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

    @TempDir
    Path dir;
    /** The stand-in, compiled for each test and named by the property the binding reads. */
    private Path lib;
    private String before;

    @BeforeEach
    void buildTheStandIn() throws IOException, InterruptedException {
        lib = compileStub(dir);
        before = System.getProperty(CublasLibrary.PROPERTY);
        System.setProperty(CublasLibrary.PROPERTY, lib.toString());
    }

    @AfterEach
    void restoreTheProperty() {
        if (before == null) {
            System.clearProperty(CublasLibrary.PROPERTY);
        } else {
            System.setProperty(CublasLibrary.PROPERTY, before);
        }
    }

    @Test
    @SuppressWarnings("restricted")
    void theBindingComputesRowMajorProductsThroughTheLibrary() throws Throwable {
        // A lookup of our own keeps the library loaded (and its counters) after the binding closes it.
        try (Arena probe = Arena.ofConfined(); Arena memory = Arena.ofConfined()) {
            SymbolLookup stub = SymbolLookup.libraryLookup(lib, probe);
            MethodHandle live = counter(stub, "stub_live_handles", ValueLayout.JAVA_INT);
            MethodHandle mode = counter(stub, "stub_last_math_mode", ValueLayout.JAVA_INT);
            MethodHandle stream = counter(stub, "stub_last_stream", ValueLayout.JAVA_LONG);
            Rng rng = new Rng(77);
            try (Cublas cublas = Cublas.open()) {
                assertEquals(lib + " (13.0.2)", cublas.describe());
                assertEquals(1, (int) live.invokeExact());
                cublas.mathMode(Cublas.TF32_MATH);
                assertEquals(Cublas.TF32_MATH, (int) mode.invokeExact());
                cublas.mathMode(Cublas.DEFAULT_MATH);
                assertEquals(Cublas.DEFAULT_MATH, (int) mode.invokeExact());
                cublas.stream(0x5eedL);
                assertEquals(0x5eedL, (long) stream.invokeExact());
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
        }
    }

    /**
     * The passes' view of the library ({@link CublasGemm}): opened in TF32 mode, it sets the call's
     * stream before the first product and passes JCuda pointers as the addresses they stand for.
     */
    @Test
    @SuppressWarnings("restricted")
    void thePassesGemmSetsModeAndStreamAndPassesJCudaPointers() throws Throwable {
        try (Arena probe = Arena.ofConfined(); Arena memory = Arena.ofConfined()) {
            SymbolLookup stub = SymbolLookup.libraryLookup(lib, probe);
            MethodHandle mode = counter(stub, "stub_last_math_mode", ValueLayout.JAVA_INT);
            MethodHandle stream = counter(stub, "stub_last_stream", ValueLayout.JAVA_LONG);
            float[] a = {1, 2, 3, 4, 5, 6};
            float[] b = {1, 0, 0, 1, 2, -1};
            MemorySegment da = memory.allocateFrom(F, a);
            MemorySegment db = memory.allocateFrom(F, b);
            MemorySegment dc = memory.allocate(F, 4);
            try (CublasGemm g = CublasGemm.open(GemmMode.CUBLAS_TF32)) {
                assertEquals(Cublas.TF32_MATH, (int) mode.invokeExact());
                assertTrue(g.describe().startsWith("cuBLAS TF32 " + lib), g.describe());
                // [2][3] · [3][2]: rows (1 2 3)(4 5 6) times columns (1 0 2)(0 1 -1).
                g.gemm(null, false, false, 2, 2, 3, 1f, ptr(da), 3, ptr(db), 2, 0f, ptr(dc), 2);
                assertEquals(0L, (long) stream.invokeExact(), "the default stream set before the first product");
                assertEquals(7f, dc.getAtIndex(F, 0));
                assertEquals(-1f, dc.getAtIndex(F, 1));
                assertEquals(16f, dc.getAtIndex(F, 2));
                assertEquals(-1f, dc.getAtIndex(F, 3));
                // A pointer with a byte offset addresses from that offset: the second row of A alone.
                g.gemm(null, false, false, 1, 2, 3, 1f, ptr(da.asSlice(12)), 3, ptr(db), 2, 0f, ptr(dc), 2);
                assertEquals(16f, dc.getAtIndex(F, 0));
                assertEquals(-1f, dc.getAtIndex(F, 1));
            }
            assertThrows(IllegalArgumentException.class, () -> CublasGemm.open(GemmMode.KERNELS));
        }
    }

    /** One of the stand-in's counters for the test (a function of no arguments). */
    @SuppressWarnings("restricted")
    private static MethodHandle counter(SymbolLookup stub, String name, ValueLayout result) {
        return Linker.nativeLinker().downcallHandle(stub.find(name).orElseThrow(), FunctionDescriptor.of(result));
    }

    /** A JCuda device pointer standing for a host address (the stand-in's "device" memory). */
    private static jcuda.driver.CUdeviceptr ptr(MemorySegment s) {
        return (jcuda.driver.CUdeviceptr) new jcuda.driver.CUdeviceptr().withByteOffset(s.address());
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
