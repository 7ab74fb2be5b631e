package g2048.cuda;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * cuBLAS's single-precision GEMM through {@code java.lang.foreign}: the passes' products under
 * {@code --gemm cublas|tf32} ({@link CublasGemm}) and the comparison with the hand-written kernels
 * ({@code g2048.cuda.check.GemmComparison}, hence public). One handle, on the CUDA runtime's view of the device's primary context
 * (the one {@link CudaContext} retains, current on the calling thread), running on the legacy
 * default stream until {@link #stream} sets another. Every call's status is checked and named.
 *
 * <p>Row-major callers: {@link #rowMajor} maps {@code C[M][N] = op(A) · op(B)} onto cuBLAS's
 * column-major call by swapping the operands (a row-major matrix is its transpose read
 * column-major), so no copy is made.
 */
public final class Cublas implements AutoCloseable {

    /** {@code CUBLAS_DEFAULT_MATH}: fp32 arithmetic. */
    public static final int DEFAULT_MATH = 0;
    /** {@code CUBLAS_TF32_TENSOR_OP_MATH}: tensor cores with inputs rounded to TF32 (10-bit mantissa). */
    public static final int TF32_MATH = 3;
    static final int OP_N = 0;
    static final int OP_T = 1;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT;
    private static final AddressLayout ADDRESS = ValueLayout.ADDRESS;

    /** The arguments of {@code cublasSgemm} (column-major) for a row-major product. */
    record Call(int transa, int transb, int m, int n, int k, int lda, int ldb, int ldc) {
    }

    /**
     * One library file's entry points. Bound once per file and kept loaded for the life of the
     * process, so that passes opened and closed many times (one per generator thread, one per
     * evaluator) neither bind them again nor load and unload cuBLAS each time.
     */
    private record EntryPoints(Arena arena, Path file, MethodHandle create, MethodHandle destroy, MethodHandle setMathMode,
            MethodHandle setStream, MethodHandle getVersion, MethodHandle sgemm) {
    }

    private static final Map<Path, EntryPoints> LOADED = new ConcurrentHashMap<>();

    private final EntryPoints lib;
    private final Arena arena;
    private final MemorySegment handle;
    private final MemorySegment alpha;
    private final MemorySegment beta;
    private final int version;
    private boolean closed;

    private Cublas(EntryPoints lib, Arena arena) {
        this.lib = lib;
        this.arena = arena;
        MemorySegment out = arena.allocate(ADDRESS);
        status((int) invoke(lib.create(), out), "cublasCreate_v2");
        this.handle = out.get(ADDRESS, 0);
        MemorySegment v = arena.allocate(INT);
        status((int) invoke(lib.getVersion(), handle, v), "cublasGetVersion_v2");
        this.version = v.get(INT, 0);
        this.alpha = arena.allocate(FLOAT);
        this.beta = arena.allocate(FLOAT);
    }

    /**
     * Loads cuBLAS (once per process) and creates a handle on the calling thread's current context
     * (bind the {@link CudaContext} first). Throws {@link CudaUnavailableException} naming the
     * places searched when no library is found, or why it does not load.
     */
    public static Cublas open() {
        List<String> searched = new ArrayList<>();
        Path file = CublasLibrary.find(searched).orElseThrow(() -> new CudaUnavailableException(
                "no libcublas.so.* (searched " + String.join(", ", searched) + "; set " + CublasLibrary.ENVIRONMENT
                        + " to the file)"));
        EntryPoints lib = LOADED.computeIfAbsent(file, Cublas::load);
        Arena arena = Arena.ofShared();
        try {
            return new Cublas(lib, arena);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** Loads {@code file} (and its {@code libcublasLt} sibling first) and binds the entry points. */
    @SuppressWarnings("restricted")
    private static EntryPoints load(Path file) {
        Arena arena = Arena.ofShared();
        try {
            CublasLibrary.lightweightSibling(file).ifPresent(lt -> SymbolLookup.libraryLookup(lt, arena));
            SymbolLookup lookup = SymbolLookup.libraryLookup(file, arena);
            return new EntryPoints(arena, file, bind(lookup, file, "cublasCreate_v2", FunctionDescriptor.of(INT, ADDRESS)),
                    bind(lookup, file, "cublasDestroy_v2", FunctionDescriptor.of(INT, ADDRESS)),
                    bind(lookup, file, "cublasSetMathMode", FunctionDescriptor.of(INT, ADDRESS, INT)),
                    bind(lookup, file, "cublasSetStream_v2", FunctionDescriptor.of(INT, ADDRESS, ADDRESS)),
                    bind(lookup, file, "cublasGetVersion_v2", FunctionDescriptor.of(INT, ADDRESS, ADDRESS)),
                    bind(lookup, file, "cublasSgemm_v2", FunctionDescriptor.of(INT, ADDRESS, INT, INT, INT, INT, INT, ADDRESS,
                            ADDRESS, INT, ADDRESS, INT, ADDRESS, ADDRESS, INT)));
        } catch (CudaUnavailableException e) {
            arena.close();
            throw e;
        } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
            arena.close();
            throw new CudaUnavailableException(file + " does not load: " + String.valueOf(e.getMessage()).replace('\n', ' '));
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** The library file and version, e.g. {@code libcublas.so.13 (13.0.0)}. */
    public String describe() {
        return lib.file() + " (" + version / 10_000 + "." + version / 100 % 100 + "." + version % 100 + ")";
    }

    /** {@link #DEFAULT_MATH} (fp32) or {@link #TF32_MATH}. */
    public void mathMode(int mode) {
        status((int) invoke(lib.setMathMode(), handle, mode), "cublasSetMathMode(" + mode + ")");
    }

    /** Runs the following calls on the stream with native handle {@code stream} (0: the legacy default stream). */
    void stream(long stream) {
        status((int) invoke(lib.setStream(), handle, MemorySegment.ofAddress(stream)), "cublasSetStream_v2");
    }

    /**
     * Queues {@code C[M][N] = alpha · op(A) · op(B) + beta · C} on row-major device matrices at raw
     * device addresses, with leading dimensions (row strides) {@code lda, ldb, ldc}.
     */
    public void gemmRowMajor(boolean transA, boolean transB, int m, int n, int k, float a, long matA, int lda, long matB, int ldb,
            float b, long matC, int ldc) {
        Call c = rowMajor(transA, transB, m, n, k, lda, ldb, ldc);
        alpha.set(FLOAT, 0, a);
        beta.set(FLOAT, 0, b);
        int r;
        try {
            // cuBLAS's first operand is B: see rowMajor.
            r = (int) lib.sgemm().invokeExact(handle, c.transa(), c.transb(), c.m(), c.n(), c.k(), alpha, MemorySegment.ofAddress(matB),
                    c.lda(), MemorySegment.ofAddress(matA), c.ldb(), beta, MemorySegment.ofAddress(matC), c.ldc());
        } catch (Throwable t) {
            throw new CudaException("cublasSgemm_v2 could not be called: " + t);
        }
        status(r, "cublasSgemm_v2(m=" + c.m() + ", n=" + c.n() + ", k=" + c.k() + ")");
    }

    /**
     * The column-major call for row-major {@code C[M][N] = op(A) · op(B)}: cuBLAS computes
     * {@code Cᵀ = op(B)ᵀ · op(A)ᵀ}, and a stored row-major matrix read column-major is already
     * transposed, so the operands swap (cuBLAS's A is our B) and each keeps its own transpose flag.
     */
    static Call rowMajor(boolean transA, boolean transB, int m, int n, int k, int lda, int ldb, int ldc) {
        return new Call(transB ? OP_T : OP_N, transA ? OP_T : OP_N, n, m, k, ldb, lda, ldc);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                status((int) invoke(lib.destroy(), handle), "cublasDestroy_v2");
            } finally {
                arena.close();
            }
        }
    }

    private static MethodHandle bind(SymbolLookup lookup, Path library, String name, FunctionDescriptor d) {
        MemorySegment symbol = lookup.find(name).orElseThrow(() -> new CudaUnavailableException(library + " has no symbol " + name));
        return LINKER.downcallHandle(symbol, d);
    }

    private static Object invoke(MethodHandle h, Object... args) {
        try {
            return h.invokeWithArguments(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new CudaException("cuBLAS call failed: " + t);
        }
    }

    private static void status(int s, String call) {
        if (s != 0) {
            throw new CudaException(call + " failed: " + statusName(s));
        }
    }

    /** cuBLAS's status codes by name ({@code cublasStatus_t}). */
    static String statusName(int s) {
        return switch (s) {
            case 0 -> "CUBLAS_STATUS_SUCCESS";
            case 1 -> "CUBLAS_STATUS_NOT_INITIALIZED";
            case 3 -> "CUBLAS_STATUS_ALLOC_FAILED";
            case 7 -> "CUBLAS_STATUS_INVALID_VALUE";
            case 8 -> "CUBLAS_STATUS_ARCH_MISMATCH";
            case 11 -> "CUBLAS_STATUS_MAPPING_ERROR";
            case 13 -> "CUBLAS_STATUS_EXECUTION_FAILED";
            case 14 -> "CUBLAS_STATUS_INTERNAL_ERROR";
            case 15 -> "CUBLAS_STATUS_NOT_SUPPORTED";
            case 16 -> "CUBLAS_STATUS_LICENSE_ERROR";
            default -> "cuBLAS status " + s;
        };
    }
}
