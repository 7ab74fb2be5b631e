// The game core shared by the native references of bench/reference/ (a header of static
// functions, so that each reference stays one compilation unit built with gcc -O3 -march=native):
// the engine's board encoding (16 nibbles, cell i at bits 4i..4i+3, rows of 16 bits), row tables
// for moves and rewards (moves stored whole, transposed for up and down), the tile set of a row,
// the 4x6 network's tuple masks, and a xorshift stream for spawns (2: 0.9, 4: 0.1).
#ifndef G2048_REFERENCE_GAME_H
#define G2048_REFERENCE_GAME_H
#include <stdint.h>

#define PER (1u << 24)
static const uint64_t MASK[4] = {0x0000000000FFFFFFULL, 0x000000FFFFFF0000ULL, 0x000000000FFF0FFFULL, 0x00000FFF0FFF0000ULL};
static uint16_t rowLeft[65536], rowRight[65536], rowSet[65536];
static int rowReward[65536];

static uint64_t transpose(uint64_t x) {
    uint64_t a1 = x & 0xF0F00F0FF0F00F0FULL, a2 = x & 0x0000F0F00000F0F0ULL, a3 = x & 0x0F0F00000F0F0000ULL;
    uint64_t a = a1 | (a2 << 12) | (a3 >> 12);
    uint64_t b1 = a & 0xFF00FF0000FF00FFULL, b2 = a & 0x00FF00FF00000000ULL, b3 = a & 0x00000000FF00FF00ULL;
    return b1 | (b2 >> 24) | (b3 << 24);
}
static uint64_t mirror(uint64_t b) {
    return ((b & 0x000F000F000F000FULL) << 12) | ((b & 0x00F000F000F000F0ULL) << 4) | ((b >> 4) & 0x00F000F000F000F0ULL) | ((b >> 12) & 0x000F000F000F000FULL);
}
static uint64_t flip(uint64_t b) {
    return (b << 48) | ((b << 16) & 0x0000FFFF00000000ULL) | ((b >> 16) & 0x00000000FFFF0000ULL) | (b >> 48);
}
static void initRows(void) {
    for (int r = 0; r < 65536; r++) {
        int c[4], o[4] = {0, 0, 0, 0}, n = 0, rew = 0, set = 0;
        for (int i = 0; i < 4; i++) { c[i] = (r >> (4 * i)) & 15; set |= 1 << c[i]; }
        int last = 0;
        for (int i = 0; i < 4; i++) {
            if (!c[i]) continue;
            if (last && last == c[i]) { o[n - 1] = c[i] + 1; rew += 1 << (c[i] + 1); last = 0; }
            else { o[n++] = c[i]; last = c[i]; }
        }
        rowLeft[r] = o[0] | o[1] << 4 | o[2] << 8 | o[3] << 12;
        rowReward[r] = rew;
        rowSet[r] = (uint16_t) (set & ~1);
    }
    for (int r = 0; r < 65536; r++) {
        int rev = ((r & 15) << 12) | ((r >> 4 & 15) << 8) | ((r >> 8 & 15) << 4) | (r >> 12);
        int l = rowLeft[rev];
        rowRight[r] = ((l & 15) << 12) | ((l >> 4 & 15) << 8) | ((l >> 8 & 15) << 4) | (l >> 12);
    }
}
static uint64_t rows(uint64_t b, const uint16_t *t) {
    return (uint64_t) t[b & 0xFFFF] | (uint64_t) t[b >> 16 & 0xFFFF] << 16 | (uint64_t) t[b >> 32 & 0xFFFF] << 32 | (uint64_t) t[b >> 48] << 48;
}
static int rowsReward(uint64_t b) {
    return rowReward[b & 0xFFFF] + rowReward[b >> 16 & 0xFFFF] + rowReward[b >> 32 & 0xFFFF] + rowReward[b >> 48];
}
// d: 0 up, 1 right, 2 down, 3 left
static uint64_t move(uint64_t b, int d) {
    switch (d) {
        case 0: return transpose(rows(transpose(b), rowLeft));
        case 1: return rows(b, rowRight);
        case 2: return transpose(rows(transpose(b), rowRight));
        default: return rows(b, rowLeft);
    }
}
static int reward(uint64_t b, int d) { return (d & 1) ? rowsReward(b) : rowsReward(transpose(b)); }

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static uint64_t empties(uint64_t b) {
    uint64_t x = b | (b >> 1); x |= x >> 2; x &= 0x1111111111111111ULL;
    return ~x & 0x1111111111111111ULL;
}
static uint64_t spawn(uint64_t b) {
    uint64_t e = empties(b);
    int n = __builtin_popcountll(e), k = (int) (next() % n);
    while (k--) e &= e - 1;
    int sh = __builtin_ctzll(e);
    return b | (uint64_t) (next() % 10 == 0 ? 2 : 1) << sh;
}
#endif
