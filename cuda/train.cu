// The loss gradient and the optimiser step.
#include "common.cuh"

// out [n], targets [n] -> dOut [n] = scale * (out - target), *sse = sum (out - target)^2 in double.
// One block of G2_BLOCK_MSE threads (n is a training batch, thousands at most), so the sum is
// deterministic.
extern "C" __global__ void __launch_bounds__(G2_BLOCK_MSE)
mse_grad(int n, const float* __restrict__ out, const float* __restrict__ targets, float scale,
         float* __restrict__ dOut, double* __restrict__ sse) {
    __shared__ double part[G2_BLOCK_MSE];
    double s = 0.0;
    for (int i = threadIdx.x; i < n; i += G2_BLOCK_MSE) {
        float err = out[i] - targets[i];
        s += (double)err * err;
        dOut[i] = scale * err;
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
        *sse = part[0];
    }
}

// w, g, m, v [count]: one Adam step as g2048.nn.Adam (TensorFlow's form), with lr the step's
// bias-corrected rate alpha * sqrt(1 - beta2^t) / (1 - beta1^t) computed on the host.
//   m = b1 m + c1 g;  v = b2 v + c2 g^2;  w -= lr m / (sqrt(v) + eps)
extern "C" __global__ void adam_step(long long count, float* __restrict__ w, const float* __restrict__ g,
                                     float* __restrict__ m, float* __restrict__ v, float lr, float b1, float b2,
                                     float c1, float c2, float eps) {
    for (g2_index i = g2_thread_index(); i < count; i += g2_grid_stride()) {
        float gi = g[i];
        float mi = b1 * m[i] + c1 * gi;
        float vi = b2 * v[i] + c2 * gi * gi;
        m[i] = mi;
        v[i] = vi;
        w[i] -= lr * mi / (sqrtf(vi) + eps);
    }
}
