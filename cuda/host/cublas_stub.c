/*
 * A host stand-in for the six cuBLAS entry points g2048.cuda.Cublas binds, so that the binding
 * (symbol names, argument order and types, host scalars, status checks, handle lifetime) is
 * tested without a GPU: CublasStubTest compiles this into a libcublas.so.13 and points
 * g2048.cublas at it. "Device" addresses are host addresses here. The GEMM is BLAS's column-major
 * sgemm, written from its definition.
 */
#include <stddef.h>

typedef struct {
    int math_mode;
    void *stream;
} stub_handle;

static stub_handle handles[16];
static int in_use[16];
static int last_math_mode = -1;
static void *last_stream = (void *) -1;

int cublasCreate_v2(stub_handle **out) {
    for (int i = 0; i < 16; i++) {
        if (!in_use[i]) {
            in_use[i] = 1;
            handles[i].math_mode = 0;
            handles[i].stream = NULL;
            *out = &handles[i];
            return 0;
        }
    }
    return 3; /* CUBLAS_STATUS_ALLOC_FAILED */
}

int cublasDestroy_v2(stub_handle *h) {
    ptrdiff_t i = h - handles;
    if (i < 0 || i >= 16 || !in_use[i]) {
        return 1; /* CUBLAS_STATUS_NOT_INITIALIZED */
    }
    in_use[i] = 0;
    return 0;
}

int cublasGetVersion_v2(stub_handle *h, int *version) {
    (void) h;
    *version = 130002; /* 13.0.2 */
    return 0;
}

int cublasSetMathMode(stub_handle *h, int mode) {
    if (mode != 0 && mode != 1 && mode != 2 && mode != 3) {
        return 7; /* CUBLAS_STATUS_INVALID_VALUE */
    }
    h->math_mode = mode;
    last_math_mode = mode;
    return 0;
}

int cublasSetStream_v2(stub_handle *h, void *stream) {
    h->stream = stream;
    last_stream = stream;
    return 0;
}

int cublasSgemm_v2(stub_handle *h, int transa, int transb, int m, int n, int k, const float *alpha, const float *a, int lda,
                   const float *b, int ldb, const float *beta, float *c, int ldc) {
    (void) h;
    int rowsA = transa == 0 ? m : k;
    int rowsB = transb == 0 ? k : n;
    if (m < 0 || n < 0 || k < 0 || lda < (rowsA > 1 ? rowsA : 1) || ldb < (rowsB > 1 ? rowsB : 1) || ldc < (m > 1 ? m : 1)) {
        return 7; /* CUBLAS_STATUS_INVALID_VALUE */
    }
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < m; i++) {
            double sum = 0;
            for (int l = 0; l < k; l++) {
                float x = transa == 0 ? a[i + (size_t) l * lda] : a[l + (size_t) i * lda];
                float y = transb == 0 ? b[l + (size_t) j * ldb] : b[j + (size_t) l * ldb];
                sum += (double) x * y;
            }
            float *out = &c[i + (size_t) j * ldc];
            *out = (float) (*alpha * sum + (*beta == 0 ? 0.0 : *beta * (double) *out));
        }
    }
    return 0;
}

/* For the test: handles created and not destroyed. */
int stub_live_handles(void) {
    int live = 0;
    for (int i = 0; i < 16; i++) {
        live += in_use[i];
    }
    return live;
}

/* For the test: the mode of the last successful cublasSetMathMode, -1 before any. */
int stub_last_math_mode(void) {
    return last_math_mode;
}

/* For the test: the stream of the last cublasSetStream_v2, -1 before any. */
long stub_last_stream(void) {
    return (long) last_stream;
}
