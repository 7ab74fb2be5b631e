// Runs the CUDA kernels of cuda/*.cu on the CPU, one std::thread per CUDA thread of a block and
// the blocks one after another, so that their index arithmetic, tiling, bounds guards, split
// reductions and atomics can be checked on a machine without a GPU (cuda/host/check.cpp).
// __shared__ arrays become function statics (shared by the threads of the one running block),
// __syncthreads a std::barrier of the block's threads. Not a model of warps or memory ordering
// beyond what the barrier gives; it checks what each thread computes, not how fast.
#pragma once
#define G2_HOST_EMULATION 1
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <barrier>
#include <cmath>
#include <functional>
#include <thread>
#include <vector>

struct g2_dim3 {
    unsigned x = 1, y = 1, z = 1;
};
inline thread_local g2_dim3 threadIdx;
inline thread_local g2_dim3 blockIdx;
inline g2_dim3 blockDim;
inline g2_dim3 gridDim;
inline std::barrier<>* g2_block_barrier = nullptr;

#define __global__
#define __device__
#define __forceinline__ inline
#define __shared__ static
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __syncthreads() g2_block_barrier->arrive_and_wait()

inline float atomicAdd(float* p, float v) {
    return std::atomic_ref<float>(*p).fetch_add(v);
}
inline unsigned atomicAdd(unsigned* p, unsigned v) {
    return std::atomic_ref<unsigned>(*p).fetch_add(v);
}
inline void __threadfence() {
    std::atomic_thread_fence(std::memory_order_seq_cst);
}
inline float __ldcg(const float* p) {
    return *p;
}
struct float4 {
    float x, y, z, w;
};

// The device's 128-bit load faults on an address that is not 16-byte aligned; here it stops the check.
inline float4 g2_load4(const float* p) {
    if (reinterpret_cast<std::uintptr_t>(p) % 16 != 0) {
        std::fprintf(stderr, "g2_load4: %p is not 16-byte aligned\n", static_cast<const void*>(p));
        std::abort();
    }
    float4 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

using std::min;
using std::max;

// Launches body() as grid x block threads: blocks in order, the threads of a block concurrently.
inline void g2_launch(g2_dim3 grid, g2_dim3 block, const std::function<void()>& body) {
    gridDim = grid;
    blockDim = block;
    unsigned threads = block.x * block.y * block.z;
    std::barrier<> barrier(threads);
    g2_block_barrier = &barrier;
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; t++) {
        pool.emplace_back([&, t] {
            threadIdx = {t % block.x, (t / block.x) % block.y, t / (block.x * block.y)};
            for (unsigned z = 0; z < grid.z; z++) {
                for (unsigned y = 0; y < grid.y; y++) {
                    for (unsigned x = 0; x < grid.x; x++) {
                        blockIdx = {x, y, z};
                        body();
                        // The block's statics are reused by the next block only after every thread is done.
                        barrier.arrive_and_wait();
                    }
                }
            }
        });
    }
    for (auto& th : pool) {
        th.join();
    }
    g2_block_barrier = nullptr;
}
