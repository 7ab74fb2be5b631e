// The element-wise and reduction parts of a layer's backward pass (the forward bias and ReLU are
// fused into gemm_fwd's epilogue).
#include "common.cuh"

// out [count], dOut [count] -> dOut [count]: the ReLU's gradient mask, dOut = 0 where out <= 0.
extern "C" __global__ void relu_backward(long long count, const float* __restrict__ out, float* __restrict__ dOut) {
    for (g2_index i = g2_thread_index(); i < count; i += g2_grid_stride()) {
        if (out[i] <= 0.f) {
            dOut[i] = 0.f;
        }
    }
}

// dOut viewed as [M = n * cells][N] (row m at (m / cells) * outStride + outCellOff[m % cells])
// -> dBias [N] += column sums. A block sums G2_BIAS_COLS columns over its share of the rows
// (blockIdx.y of gridDim.y) and adds its partial sums with atomicAdd.
extern "C" __global__ void __launch_bounds__(G2_BIAS_COLS * G2_BIAS_ROWS)
bias_grad(int M, int N, int cells, const float* __restrict__ dOut, int outStride, const int* __restrict__ outCellOff,
          float* __restrict__ dBias) {
    __shared__ float part[G2_BIAS_ROWS][G2_BIAS_COLS];
    const int n = blockIdx.x * G2_BIAS_COLS + threadIdx.x;
    G2View v = g2_view(const_cast<float*>(dOut), cells, outStride, outCellOff, nullptr);
    float s = 0.f;
    if (n < N) {
        for (int m = blockIdx.y * G2_BIAS_ROWS + threadIdx.y; m < M; m += gridDim.y * G2_BIAS_ROWS) {
            s += *v.at(m, n);
        }
    }
    part[threadIdx.y][threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.y == 0 && n < N) {
        float t = 0.f;
#pragma unroll
        for (int r = 0; r < G2_BIAS_ROWS; r++) {
            t += part[r][threadIdx.x];
        }
        atomicAdd(dBias + n, t);
    }
}

// col [n][contributions][cin] -> dIn [n][inCells][cin]: every input cell sums the column
// gradients of the contributions that read it (revStart/revList: CSR over input cells of
// contribution indices). Overwrites dIn.
extern "C" __global__ void col_to_input(int n, int inCells, int cin, const float* __restrict__ col, int colStride,
                                        const int* __restrict__ revStart, const int* __restrict__ revList,
                                        float* __restrict__ dIn, int inStride) {
    const g2_index total = (g2_index)n * inCells * cin;
    for (g2_index e = g2_thread_index(); e < total; e += g2_grid_stride()) {
        int c = (int)(e % cin);
        g2_index sc = e / cin;
        int cell = (int)(sc % inCells);
        g2_index s = sc / inCells;
        const float* colp = col + s * colStride + c;
        float t = 0.f;
        for (int r = revStart[cell]; r < revStart[cell + 1]; r++) {
            t += colp[(g2_index)revList[r] * cin];
        }
        dIn[s * inStride + (g2_index)cell * cin + c] = t;
    }
}

// in viewed as [M = n * cells][K] through (inCellOff, kOff) -> col viewed as [M][K] through
// colCellOff: the explicit columns a library GEMM reads (the gemm_* kernels read the view in place).
extern "C" __global__ void gather_columns(int M, int K, int cells, const float* __restrict__ in, int inStride,
                                          const int* __restrict__ inCellOff, const int* __restrict__ kOff,
                                          float* __restrict__ col, int colStride, const int* __restrict__ colCellOff) {
    G2View src = g2_view(const_cast<float*>(in), cells, inStride, inCellOff, kOff);
    G2View dst = g2_view(col, cells, colStride, colCellOff, nullptr);
    const g2_index total = (g2_index)M * K;
    for (g2_index e = g2_thread_index(); e < total; e += g2_grid_stride()) {
        int m = (int)(e / K);
        int k = (int)(e - (g2_index)m * K);
        *dst.at(m, k) = *src.at(m, k);
    }
}

// out viewed as [M = n * cells][N] through outCellOff: out += bias [N], then ReLU if relu. The
// epilogue gemm_fwd fuses, for products a library GEMM computed.
extern "C" __global__ void bias_activation(int M, int N, int cells, float* __restrict__ out, int outStride,
                                           const int* __restrict__ outCellOff, const float* __restrict__ bias, int relu) {
    G2View v = g2_view(out, cells, outStride, outCellOff, nullptr);
    const g2_index total = (g2_index)M * N;
    for (g2_index e = g2_thread_index(); e < total; e += g2_grid_stride()) {
        int m = (int)(e / N);
        int n = (int)(e - (g2_index)m * N);
        float* p = v.at(m, n);
        float y = *p + bias[n];
        *p = relu && y < 0.f ? 0.f : y;
    }
}
