// Shared definitions of the g2048 kernels: launch constants, index types, the strided views the
// GEMMs read and write. The Java launchers (g2048.cuda.Geometry) mirror every constant below; a
// test reads this file and checks that they agree, so change both together.
#pragma once
#include <stdint.h>

// Threads per block of the one-dimensional kernels (encode, element-wise, reductions).
#define G2_BLOCK_1D 256
// Threads of the single-block MSE kernel.
#define G2_BLOCK_MSE 1024
// Bias-gradient kernel: a block is G2_BIAS_COLS columns x G2_BIAS_ROWS row-threads.
#define G2_BIAS_COLS 32
#define G2_BIAS_ROWS 8
// GEMM tiles: "large" 128x128x16 with 8x8 per thread, "small" 64x64x16 with 4x4 per thread;
// both use 256 threads.
#define G2_GEMM_THREADS 256
#define G2_GEMM_BK 16
#define G2_GEMM_LARGE_BM 128
#define G2_GEMM_LARGE_BN 128
#define G2_GEMM_SMALL_BM 64
#define G2_GEMM_SMALL_BN 64
// Skinny forward GEMM (few rows): a block is G2_SKINNY_ROWS rows x G2_SKINNY_COLS columns, its
// G2_GEMM_THREADS threads G2_GEMM_THREADS / G2_SKINNY_COLS slices of the reduction.
#define G2_SKINNY_ROWS 8
#define G2_SKINNY_COLS 32

// A 64-bit element index: every kernel computes global indices in this type, so a batch whose
// activations exceed 2^31 elements cannot wrap (the launchers also refuse such batches).
typedef long long g2_index;

// The global index of this thread in a one-dimensional launch, in 64 bits.
__device__ __forceinline__ g2_index g2_thread_index() {
    return (g2_index)blockIdx.x * blockDim.x + threadIdx.x;
}

// The grid-wide stride of a one-dimensional grid-stride loop.
__device__ __forceinline__ g2_index g2_grid_stride() {
    return (g2_index)gridDim.x * blockDim.x;
}

// A matrix read or written through tables, the form every layer's operands take (see cuda/README.md).
// Element (i, j) lives at
//     p[(i / cells) * stride + cellOff[i % cells] + colOff[j]]
// where i / cells is the sample, i % cells the output cell of the layer group, and colOff maps a
// column to its offset inside the cell's window (null means colOff[j] = j; null cellOff means 0).
// A plain row-major matrix with leading dimension ld is {cells = 1, stride = ld, null, null}.
struct G2View {
    float* p;
    int cells;
    int stride;
    const int* cellOff;
    const int* colOff;

    __device__ __forceinline__ g2_index row(int i) const {
        int s = i / cells;
        return row(s, i - s * cells);
    }
    // The row of sample s, local cell c: row(s * cells + c) without the division.
    __device__ __forceinline__ g2_index row(int s, int c) const {
        return (g2_index)s * stride + (cellOff ? cellOff[c] : 0);
    }
    __device__ __forceinline__ int col(int j) const {
        return colOff ? colOff[j] : j;
    }
    __device__ __forceinline__ float* at(int i, int j) const {
        return p + row(i) + col(j);
    }
};

// Four consecutive floats in one 128-bit load; p must be 16-byte aligned (the host emulation checks).
#ifndef G2_HOST_EMULATION
__device__ __forceinline__ float4 g2_load4(const float* p) {
    return *reinterpret_cast<const float4*>(p);
}
#endif

__device__ __forceinline__ G2View g2_view(float* p, int cells, int stride, const int* cellOff, const int* colOff) {
    G2View v;
    v.p = p;
    v.cells = cells;
    v.stride = stride;
    v.cellOff = cellOff;
    v.colOff = colOff;
    return v;
}
