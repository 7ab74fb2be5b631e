// A native 2-ply expectimax over a 4x6 n-tuple network, for a speed figure taken side by side with
// `g2048 bench search --depth 2` on the same machine (bench/reference-2ply.sh runs both). It is the
// plain algorithm in C, compiled with gcc -O3 -march=native: the same board encoding, symmetric
// look-ups through PEXT, chance nodes over every empty cell x {2: 0.9, 4: 0.1}, and optionally int16
// tables and a leaf table of 2^bits slots (buckets of two, stamped per move), as the engine has.
//
//   expectimax2 TABLES.f32 GAMES int16|float32 TT_BITS(0 = none) [SEED]
//
// TABLES.f32 is what g2048.bench.DumpTables writes. Two warm-up games are played first.
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static uint16_t rowLeft[65536], rowRight[65536];
static int rowReward[65536];
static float *wf;
static int16_t *wq;
static double step;
static int useInt16, useTT;
static const uint64_t MASK[4] = {0x0000000000FFFFFFULL, 0x000000FFFFFF0000ULL, 0x000000000FFF0FFFULL, 0x00000FFF0FFF0000ULL};
#define PER (1u << 24)

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
        int c[4], o[4] = {0, 0, 0, 0}, n = 0, rew = 0;
        for (int i = 0; i < 4; i++) c[i] = (r >> (4 * i)) & 15;
        int last = 0;
        for (int i = 0; i < 4; i++) {
            if (!c[i]) continue;
            if (last && last == c[i]) { o[n - 1] = c[i] + 1; rew += 1 << (c[i] + 1); last = 0; }
            else { o[n++] = c[i]; last = c[i]; }
        }
        rowLeft[r] = o[0] | o[1] << 4 | o[2] << 8 | o[3] << 12;
        rowReward[r] = rew;
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

