// Board encoding on the device: the host uploads 8 bytes a board, the kernel writes the network's
// input planes (g2048.nn.Encoder on the CPU).
#include "common.cuh"

// boards [n] (u64, cell c in nibble c) -> dst [n][16 cells][channels]
// Writes, for every cell, the 16 value planes at channels valueFirst.. (plane k = 1 where the cell
// holds code k, 0 = empty) and, when posFirst >= 0, the 8 position planes at posFirst.. (row r at
// posFirst + r, column c at posFirst + 4 + c). Other channels are left alone. One thread a value.
extern "C" __global__ void encode_boards(int n, const unsigned long long* __restrict__ boards,
                                         float* __restrict__ dst, int channels, int valueFirst, int posFirst) {
    const int planes = 16 + (posFirst >= 0 ? 8 : 0);
    const g2_index total = (g2_index)n * 16 * planes;
    for (g2_index e = g2_thread_index(); e < total; e += g2_grid_stride()) {
        int plane = (int)(e % planes);
        g2_index sc = e / planes;
        int cell = (int)(sc % 16);
        g2_index s = sc / 16;
        float* cellp = dst + (s * 16 + cell) * channels;
        if (plane < 16) {
            int code = (int)((boards[s] >> (4 * cell)) & 0xF);
            cellp[valueFirst + plane] = plane == code ? 1.f : 0.f;
        } else {
            int p = plane - 16;
            int hot = p < 4 ? (p == cell / 4) : (p - 4 == cell % 4);
            cellp[posFirst + p] = hot ? 1.f : 0.f;
        }
    }
}

// src [n][cells][srcChannels] -> dst [n][cells][dstChannels]: copies k channels per cell,
// src channels srcFirst.. to dst channels dstFirst.. (the embedding joining the trunk's input,
// and its gradient going back).
extern "C" __global__ void copy_channels(int n, int cells, int k, const float* __restrict__ src, int srcChannels,
                                         int srcFirst, float* __restrict__ dst, int dstChannels, int dstFirst) {
    const g2_index total = (g2_index)n * cells * k;
    for (g2_index e = g2_thread_index(); e < total; e += g2_grid_stride()) {
        int j = (int)(e % k);
        g2_index sc = e / k;  // sample * cells + cell
        dst[sc * dstChannels + dstFirst + j] = src[sc * srcChannels + srcFirst + j];
    }
}
