package g2048.cuda;

import g2048.settings.BadSetting;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * {@link LibraryGemm} by cuBLAS: one handle (made on the calling thread's current context), its
 * math mode fp32 or TF32, its stream set to each call's stream when that changes (the passes'
 * streams are non-blocking, so the legacy default stream would not order with them).
 */
final class CublasGemm implements LibraryGemm {

    private final Cublas cublas;
    private final boolean tf32;
    private long stream = -1;

    private CublasGemm(Cublas cublas, boolean tf32) {
        this.cublas = cublas;
        this.tf32 = tf32;
    }

    /** Opens cuBLAS in {@code mode} ({@link GemmMode#CUBLAS} or {@link GemmMode#CUBLAS_TF32}); bind the context first. */
    static CublasGemm open(GemmMode mode) {
        if (mode == GemmMode.KERNELS) {
            throw new BadSetting(BadSetting.field(GemmMode.FIELD), " kernels needs no library");
        }
        Cublas c = Cublas.open();
        try {
            boolean tf32 = mode == GemmMode.CUBLAS_TF32;
            c.mathMode(tf32 ? Cublas.TF32_MATH : Cublas.DEFAULT_MATH);
            return new CublasGemm(c, tf32);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    @Override
    public void gemm(CUstream s, boolean transA, boolean transB, int m, int n, int k, float alpha, CUdeviceptr a, int lda,
            CUdeviceptr b, int ldb, float beta, CUdeviceptr c, int ldc) {
        long h = NativeHandles.handle(s);
        if (h != stream) {
            cublas.stream(h);
            stream = h;
        }
        cublas.gemmRowMajor(transA, transB, m, n, k, alpha, NativeHandles.address(a), lda, NativeHandles.address(b), ldb, beta,
                NativeHandles.address(c), ldc);
    }

    @Override
    public String describe() {
        return "cuBLAS " + (tf32 ? "TF32" : "fp32") + " " + cublas.describe();
    }

    @Override
    public void close() {
        cublas.close();
    }
}
