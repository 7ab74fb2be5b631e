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

#include "game.h"

static float *wf;
static int16_t *wq;
static double step;
static int useInt16, useTT;

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