static inline int sum4q(uint64_t x) {
    return wq[_pext_u64(x, MASK[0])] + wq[PER + _pext_u64(x, MASK[1])] + wq[2 * PER + _pext_u64(x, MASK[2])] + wq[3 * PER + _pext_u64(x, MASK[3])];
}
static inline float sum4f(uint64_t x) {
    return wf[_pext_u64(x, MASK[0])] + wf[PER + _pext_u64(x, MASK[1])] + wf[2 * PER + _pext_u64(x, MASK[2])] + wf[3 * PER + _pext_u64(x, MASK[3])];
}
static long leaves;
static double value(uint64_t b) {
    leaves++;
    uint64_t m = mirror(b), f = flip(b), mf = flip(m);
    if (useInt16)
        return step * (double) ((sum4q(b) + sum4q(m)) + (sum4q(f) + sum4q(mf)) + (sum4q(transpose(b)) + sum4q(transpose(m))) + (sum4q(transpose(f)) + sum4q(transpose(mf))));
    return (sum4f(b) + sum4f(m)) + (sum4f(f) + sum4f(mf)) + (sum4f(transpose(b)) + sum4f(transpose(m))) + (sum4f(transpose(f)) + sum4f(transpose(mf)));
}
// leaf table: 2^14 slots, buckets of 2, stamped
struct slot { uint64_t key; double v; uint64_t stamp; uint64_t pad; };
static struct slot *tt;
static int ttBits;
static uint64_t stamp = 1;
static double leaf(uint64_t a) {
    if (!useTT) return value(a);
    unsigned b = (unsigned) ((a * 0x9E3779B97F4A7C15ULL) >> (64 - (ttBits - 1))) * 2;
    if (tt[b].key == a && tt[b].stamp == stamp) return tt[b].v;
    if (tt[b + 1].key == a && tt[b + 1].stamp == stamp) return tt[b + 1].v;
    double v = value(a);
    unsigned at = tt[b].stamp != stamp ? b : b + 1;
    tt[at].key = a; tt[at].v = v; tt[at].stamp = stamp;
    return v;
}
static uint64_t empties(uint64_t b) {
    uint64_t x = b | (b >> 1); x |= x >> 2; x &= 0x1111111111111111ULL;
    return ~x & 0x1111111111111111ULL;
}
static double chance1(uint64_t after) {
    uint64_t e = empties(after);
    int n = __builtin_popcountll(e);
    if (!n) return leaf(after);
    double sum = 0;
    for (; e; e &= e - 1) {
        int sh = __builtin_ctzll(e);
        for (int code = 1; code <= 2; code++) {
            uint64_t s = after | (uint64_t) code << sh;
            double best = -INFINITY;
            for (int d = 0; d < 4; d++) {
                uint64_t c = move(s, d);
                if (c == s) continue;
                double v = reward(s, d) + leaf(c);
                best = v > best ? v : best;
            }
            if (best == -INFINITY) best = 0;
            sum += (code == 1 ? 0.9 : 0.1) * best;
        }
    }
    return sum / n;
}
static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static uint64_t spawn(uint64_t b) {
    uint64_t e = empties(b);
    int n = __builtin_popcountll(e), k = (int) (next() % n);
    while (k--) e &= e - 1;
    int sh = __builtin_ctzll(e);
    return b | (uint64_t) (next() % 10 == 0 ? 2 : 1) << sh;
}
int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s TABLES.f32 GAMES int16|float32 TT_BITS [SEED]\n", argv[0]);
        return 2;
    }
    int games = atoi(argv[2]);
    useInt16 = strcmp(argv[3], "int16") == 0;
    ttBits = atoi(argv[4]);
    useTT = ttBits > 0;
    if (games < 1 || (!useInt16 && strcmp(argv[3], "float32") != 0) || ttBits < 0 || ttBits == 1 || ttBits > 26) {
        fprintf(stderr, "expectimax2: expected GAMES >= 1, int16 or float32, TT_BITS 0 or 2..26\n");
        return 2;
    }
    if (argc > 5) rng = strtoull(argv[5], NULL, 10) | 1;
    if (useTT) tt = calloc((size_t) 1 << ttBits, sizeof(struct slot));
    initRows();
    size_t n = 4ul * PER;
    wf = mmap(NULL, n * 4, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    wq = mmap(NULL, n * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    madvise(wf, n * 4, MADV_HUGEPAGE);
    madvise(wq, n * 2, MADV_HUGEPAGE);
    FILE *fp = fopen(argv[1], "rb");
    if (!fp || fread(wf, 4, n, fp) != n) { fprintf(stderr, "%s: expected %zu float32 entries\n", argv[1], n); return 2; }
    fclose(fp);
    float mx = 0;
    for (size_t i = 0; i < n; i++) mx = fmaxf(mx, fabsf(wf[i]));
    step = mx / 32767.0;
    for (size_t i = 0; i < n; i++) wq[i] = (int16_t) lrint(wf[i] / step);
    long moves = 0; double total = 0; struct timespec t0, t1;
    for (int g = -2; g < games; g++) {  // two warm-up games
        if (g == 0) { moves = 0; leaves = 0; total = 0; clock_gettime(CLOCK_MONOTONIC, &t0); }
        uint64_t b = spawn(spawn(0)); long score = 0;
        for (;;) {
            stamp++;
            int best = -1; double bv = 0;
            for (int d = 0; d < 4; d++) {
                uint64_t a = move(b, d);
                if (a == b) continue;
                double v = reward(b, d) + chance1(a);
                if (best < 0 || v > bv) { best = d; bv = v; }
            }
            if (best < 0) break;
            score += reward(b, best);
            b = spawn(move(b, best));
            moves++;
        }
        total += score;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    char table[32] = "no table";
    if (useTT) snprintf(table, sizeof table, "leaf table 2^%d", ttBits);
    printf("native %s tables, %s: %d games, mean %.0f, %ld moves in %.2f s: %.0f moves/s, %.1f evaluations/move\n",
           useInt16 ? "int16" : "float32", table, games, total / games, moves, s, moves / s, (double) leaves / moves);
    return 0;
}
