// A native build of the 4x6 n-tuple network's two hot loops, for speed figures taken side by side
// with the engine on the same machine (bench/reference-train.sh runs both): TD-afterstate training
// from zero tables and greedy 1-ply play from a trained model's tables. It is the plain algorithm in
// C, compiled with gcc -O3 -march=native: the same board encoding, the tuples 012345 456789 012456
// 45689a looked up on the 8 images of the board through PEXT, float32 tables (or int16 steps for
// play), the same learning rate, and stages chosen by the board's tile set as the engine's Stages do.
//
//   ntuple1 train GAMES [tc] [SEED]                      TD(0) afterstate learning, alpha 0.0025 (tc: TD+TC)
//   ntuple1 play TABLES.f32 STAGES GAMES float32|int16 [SEED]   greedy play; STAGES: none or e.g. 16384
//
// TABLES.f32 is what g2048.bench.DumpTables writes (every stage's bank, one after the other).
// Moves per second count the moves of the games played, over the wall time of the loop only (not
// the allocation of the tables or the loading of the file). Play first plays two warm-up games.
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "game.h"

#define BANK (4ul * PER)
static const float ALPHA = 0.0025f;

static float *wf;     // float32 tables: stage k's bank at wf + k * BANK
static int16_t *wq;   // int16 copies for play
static float *acc;    // temporal coherence: E, A interleaved per weight
static double step;
static int thresholds[8], nThresholds;

// The stage: how many thresholds the board's tile set (bit k for a 2^k tile) reaches.
static inline int stageOf(uint64_t b) {
    if (!nThresholds) return 0;
    int set = rowSet[b & 0xFFFF] | rowSet[b >> 16 & 0xFFFF] | rowSet[b >> 32 & 0xFFFF] | rowSet[b >> 48];
    int k = 0;
    while (k < nThresholds && set >= thresholds[k]) k++;
    return k;
}

// The 32 entries of a board: image after image (the board, mirrored, flipped, both, then transposed), tuple after tuple.
static inline void images(uint64_t b, uint64_t x[8]) {
    uint64_t m = mirror(b), f = flip(b), mf = flip(m);
    x[0] = b; x[1] = m; x[2] = f; x[3] = mf;
    x[4] = transpose(b); x[5] = transpose(m); x[6] = transpose(f); x[7] = transpose(mf);
}
static inline float valueF(const float *w, uint64_t b) {
    uint64_t x[8];
    images(b, x);
    float v = 0;
    for (int s = 0; s < 8; s++)
        v += (w[_pext_u64(x[s], MASK[0])] + w[PER + _pext_u64(x[s], MASK[1])])
           + (w[2 * PER + _pext_u64(x[s], MASK[2])] + w[3 * PER + _pext_u64(x[s], MASK[3])]);
    return v;
}
static inline double valueQ(const int16_t *w, uint64_t b) {
    uint64_t x[8];
    images(b, x);
    int v = 0;
    for (int s = 0; s < 8; s++)
        v += (w[_pext_u64(x[s], MASK[0])] + w[PER + _pext_u64(x[s], MASK[1])])
           + (w[2 * PER + _pext_u64(x[s], MASK[2])] + w[3 * PER + _pext_u64(x[s], MASK[3])]);
    return step * v;
}
static inline float value(uint64_t b) { return valueF(wf + stageOf(b) * BANK, b); }

// Moves V(after) towards target by alpha (per weight alpha |E|/A with temporal coherence).
static void update(uint64_t after, float target, int tc) {
    uint64_t x[8];
    images(after, x);
    size_t base = stageOf(after) * BANK, e[32];
    for (int s = 0; s < 8; s++)
        for (int t = 0; t < 4; t++) e[4 * s + t] = base + (size_t) t * PER + _pext_u64(x[s], MASK[t]);
    float v = 0;
    for (int i = 0; i < 32; i += 4) v += (wf[e[i]] + wf[e[i + 1]]) + (wf[e[i + 2]] + wf[e[i + 3]]);
    float delta = target - v;
    if (!tc) {
        float d = ALPHA * delta;
        for (int i = 0; i < 32; i++) wf[e[i]] += d;
        return;
    }
    float mag = fabsf(delta);
    for (int i = 0; i < 32; i++) {
        float *ea = acc + 2 * e[i];
        float rate = ea[1] == 0 ? ALPHA : ALPHA * fabsf(ea[0]) / ea[1];
        wf[e[i]] += rate * delta;
        ea[0] += delta;
        ea[1] += mag;
    }
}

static double seconds(struct timespec a, struct timespec b) { return (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec); }
static void *tables(size_t bytes) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) { fprintf(stderr, "ntuple1: mmap of %zu bytes failed\n", bytes); exit(1); }
    madvise(p, bytes, MADV_HUGEPAGE);
    return p;
}

