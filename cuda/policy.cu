// The policy networks' own kernels (g2048.policy): the padded board encoding and the
// softmax cross-entropy over the legal moves. Their 2x2 convolutions and the dense layer to the
// four moves are gemm.cu's kernels over the padded layout below (g2048.cuda.PolicyPlan).
//
// Padded layout: a position's activations are 5 x 5 cells of `channels` floats, cell (r, c) of
// the board at 5 r + c; row 4 and column 4 are the zero padding that the 2x2 windows of the last
// row and column read, so every output cell reads four taps at the same offsets.
#include "common.cuh"

#define G2_POLICY_SIDE 5
#define G2_POLICY_CELLS 25
#define G2_POLICY_PLANES 16
#define G2_POLICY_MOVES 4

// boards [n] (u64, cell c in nibble c) -> dst [n][25][16]: the one-hot value planes of each board
// cell (plane k = 1 where the cell holds code k, 0 = empty), and zeros in the padding cells.
// Writes every float of dst. One thread a float.
extern "C" __global__ void policy_encode(int n, const unsigned long long* __restrict__ boards, float* __restrict__ dst) {
    const g2_index total = (g2_index)n * G2_POLICY_CELLS * G2_POLICY_PLANES;
    for (g2_index e = g2_thread_index(); e < total; e += g2_grid_stride()) {
        int plane = (int)(e % G2_POLICY_PLANES);
        g2_index sp = e / G2_POLICY_PLANES;
        int padded = (int)(sp % G2_POLICY_CELLS);
        g2_index s = sp / G2_POLICY_CELLS;
        int r = padded / G2_POLICY_SIDE;
        int c = padded % G2_POLICY_SIDE;
        float v = 0.f;
        if (r < 4 && c < 4) {
            int code = (int)((boards[s] >> (4 * (4 * r + c))) & 0xF);
            v = plane == code ? 1.f : 0.f;
        }
        dst[e] = v;
    }
}

// logits [n][4], legal [n] (bit m set when move m is legal), targets [n][4] (a distribution over
// the legal moves; a hard target is one-hot) -> dLogits [n][4] = scale * (p - y) on legal moves and
// 0 on the others, probs [n][4] (when not null) the softmax over the legal moves, and *loss the
// summed cross-entropy -sum y log p. As g2048.policy.SoftmaxCrossEntropy, in double: one block of
// G2_BLOCK_MSE threads, each position's terms summed by its thread, the threads' sums by a fixed
// tree, so the loss does not depend on timing.
extern "C" __global__ void __launch_bounds__(G2_BLOCK_MSE)
policy_softmax_xent(int n, const float* __restrict__ logits, const int* __restrict__ legal,
                    const float* __restrict__ targets, float scale, float* __restrict__ dLogits,
                    float* __restrict__ probs, double* __restrict__ loss) {
    __shared__ double part[G2_BLOCK_MSE];
    double s = 0.0;
    for (int i = threadIdx.x; i < n; i += G2_BLOCK_MSE) {
        const float* z = logits + (g2_index)i * G2_POLICY_MOVES;
        const float* y = targets + (g2_index)i * G2_POLICY_MOVES;
        int mask = legal[i];
        double top = -INFINITY;
        for (int m = 0; m < G2_POLICY_MOVES; m++) {
            if ((mask >> m) & 1) {
                top = fmax(top, (double)z[m]);
            }
        }
        double p[G2_POLICY_MOVES];
        double sum = 0.0;
        for (int m = 0; m < G2_POLICY_MOVES; m++) {
            p[m] = ((mask >> m) & 1) ? exp((double)z[m] - top) : 0.0;
            sum += p[m];
        }
        for (int m = 0; m < G2_POLICY_MOVES; m++) {
            p[m] = sum > 0 ? p[m] / sum : 0.0;
            g2_index at = (g2_index)i * G2_POLICY_MOVES + m;
            if (probs) {
                probs[at] = (float)p[m];
            }
            if (!((mask >> m) & 1)) {
                dLogits[at] = 0.f;
                continue;
            }
            if (y[m] > 0.f) {
                s -= y[m] * log(fmax(p[m], 1e-30));
            }
            dLogits[at] = (float)(scale * (p[m] - y[m]));
        }
    }
    part[threadIdx.x] = s;
    __syncthreads();
    for (int half = G2_BLOCK_MSE / 2; half > 0; half /= 2) {
        if ((int)threadIdx.x < half) {
            part[threadIdx.x] += part[threadIdx.x + half];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        *loss = part[0];
    }
}
