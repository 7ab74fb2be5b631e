// The tiled fp32 GEMM behind every layer (convolution, dual 1x2 convolution, fully connected),
// in the three forms a layer needs, each in a large and a small tile:
//
//   gemm_fwd_*    forward:         out(m, n)  = relu?( bias[n] + sum_k  in(m, k)   * W[k][n] )
//   gemm_dgrad_*  data gradient:   col(m, k)  =                 sum_n  dOut(m, n) * W[k][n]
//   gemm_wgrad_*  weight gradient: dW[k][n]  +=                 sum_m  in(m, k)   * dOut(m, n)
//
// m runs over (sample, output cell of the group), k over (tap, input channel), n over output
// channels; in(m, k), dOut(m, n) and col(m, k) are G2Views (common.cuh) built from the layer's
// connection table, so one kernel serves every layer kind. W is the group's [K][N] weight block.
// gemm_wgrad splits the m reduction over gridDim.z and adds with atomicAdd: dW must be zeroed (or
// hold the gradient of earlier groups that share the block) before the launch.
//
// gemm_fwd_skinny is the forward for few rows m (the afterstates of one move, small leaf batches):
// there the tiled kernels get a handful of blocks that each walk the whole reduction, one global
// load after another, so the launch is latency-bound. It splits the reduction instead, over the
// warps of a block and over gridDim.z (see the kernel).
#include "common.cuh"

// Four floats of padding keep each shared tile row 16-byte aligned for g2_load4 while spreading
// the transposed stores over the banks.
#define G2_GEMM_PAD 4

// One operand's share of a tile: the EXTENT x BK elements (EXTENT = BM for P, BN for Q) that the
// block's threads load, LOADS each, and store as tile[kk][e] in shared memory. ALONG_COLUMNS: the
// reduction index is the view's column (P when not transposed, Q when transposed), so a thread's
// loads r sit at e = tid / BK + r * (THREADS / BK), kk = tid % BK; otherwise it is the view's row,
// and e = tid % EXTENT, kk = tid / EXTENT + r * (THREADS / EXTENT). Either way consecutive threads
// walk the view's contiguous index, and the index a thread keeps over the whole reduction (its
// rows, or its column) has its offset computed once, in bind(): a view's row costs an integer
// division by the group's cells. -1 marks an index outside the matrix. An offset is an element
// of one buffer, and the launchers refuse buffers of 2^31 floats or more, so it fits an int
// (half the registers of a g2_index: the large tile keeps 8 of them).
template <int EXTENT, bool ALONG_COLUMNS>
struct G2TileOperand {
    static constexpr int BK = G2_GEMM_BK;
    static constexpr int THREADS = G2_GEMM_THREADS;
    static constexpr int LOADS = EXTENT * BK / THREADS;
    static_assert((EXTENT * BK) % THREADS == 0, "tile loads must divide evenly");
    static_assert(THREADS % BK == 0 && THREADS % EXTENT == 0, "a thread's loads keep one index fixed over the reduction");

    int fixed[ALONG_COLUMNS ? LOADS : 1];
    float next[LOADS];

    // Offsets of this thread's fixed index for the block whose tile starts at `origin` of `limit`.
    __device__ __forceinline__ void bind(const G2View& v, int origin, int limit, int tid) {
        if (ALONG_COLUMNS) {
#pragma unroll
            for (int r = 0; r < LOADS; r++) {
                const int e = origin + tid / BK + r * (THREADS / BK);
                fixed[r] = e < limit ? (int)v.row(e) : -1;
            }
        } else {
            const int e = origin + tid % EXTENT;
            fixed[0] = e < limit ? v.col(e) : -1;
        }
    }

    // Reads this thread's elements of the tile at reduction index k0 into next (zero outside).
    __device__ __forceinline__ void fetch(const G2View& v, int k0, int kEnd, int tid) {
        if (ALONG_COLUMNS) {
            const int k = k0 + tid % BK;
            const float* column = k < kEnd ? v.p + v.col(k) : nullptr;
#pragma unroll
            for (int r = 0; r < LOADS; r++) {
                next[r] = column && fixed[r] >= 0 ? column[fixed[r]] : 0.f;
            }
        } else {
            // The loads' rows are STEP apart: two divisions for the first and the step, then the
            // sample and cell are carried forward (the weight gradient's two operands both read
            // this way, and a division per load was some 20 instructions a load).
            constexpr int STEP = THREADS / EXTENT;
            const int sStep = STEP / v.cells;
            const int cStep = STEP - sStep * v.cells;
            int k = k0 + tid / EXTENT;
            int s = k / v.cells;
            int c = k - s * v.cells;
#pragma unroll
            for (int r = 0; r < LOADS; r++) {
                next[r] = fixed[0] >= 0 && k < kEnd ? v.p[v.row(s, c) + fixed[0]] : 0.f;
                k += STEP;
                s += sStep;
                c += cStep;
                if (c >= v.cells) {
                    c -= v.cells;
                    s++;
                }
            }
        }
    }