// The best move of b by reward + V(afterstate), first direction on ties; its afterstate, reward, value.
static int choose(uint64_t b, uint64_t *after, int *r, float *v) {
    int best = -1; float bt = -INFINITY;
    for (int d = 0; d < 4; d++) {
        uint64_t a = move(b, d);
        if (a == b) continue;
        int rd = reward(b, d);
        float vd = value(a);
        if (rd + vd > bt) { bt = rd + vd; best = d; *after = a; *r = rd; *v = vd; }
    }
    return best;
}

static int train(int games, int tc) {
    wf = tables(BANK * 4);
    if (tc) acc = tables(BANK * 8);
    long moves = 0; double total = 0; struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (int g = 0; g < games; g++) {
        uint64_t s = spawn(spawn(0)), after; int r; float v; long score = 0;
        if (choose(s, &after, &r, &v) < 0) continue;
        score += r; moves++;
        for (;;) {
            uint64_t nextState = spawn(after), a2; int r2; float v2;
            int over = choose(nextState, &a2, &r2, &v2) < 0;
            update(after, over ? 0 : r2 + v2, tc);
            if (over) break;
            after = a2; score += r2; moves++;
        }
        total += score;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    double s = seconds(t0, t1);
    printf("native train%s: %d games, mean %.0f, %ld moves in %.2f s: %.0f moves/s, %.0f moves per CPU second\n", tc ? " tc" : "",
           games, total / games, moves, s, moves / s, moves / seconds(c0, c1));
    return 0;
}

static int play(const char *file, int games, int int16) {
    size_t n = (size_t) (nThresholds + 1) * BANK;
    wf = tables(n * 4);
    FILE *fp = fopen(file, "rb");
    if (!fp || fread(wf, 4, n, fp) != n) { fprintf(stderr, "%s: expected %zu float32 entries (%d stages)\n", file, n, nThresholds + 1); return 2; }
    fclose(fp);
    if (int16) {
        wq = tables(n * 2);
        float mx = 0;
        for (size_t i = 0; i < n; i++) mx = fmaxf(mx, fabsf(wf[i]));
        step = mx / 32767.0;
        for (size_t i = 0; i < n; i++) wq[i] = (int16_t) lrint(wf[i] / step);
        munmap(wf, n * 4);  // play reads the int16 copy only
        wf = NULL;
    }
    long moves = 0; double total = 0; struct timespec t0, t1, c0, c1;
    for (int g = -2; g < games; g++) {  // two warm-up games
        if (g == 0) { moves = 0; total = 0; clock_gettime(CLOCK_MONOTONIC, &t0); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0); }
        uint64_t b = spawn(spawn(0)); long score = 0;
        for (;;) {
            int best = -1; double bv = 0;
            for (int d = 0; d < 4; d++) {
                uint64_t a = move(b, d);
                if (a == b) continue;
                double v = reward(b, d) + (int16 ? valueQ(wq + stageOf(a) * BANK, a) : value(a));
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
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    double s = seconds(t0, t1);
    printf("native play %s: %d games, mean %.0f, %ld moves in %.2f s: %.0f moves/s, %.0f moves per CPU second\n",
           int16 ? "int16" : "float32", games, total / games, moves, s, moves / s, moves / seconds(c0, c1));
    return 0;
}

static int stagesArg(const char *text) {
    if (strcmp(text, "none") == 0) return 1;
    char *copy = strdup(text), *save = NULL;
    for (char *p = strtok_r(copy, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
        int t = atoi(p);
        if (nThresholds == 7 || t < 2 || t > 65534 || (nThresholds && t <= thresholds[nThresholds - 1])) {
            fprintf(stderr, "ntuple1: STAGES: expected none or increasing tile sums in 2..65534, got %s\n", text);
            return 0;
        }
        thresholds[nThresholds++] = t;
    }
    free(copy);
    return 1;
}

int main(int argc, char **argv) {
    initRows();
    if (argc >= 3 && strcmp(argv[1], "train") == 0) {
        int games = atoi(argv[2]), tc = argc > 3 && strcmp(argv[3], "tc") == 0;
        if (argc > 3 + tc) rng = strtoull(argv[3 + tc], NULL, 10) | 1;
        if (games < 1) { fprintf(stderr, "ntuple1 train: GAMES must be at least 1\n"); return 2; }
        return train(games, tc);
    }
    if (argc >= 6 && strcmp(argv[1], "play") == 0) {
        int games = atoi(argv[4]), int16 = strcmp(argv[5], "int16") == 0;
        if (!stagesArg(argv[3])) return 2;
        if (games < 1 || (!int16 && strcmp(argv[5], "float32") != 0)) {
            fprintf(stderr, "ntuple1 play: expected GAMES >= 1 and int16 or float32\n");
            return 2;
        }
        if (argc > 6) rng = strtoull(argv[6], NULL, 10) | 1;
        return play(argv[2], games, int16);
    }
    fprintf(stderr, "usage: %s train GAMES [tc] [SEED] | play TABLES.f32 STAGES GAMES float32|int16 [SEED]\n", argv[0]);
    return 2;
}
