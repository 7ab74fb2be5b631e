package g2048.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * Row-major single-precision products by a library on the device, queued on a stream: cuBLAS
 * ({@link CublasGemm}) on a GPU, plain loops in the tests' emulated driver. One per pass, used by
 * one thread.
 */
interface LibraryGemm extends AutoCloseable {

    /**
     * Queues {@code C[M][N] = alpha · op(A) · op(B) + beta · C} with row strides {@code lda, ldb,
     * ldc}; {@code op(A)} is {@code [M][K]} (stored {@code [K][M]} when transposed), {@code op(B)}
     * is {@code [K][N]} (stored {@code [N][K]} when transposed).
     */
    void gemm(CUstream s, boolean transA, boolean transB, int m, int n, int k, float alpha, CUdeviceptr a, int lda, CUdeviceptr b,
            int ldb, float beta, CUdeviceptr c, int ldc);

    /** The library in words. */
    String describe();

    @Override
    void close();
}