    __device__ __forceinline__ void store(float (*tile)[EXTENT + G2_GEMM_PAD], int tid) const {
#pragma unroll
        for (int r = 0; r < LOADS; r++) {
            if (ALONG_COLUMNS) {
                tile[tid % BK][tid / BK + r * (THREADS / BK)] = next[r];
            } else {
                tile[tid / EXTENT + r * (THREADS / EXTENT)][tid % EXTENT] = next[r];
            }
        }
    }
};

// dst = the GROUPS runs of 4 floats that start SPAN apart from `from` in a shared tile row, each
// run in one 128-bit read.
template <int GROUPS, int SPAN>
__device__ __forceinline__ void g2_read_groups(const float* from, float* dst) {
#pragma unroll
    for (int g = 0; g < GROUPS; g++) {
        const float4 v = g2_load4(from + g * SPAN);
        dst[4 * g] = v.x;
        dst[4 * g + 1] = v.y;
        dst[4 * g + 2] = v.z;
        dst[4 * g + 3] = v.w;
    }
}

// C(m, n) = sum_k P(m, k) Q(k, n) over k in this block's split; P(m, k) is P.at(k, m) when PT,
// Q(k, n) is Q.at(n, k) when QT. ATOMIC adds into C; otherwise C = acc + bias, then ReLU.
//
// A thread owns TM x TN results: TM / 4 groups of 4 consecutive rows (BM / (TM / 4) apart) times
// TN / 4 groups of 4 consecutive columns, so that each step reads its operands from shared memory
// as 128-bit words (g2_load4): 4 wide loads for 64 products in the large tile, where one word per
// load left shared memory as busy as the FMA units. The next tile's global loads are issued into
// registers before the products of the current one, so their latency hides behind the arithmetic.
template <int BM, int BN, int TM, int TN, bool PT, bool QT, bool ATOMIC>
__device__ __forceinline__ void g2_gemm(int M, int N, int K, int kChunk, G2View P, G2View Q, G2View C,
                                        const float* __restrict__ bias, int relu) {
    constexpr int BK = G2_GEMM_BK;
    constexpr int THREADS = G2_GEMM_THREADS;
    constexpr int COLS_T = BN / TN;        // threads along n
    constexpr int ROW_SPAN = BM * 4 / TM;  // distance between a thread's groups of rows
    constexpr int COL_SPAN = BN * 4 / TN;  // and of columns
    static_assert(TM % 4 == 0 && TN % 4 == 0, "results are read and owned in groups of 4");
    static_assert(COLS_T * (BM / TM) == THREADS, "tile does not match the thread count");
    __shared__ __align__(16) float As[BK][BM + G2_GEMM_PAD];
    __shared__ __align__(16) float Bs[BK][BN + G2_GEMM_PAD];

    const int tid = threadIdx.x;
    const int tx = tid % COLS_T;
    const int ty = tid / COLS_T;
    const int m0 = blockIdx.y * BM;
    const int n0 = blockIdx.x * BN;
    const int kBegin = blockIdx.z * kChunk;
    const int kEnd = min(K, kBegin + kChunk);

    G2TileOperand<BM, !PT> pTile;
    G2TileOperand<BN, QT> qTile;
    pTile.bind(P, m0, M, tid);
    qTile.bind(Q, n0, N, tid);

    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; i++) {
#pragma unroll
        for (int j = 0; j < TN; j++) {
            acc[i][j] = 0.f;
        }
    }

    if (kBegin < kEnd) {
        pTile.fetch(P, kBegin, kEnd, tid);
        qTile.fetch(Q, kBegin, kEnd, tid);
    }
    for (int k0 = kBegin; k0 < kEnd; k0 += BK) {
        pTile.store(As, tid);
        qTile.store(Bs, tid);
        __syncthreads();
        if (k0 + BK < kEnd) {
            pTile.fetch(P, k0 + BK, kEnd, tid);
            qTile.fetch(Q, k0 + BK, kEnd, tid);
        }
#pragma unroll
        for (int kk = 0; kk < BK; kk++) {
            float a[TM];
            float b[TN];
            g2_read_groups<TM / 4, ROW_SPAN>(&As[kk][ty * 4], a);
            g2_read_groups<TN / 4, COL_SPAN>(&Bs[kk][tx * 4], b);
#pragma unroll
            for (int i = 0; i < TM; i++) {
#pragma unroll
                for (int j = 0; j < TN; j++) {
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
                }
            }
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < TM; i++) {
        const int m = m0 + (i / 4) * ROW_SPAN + ty * 4 + i % 4;
        if (m >= M) {
            continue;
        }
        float* rowp = C.p + C.row(m);
#pragma unroll
        for (int j = 0; j < TN; j++) {
            const int n = n0 + (j / 4) * COL_SPAN + tx * 4 + j % 4;
            if (n >= N) {
                continue;
            }
            float* dst = rowp + C.col(n);
            if (ATOMIC) {
                atomicAdd(dst, acc[i][j]);
            } else {
                float y = acc[i][j] + (bias ? bias[n] : 0.f);
                *dst = (relu && y < 0.f) ? 0.f : y;
            }
        }
    }
}

// The three forms, in terms of the layer group's tables (see cuda/README.md for each argument):
//   cells      output cells of the group; m = sample * cells + local cell
//   inStride   floats per sample of the layer input, inCellOff[local] the window start of the
//              local cell, kOff[k] the offset of column k inside the window (null: k itself)
//   W          the group's weight block [K][N]; bias its biases [N]
//   outStride  floats per sample of the layer output, outCellOff[local] = output cell * N
//   colStride  floats per sample of the column-gradient buffer, colCellOff[local] its row start

// Two blocks of a tile per SM at least: the large tile then gets 128 registers a thread, which it
// needs without spilling (nvcc 13, sm_90; the data gradient spills 16 bytes), and keeps 16 warps
// resident to hide the latency the register prefetch does not.
#define G2_GEMM_MIN_BLOCKS 2

#define G2_GEMM_FWD(NAME, BM, BN, TM, TN)                                                            \
    extern "C" __global__ void __launch_bounds__(G2_GEMM_THREADS, G2_GEMM_MIN_BLOCKS) NAME(        \
        int M, int N, int K, int cells, const float* in, int inStride, const int* inCellOff,         \
        const int* kOff, const float* W, const float* bias, float* out, int outStride,               \
        const int* outCellOff, int relu) {                                                           \
        G2View P = g2_view(const_cast<float*>(in), cells, inStride, inCellOff, kOff);                \
        G2View Q = g2_view(const_cast<float*>(W), 1, N, nullptr, nullptr);                          \
        G2View C = g2_view(out, cells, outStride, outCellOff, nullptr);                              \
        g2_gemm<BM, BN, TM, TN, false, false, false>(M, N, K, K, P, Q, C, bias, relu);               \
    }

#define G2_GEMM_DGRAD(NAME, BM, BN, TM, TN)                                                          \
    extern "C" __global__ void __launch_bounds__(G2_GEMM_THREADS, G2_GEMM_MIN_BLOCKS) NAME(        \
        int M, int N, int K, int cells, const float* dOut, int outStride, const int* outCellOff,     \
        const float* W, float* col, int colStride, const int* colCellOff) {                          \
        G2View P = g2_view(const_cast<float*>(dOut), cells, outStride, outCellOff, nullptr);         \
        G2View Q = g2_view(const_cast<float*>(W), 1, N, nullptr, nullptr);                           \
        G2View C = g2_view(col, cells, colStride, colCellOff, nullptr);                              \
        /* GEMM dims: rows M, columns K (the layer's k), reduction N (the layer's n). */             \
        g2_gemm<BM, BN, TM, TN, false, true, false>(M, K, N, N, P, Q, C, nullptr, 0);                \
    }

#define G2_GEMM_WGRAD(NAME, BM, BN, TM, TN)                                                          \
    extern "C" __global__ void __launch_bounds__(G2_GEMM_THREADS, G2_GEMM_MIN_BLOCKS) NAME(        \
        int M, int N, int K, int cells, const float* in, int inStride, const int* inCellOff,         \
        const int* kOff, const float* dOut, int outStride, const int* outCellOff, float* dW,         \
        int mChunk) {                                                                                \
        G2View P = g2_view(const_cast<float*>(in), cells, inStride, inCellOff, kOff);                \
        G2View Q = g2_view(const_cast<float*>(dOut), cells, outStride, outCellOff, nullptr);         \
        G2View C = g2_view(dW, 1, N, nullptr, nullptr);                                              \
        /* GEMM dims: rows K, columns N, reduction M split into chunks of mChunk over z. */          \
        g2_gemm<BM, BN, TM, TN, true, false, true>(K, N, M, mChunk, P, Q, C, nullptr, 0);            \
    }

G2_GEMM_FWD(gemm_fwd_large, G2_GEMM_LARGE_BM, G2_GEMM_LARGE_BN, 8, 8)
G2_GEMM_FWD(gemm_fwd_small, G2_GEMM_SMALL_BM, G2_GEMM_SMALL_BN, 4, 4)
G2_GEMM_DGRAD(gemm_dgrad_large, G2_GEMM_LARGE_BM, G2_GEMM_LARGE_BN, 8, 8)
G2_GEMM_DGRAD(gemm_dgrad_small, G2_GEMM_SMALL_BM, G2_GEMM_SMALL_BN, 4, 4)
G2_GEMM_WGRAD(gemm_wgrad_large, G2_GEMM_LARGE_BM, G2_GEMM_LARGE_BN, 8, 8)
G2_GEMM_WGRAD(gemm_wgrad_small, G2_GEMM_SMALL_BM, G2_GEMM_SMALL_BN, 4, 4)

// The skinny forward: out(m, n) = relu?( bias[n] + sum_k in(m, k) * W[k][n] ) for few rows.
// A block owns G2_SKINNY_ROWS rows x G2_SKINNY_COLS columns and the reduction chunk
// [z * kChunk, (z + 1) * kChunk) of blockIdx.z. Its threads are slices of G2_SKINNY_COLS lanes, a
// lane per column; slice s takes k = chunk start + s, + SLICES, ... so a warp reads a row of W as
// one coalesced line and each input element as one broadcast word, and the slices' loads are all
// in flight together. The slices' sums meet in shared memory. With one chunk (gridDim.z == 1) the
// block then writes the outputs. With several, each block stores its sums in partial [z][M][N],
// and the last block of the tile to arrive (counted in arrivals[tile], zero before the launch)
// adds the chunks in z order, so the result does not depend on which block finished first; it
// writes the outputs and sets its counter back to zero for the next launch.
extern "C" __global__ void __launch_bounds__(G2_GEMM_THREADS) gemm_fwd_skinny(
    int M, int N, int K, int kChunk, int cells, const float* in, int inStride, const int* inCellOff, const int* kOff,
    const float* __restrict__ W, const float* __restrict__ bias, float* out, int outStride, const int* outCellOff, int relu,
    float* partial, unsigned* arrivals) {
    constexpr int R = G2_SKINNY_ROWS;
    constexpr int C = G2_SKINNY_COLS;
    constexpr int SLICES = G2_GEMM_THREADS / C;
    static_assert(R * C == G2_GEMM_THREADS, "the reduction over slices takes one thread per output of the block");
    __shared__ float sums[SLICES][R][C];
    __shared__ int lastBlock;

    G2View P = g2_view(const_cast<float*>(in), cells, inStride, inCellOff, kOff);
    G2View Y = g2_view(out, cells, outStride, outCellOff, nullptr);
    const int lane = threadIdx.x % C;
    const int slice = threadIdx.x / C;
    const int n = blockIdx.x * C + lane;
    const int m0 = blockIdx.y * R;
    const int rows = min(R, M - m0);
    const int kBegin = blockIdx.z * kChunk;
    const int kEnd = min(K, kBegin + kChunk);

    g2_index rowStart[R];
    float acc[R];
#pragma unroll
    for (int r = 0; r < R; r++) {
        rowStart[r] = r < rows ? P.row(m0 + r) : 0;
        acc[r] = 0.f;
    }
    if (n < N) {
#pragma unroll 4
        for (int k = kBegin + slice; k < kEnd; k += SLICES) {
            const float w = W[(g2_index)k * N + n];
            const float* x = P.p + P.col(k);
#pragma unroll
            for (int r = 0; r < R; r++) {
                if (r < rows) {
                    acc[r] = fmaf(x[rowStart[r]], w, acc[r]);
                }
            }
        }
    }
#pragma unroll
    for (int r = 0; r < R; r++) {
        sums[slice][r][lane] = acc[r];
    }
    __syncthreads();

    // From here thread t owns output (row t / C, column t % C) of the block.
    const int r = threadIdx.x / C;
    const int c = threadIdx.x % C;
    const int m = m0 + r;
    const int col = blockIdx.x * C + c;
    const bool owned = r < rows && col < N;
    float v = 0.f;
#pragma unroll
    for (int s = 0; s < SLICES; s++) {
        v += sums[s][r][c];
    }
    if (gridDim.z > 1) {
        if (owned) {
            partial[((g2_index)blockIdx.z * M + m) * N + col] = v;
        }
        // Publish this block's sums before counting it in.
        __threadfence();
        __syncthreads();
        const unsigned tile = blockIdx.y * gridDim.x + blockIdx.x;
        if (threadIdx.x == 0) {
            lastBlock = atomicAdd(&arrivals[tile], 1u) == gridDim.z - 1;
        }
        __syncthreads();
        if (!lastBlock) {
            return;
        }
        __threadfence();
        v = 0.f;
        if (owned) {
            for (unsigned z = 0; z < gridDim.z; z++) {
                // Past L1: the other blocks' sums are in L2.
                v += __ldcg(&partial[((g2_index)z * M + m) * N + col]);
            }
        }
        if (threadIdx.x == 0) {
            arrivals[tile] = 0;
        }
    }
    if (owned) {
        const float y = v + bias[col];
        *Y.at(m, col) = relu && y < 0.f ? 0.f : y;
    }
}
