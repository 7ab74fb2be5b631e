// The kernels of cuda/*.cu run on the CPU (emulation.h) against plain loops in double, on seeded
// random layer shapes: every GEMM form and tile (with split reductions), the skinny forward, the backward helpers,
// the column gather and bias epilogue of library GEMMs, the encoding, the MSE gradient and Adam, and the policy
// networks (policy.cu's encoding and softmax cross-entropy, the padded 2x2 convolutions and the dense layer).
// Built and run by native-build/host-check.sh; needs a C++20 compiler, no GPU. Prints one line per check; exits 1 if any error exceeds 1e-5.
#include "emulation.h"

#include "../encode.cu"
#include "../gemm.cu"
#include "../layers.cu"
#include "../train.cu"
#include "../policy.cu"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

static std::mt19937_64 rng;
static int failures = 0;

static float gauss() {
    static std::normal_distribution<float> d(0.f, 1.f);
    return d(rng);
}

static std::vector<float> gaussians(size_t n) {
    std::vector<float> v(n);
    for (auto& x : v) x = gauss();
    return v;
}

// Norm-wise relative error: max |got - want| / scale, where scale is max |want| unless given.
// A sum's rounding error grows with its terms, not with its result, so the forward checks pass
// the largest sum of absolute terms: a few outputs that cancel to near zero (or a ReLU that zeroes
// the rest) must not make fp32 rounding look like a wrong kernel.
static void report(const std::string& name, const std::vector<float>& got, const std::vector<double>& want, double scale = -1) {
    double diff = 0, largest = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++) {
        double d = std::fabs(got[i] - want[i]);
        // A NaN (or infinity) anywhere is a failure, not a difference std::max would drop.
        diff = std::isfinite(d) ? std::max(diff, d) : INFINITY;
        largest = std::max(largest, std::fabs(want[i]));
    }
    if (scale < 0) scale = largest;
    double e = diff == 0 ? 0 : diff / std::max(scale, 1e-300);
    bool ok = e <= 1e-5 && got.size() == want.size();
    failures += ok ? 0 : 1;
    std::printf("%-64s %.3e %s\n", name.c_str(), e, ok ? "ok" : "FAIL");
}

static int ceil_div(long long a, long long b) { return (int)((a + b - 1) / b); }

// One layer group in the form LayerPlan gives: an h x w map of cin channels, a kh x kw window,
// every `every`-th output cell (so outCellOff skips cells, as CNN12's groups do), cout outputs.
struct Group {
    int n, h, w, cin, kh, kw, cout, every;
    int outCellsAll, cells, taps, K, inStride, outStride, colStride;
    std::vector<int> inCellOff, kOff, outCellOff, colCellOff, outCells;
    bool identity;

    Group(int n_, int h_, int w_, int cin_, int kh_, int kw_, int cout_, int every_)
        : n(n_), h(h_), w(w_), cin(cin_), kh(kh_), kw(kw_), cout(cout_), every(every_) {
        int oh = h - kh + 1, ow = w - kw + 1;
        outCellsAll = oh * ow;
        taps = kh * kw;
        K = taps * cin;
        inStride = h * w * cin;
        outStride = outCellsAll * cout;
        colStride = outCellsAll * taps * cin;
        for (int o = 0; o < outCellsAll; o += every) {
            int r = o / ow, q = o % ow;
            outCells.push_back(o);
            inCellOff.push_back((r * w + q) * cin);
            outCellOff.push_back(o * cout);
            colCellOff.push_back(o * taps * cin);
        }
        cells = (int)outCells.size();
        identity = true;
        for (int dr = 0; dr < kh; dr++)
            for (int dq = 0; dq < kw; dq++)
                for (int c = 0; c < cin; c++) {
                    int k = (int)kOff.size();
                    kOff.push_back((dr * w + dq) * cin + c);
                    identity &= kOff.back() == k;
                }
    }
    int M() const { return n * cells; }
    const int* kOffPtr() const { return identity ? nullptr : kOff.data(); }
    long long inAt(int m, int k) const { return (long long)(m / cells) * inStride + inCellOff[m % cells] + kOff[k]; }
    long long outAt(int m, int j) const { return (long long)(m / cells) * outStride + outCellOff[m % cells] + j; }
    long long colAt(int m, int k) const { return (long long)(m / cells) * colStride + colCellOff[m % cells] + k; }
    std::string name() const {
        return std::to_string(h) + "x" + std::to_string(w) + "x" + std::to_string(cin) + " win " + std::to_string(kh) + "x" +
               std::to_string(kw) + " -> " + std::to_string(cout) + " n=" + std::to_string(n) + (every > 1 ? " every 2nd cell" : "");
    }
};

// Activations as after a ReLU: zero in about a third of the places, positive elsewhere.
static std::vector<float> relu_like(size_t n) {
    std::vector<float> v(n);
    for (auto& x : v) x = (rng() % 3 == 0) ? 0.f : std::fabs(gauss());
    return v;
}

// The forward in double: want(m, j) = relu?(bias[j] + sum_k in(m, k) W[k][j]), at the group's
// output places. Returns the largest sum of the terms' absolute values (the scale of report()).
static double forward_reference(const Group& g, const std::vector<float>& in, const std::vector<float>& W,
                                const std::vector<float>& bias, int relu, std::vector<double>& want) {
    int M = g.M(), N = g.cout, K = g.K;
    double scale = 0;
    for (int m = 0; m < M; m++)
        for (int j = 0; j < N; j++) {
            double acc = bias[j], magnitude = std::fabs(bias[j]);
            for (int k = 0; k < K; k++) {
                double t = (double)in[g.inAt(m, k)] * W[(size_t)k * N + j];
                acc += t;
                magnitude += std::fabs(t);
            }
            want[g.outAt(m, j)] = relu && acc < 0 ? 0 : acc;
            scale = std::max(scale, magnitude);
        }
    return scale;
}

static void check_gemms(const Group& g, bool large) {
    const int BM = large ? G2_GEMM_LARGE_BM : G2_GEMM_SMALL_BM;
    const int BN = large ? G2_GEMM_LARGE_BN : G2_GEMM_SMALL_BN;
    const std::string tile = large ? " large" : " small";
    int M = g.M(), N = g.cout, K = g.K;
    std::vector<float> in = relu_like(g.n * g.inStride), W = gaussians((size_t)K * N), bias = gaussians(N);
    // Forward, with ReLU and without.
    for (int relu = 0; relu <= 1; relu++) {
        std::vector<float> out(g.n * g.outStride, 7.f);
        std::vector<double> want(out.begin(), out.end());
        double scale = forward_reference(g, in, W, bias, relu, want);
        g2_launch({(unsigned)ceil_div(N, BN), (unsigned)ceil_div(M, BM), 1}, {G2_GEMM_THREADS, 1, 1}, [&] {
            if (large)
                gemm_fwd_large(M, N, K, g.cells, in.data(), g.inStride, g.inCellOff.data(), g.kOffPtr(), W.data(), bias.data(),
                               out.data(), g.outStride, g.outCellOff.data(), relu);
            else
                gemm_fwd_small(M, N, K, g.cells, in.data(), g.inStride, g.inCellOff.data(), g.kOffPtr(), W.data(), bias.data(),
                               out.data(), g.outStride, g.outCellOff.data(), relu);
        });
        report("gemm_fwd" + tile + (relu ? " relu " : " ") + g.name(), out, want, scale);
    }
    std::vector<float> dOut(g.n * g.outStride);
    for (auto& x : dOut) x = gauss();
    // Data gradient into the column buffer.
    {
        std::vector<float> col(g.n * g.colStride, 5.f);
        std::vector<double> want(col.begin(), col.end());
        for (int m = 0; m < M; m++)
            for (int k = 0; k < K; k++) {
                double acc = 0;
                for (int j = 0; j < N; j++) acc += (double)dOut[g.outAt(m, j)] * W[(size_t)k * N + j];
                want[g.colAt(m, k)] = acc;
            }
        g2_launch({(unsigned)ceil_div(K, BN), (unsigned)ceil_div(M, BM), 1}, {G2_GEMM_THREADS, 1, 1}, [&] {
            if (large)
                gemm_dgrad_large(M, N, K, g.cells, dOut.data(), g.outStride, g.outCellOff.data(), W.data(), col.data(), g.colStride,
                                 g.colCellOff.data());
            else
                gemm_dgrad_small(M, N, K, g.cells, dOut.data(), g.outStride, g.outCellOff.data(), W.data(), col.data(), g.colStride,
                                 g.colCellOff.data());
        });
        report("gemm_dgrad" + tile + " " + g.name(), col, want);
    }
    // Weight gradient, added to what dW holds, with the reduction whole and split.
    for (int chunk : {M, 16, 48}) {
        std::vector<float> dW = gaussians((size_t)K * N);
        std::vector<double> want(dW.begin(), dW.end());
        for (int k = 0; k < K; k++)
            for (int j = 0; j < N; j++) {
                double acc = 0;
                for (int m = 0; m < M; m++) acc += (double)in[g.inAt(m, k)] * dOut[g.outAt(m, j)];
                want[(size_t)k * N + j] += acc;
            }
        int c = chunk == M ? ceil_div(M, G2_GEMM_BK) * G2_GEMM_BK : chunk;
        g2_launch({(unsigned)ceil_div(N, BN), (unsigned)ceil_div(K, BM), (unsigned)ceil_div(M, c)}, {G2_GEMM_THREADS, 1, 1}, [&] {
            if (large)
                gemm_wgrad_large(M, N, K, g.cells, in.data(), g.inStride, g.inCellOff.data(), g.kOffPtr(), dOut.data(), g.outStride,
                                 g.outCellOff.data(), dW.data(), c);
            else
                gemm_wgrad_small(M, N, K, g.cells, in.data(), g.inStride, g.inCellOff.data(), g.kOffPtr(), dOut.data(), g.outStride,
                                 g.outCellOff.data(), dW.data(), c);
        });
        report("gemm_wgrad" + tile + " chunk " + std::to_string(c) + " " + g.name(), dW, want);
    }
}

// The skinny forward over the group's rows, with the reduction whole and split over z; each split
// runs twice on the same counters, which the first launch must leave at zero.
static void check_skinny(const Group& g) {
    int M = g.M(), N = g.cout, K = g.K;
    std::vector<float> in = relu_like(g.n * g.inStride), W = gaussians((size_t)K * N), bias = gaussians(N);
    unsigned gx = ceil_div(N, G2_SKINNY_COLS), gy = ceil_div(M, G2_SKINNY_ROWS);
    for (int splits : {1, 2, 5}) {
        int chunk = ceil_div(K, splits);
        unsigned gz = ceil_div(K, chunk);
        std::vector<float> partial((size_t)gz * M * N, -1.f);
        std::vector<unsigned> arrivals(gx * gy, 0u);
        for (int relu = 0; relu <= 1; relu++) {
            std::vector<float> out(g.n * g.outStride, 7.f);
            std::vector<double> want(out.begin(), out.end());
            double scale = forward_reference(g, in, W, bias, relu, want);
            g2_launch({gx, gy, gz}, {G2_GEMM_THREADS, 1, 1}, [&] {
                gemm_fwd_skinny(M, N, K, chunk, g.cells, in.data(), g.inStride, g.inCellOff.data(), g.kOffPtr(), W.data(), bias.data(),
                                out.data(), g.outStride, g.outCellOff.data(), relu, partial.data(), arrivals.data());
            });
            bool rearmed = std::all_of(arrivals.begin(), arrivals.end(), [](unsigned a) { return a == 0; });
            if (!rearmed) out.assign(out.size(), NAN);
            report("gemm_fwd_skinny z=" + std::to_string(gz) + (relu ? " relu " : " ") + g.name() + (rearmed ? "" : " (counters left set)"),
                   out, want, scale);
        }
    }
}

static void check_layer_helpers(const Group& g) {
    int M = g.M(), N = g.cout;
    std::vector<float> dOut = gaussians(g.n * g.outStride);
    // bias_grad adds the column sums over the group's rows.
    {
        std::vector<float> dB = gaussians(N);
        std::vector<double> want(dB.begin(), dB.end());
        for (int m = 0; m < M; m++)
            for (int j = 0; j < N; j++) want[j] += dOut[g.outAt(m, j)];
        g2_launch({(unsigned)ceil_div(N, G2_BIAS_COLS), 3, 1}, {G2_BIAS_COLS, G2_BIAS_ROWS, 1},
                  [&] { bias_grad(M, N, g.cells, dOut.data(), g.outStride, g.outCellOff.data(), dB.data()); });
        report("bias_grad " + g.name(), dB, want);
    }
    // relu_backward.
    {
        std::vector<float> out = gaussians(dOut.size()), d = dOut;
        std::vector<double> want(d.size());
        for (size_t i = 0; i < d.size(); i++) want[i] = out[i] <= 0 ? 0 : d[i];
        g2_launch({3, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] { relu_backward((long long)d.size(), out.data(), d.data()); });
        report("relu_backward " + std::to_string(d.size()), d, want);
    }
    // gather_columns writes in(m, k) into the column view; what it does not write stays.
    {
        std::vector<float> in = gaussians(g.n * g.inStride), col(g.n * g.colStride, 3.f);
        std::vector<double> want(col.begin(), col.end());
        for (int m = 0; m < M; m++)
            for (int k = 0; k < g.K; k++) want[g.colAt(m, k)] = in[g.inAt(m, k)];
        g2_launch({4, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] {
            gather_columns(M, g.K, g.cells, in.data(), g.inStride, g.inCellOff.data(), g.kOffPtr(), col.data(), g.colStride,
                           g.colCellOff.data());
        });
        report("gather_columns " + g.name(), col, want);
    }
    // bias_activation adds the bias to the group's rows and applies the ReLU; other cells stay.
    for (int relu = 0; relu <= 1; relu++) {
        std::vector<float> out = gaussians(g.n * g.outStride), bias = gaussians(N);
        std::vector<double> want(out.begin(), out.end());
        for (int m = 0; m < M; m++)
            for (int j = 0; j < N; j++) {
                double y = (double)(out[g.outAt(m, j)] + bias[j]);
                want[g.outAt(m, j)] = relu && y < 0 ? 0 : y;
            }
        g2_launch({3, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] {
            bias_activation(M, N, g.cells, out.data(), g.outStride, g.outCellOff.data(), bias.data(), relu);
        });
        report(std::string("bias_activation") + (relu ? " relu " : " ") + g.name(), out, want);
    }
    // col_to_input over the full layer (every output cell), as LayerPlan's reverse table gives it.
    if (g.every == 1) {
        int inCells = g.h * g.w, contributions = g.outCellsAll * g.taps, ow = g.w - g.kw + 1;
        std::vector<int> inCellOf(contributions);
        for (int o = 0; o < g.outCellsAll; o++)
            for (int dr = 0; dr < g.kh; dr++)
                for (int dq = 0; dq < g.kw; dq++)
                    inCellOf[o * g.taps + dr * g.kw + dq] = (o / ow + dr) * g.w + o % ow + dq;
        std::vector<int> revStart(inCells + 1, 0), revList(contributions);
        for (int k = 0; k < contributions; k++) revStart[inCellOf[k] + 1]++;
        for (int i = 0; i < inCells; i++) revStart[i + 1] += revStart[i];
        std::vector<int> fill(revStart.begin(), revStart.end() - 1);
        for (int k = 0; k < contributions; k++) revList[fill[inCellOf[k]]++] = k;
        std::vector<float> col = gaussians(g.n * g.colStride), dIn(g.n * g.inStride, 9.f);
        std::vector<double> want(dIn.size(), 0.0);
        for (int s = 0; s < g.n; s++)
            for (int k = 0; k < contributions; k++)
                for (int c = 0; c < g.cin; c++) want[(size_t)s * g.inStride + inCellOf[k] * g.cin + c] += col[(size_t)s * g.colStride + k * g.cin + c];
        g2_launch({5, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] {
            col_to_input(g.n, inCells, g.cin, col.data(), g.colStride, revStart.data(), revList.data(), dIn.data(), g.inStride);
        });
        report("col_to_input " + g.name(), dIn, want);
    }
}

static void check_encode() {
    int n = 61;
    std::vector<unsigned long long> boards(n);
    for (auto& b : boards) {
        b = 0;
        for (int cell = 0; cell < 16; cell++)
            if (rng() % 3) b |= (unsigned long long)(1 + rng() % 15) << (4 * cell);
    }
    for (int pos = 0; pos <= 1; pos++) {
        int ch = 27, vf = 2, pf = pos ? 18 : -1;
        std::vector<float> dst(n * 16 * ch, 3.f);
        std::vector<double> want(dst.begin(), dst.end());
        for (int s = 0; s < n; s++)
            for (int cell = 0; cell < 16; cell++) {
                size_t base = ((size_t)s * 16 + cell) * ch;
                int code = (int)((boards[s] >> (4 * cell)) & 15);
                for (int p = 0; p < 16; p++) want[base + vf + p] = p == code;
                if (pos)
                    for (int p = 0; p < 8; p++) want[base + pf + p] = p < 4 ? p == cell / 4 : p - 4 == cell % 4;
            }
        g2_launch({4, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] { encode_boards(n, boards.data(), dst.data(), ch, vf, pf); });
        report(std::string("encode_boards ") + (pos ? "values+positions" : "values"), dst, want);
    }
    // copy_channels: [n][16][5] channels 0..3 -> [n][16][20] channels 16..19.
    std::vector<float> src = gaussians(n * 16 * 5), dst(n * 16 * 20, 1.f);
    std::vector<double> want(dst.begin(), dst.end());
    for (int sc = 0; sc < n * 16; sc++)
        for (int j = 0; j < 4; j++) want[(size_t)sc * 20 + 16 + j] = src[(size_t)sc * 5 + j];
    g2_launch({2, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] { copy_channels(n, 16, 4, src.data(), 5, 0, dst.data(), 20, 16); });
    report("copy_channels", dst, want);
}

static void check_train() {
    for (int n : {1, 3, 1000, 2500}) {
        std::vector<float> out = gaussians(n), t = gaussians(n), d(n);
        double sse = -1;
        float scale = 2.f / n;
        std::vector<double> want(n + 1);
        double s = 0;
        for (int i = 0; i < n; i++) {
            float err = out[i] - t[i];
            s += (double)err * err;
            want[i] = scale * err;
        }
        want[n] = s;
        g2_launch({1, 1, 1}, {G2_BLOCK_MSE, 1, 1}, [&] { mse_grad(n, out.data(), t.data(), scale, d.data(), &sse); });
        d.push_back((float)sse);
        report("mse_grad n=" + std::to_string(n), d, want);
    }
    int count = 10007;
    std::vector<float> w = gaussians(count), m(count, 0.f), v(count, 0.f);
    std::vector<double> ww(w.begin(), w.end()), wm(count, 0), wv(count, 0);
    for (int step = 1; step <= 3; step++) {
        std::vector<float> g = gaussians(count);
        double lr = 0.001 * std::sqrt(1 - std::pow(0.999, step)) / (1 - std::pow(0.9, step));
        for (int i = 0; i < count; i++) {
            wm[i] = 0.9 * wm[i] + 0.1 * g[i];
            wv[i] = 0.999 * wv[i] + 0.001 * (double)g[i] * g[i];
            ww[i] -= lr * wm[i] / (std::sqrt(wv[i]) + 1e-7);
        }
        g2_launch({5, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] {
            adam_step(count, w.data(), g.data(), m.data(), v.data(), (float)lr, 0.9f, 0.999f, 0.1f, 0.001f, 1e-7f);
        });
    }
    report("adam_step 3 steps (w)", w, ww);
    report("adam_step 3 steps (m)", m, wm);
    report("adam_step 3 steps (v)", v, wv);
}

// ---- the policy networks (policy.cu, and gemm.cu/layers.cu over the padded layout of g2048.cuda.PolicyPlan)

// Cell (r, c) of the board in the padded 5 x 5 layout.
static int padded(int r, int c) { return r * G2_POLICY_SIDE + c; }

// A padded 2x2 convolution as PolicyPlan tables it: one group of the 16 board cells, four taps at
// the same offsets for every cell (row 4 and column 4 of the layout are zeros).
struct PaddedConv {
    int n, cin, cout, inStride, outStride, colStride, K;
    std::vector<int> inCellOff, kOff, outCellOff, colCellOff, revStart, revList;

    PaddedConv(int n_, int cin_, int cout_) : n(n_), cin(cin_), cout(cout_) {
        inStride = G2_POLICY_CELLS * cin;
        outStride = G2_POLICY_CELLS * cout;
        colStride = 16 * 4 * cin;
        K = 4 * cin;
        for (int o = 0; o < 16; o++) {
            inCellOff.push_back(padded(o / 4, o % 4) * cin);
            outCellOff.push_back(padded(o / 4, o % 4) * cout);
            colCellOff.push_back(o * 4 * cin);
        }
        for (int t = 0; t < 4; t++)
            for (int c = 0; c < cin; c++) kOff.push_back(padded(t >> 1, t & 1) * cin + c);
        // Reverse table over the 25 padded cells: a board cell gets the (output cell, tap) pairs that
        // read it; padding cells get none, so their gradient is written as 0.
        revStart.assign(G2_POLICY_CELLS + 1, 0);
        for (int p = 0; p < G2_POLICY_CELLS; p++) {
            int r = p / G2_POLICY_SIDE, c = p % G2_POLICY_SIDE;
            if (r < 4 && c < 4)
                for (int t = 0; t < 4; t++) {
                    int orow = r - (t >> 1), ocol = c - (t & 1);
                    if (orow >= 0 && ocol >= 0) revList.push_back((orow * 4 + ocol) * 4 + t);
                }
            revStart[p + 1] = (int)revList.size();
        }
    }
    std::string name() const {
        return "padded 2x2 conv " + std::to_string(cin) + " -> " + std::to_string(cout) + " n=" + std::to_string(n);
    }
};

// Board-coordinate input of a padded activation (0 beyond the board), the reference's reading.
static double board_at(const std::vector<float>& x, int stride, int ch, int s, int r, int c, int k) {
    if (r > 3 || c > 3) return 0;
    return x[(size_t)s * stride + (size_t)padded(r, c) * ch + k];
}

// Padded activations: relu-like values on the board, zeros in the padding.
static std::vector<float> padded_acts(int n, int ch) {
    std::vector<float> x = relu_like((size_t)n * G2_POLICY_CELLS * ch);
    for (int s = 0; s < n; s++)
        for (int p = 0; p < G2_POLICY_CELLS; p++)
            if (p / G2_POLICY_SIDE == 4 || p % G2_POLICY_SIDE == 4)
                for (int k = 0; k < ch; k++) x[((size_t)s * G2_POLICY_CELLS + p) * ch + k] = 0.f;
    return x;
}

static void check_padded_conv(const PaddedConv& g, bool large) {
    const int BM = large ? G2_GEMM_LARGE_BM : G2_GEMM_SMALL_BM;
    const int BN = large ? G2_GEMM_LARGE_BN : G2_GEMM_SMALL_BN;
    const std::string tile = large ? " large " : " small ";
    int M = g.n * 16, N = g.cout, K = g.K;
    std::vector<float> in = padded_acts(g.n, g.cin), W = gaussians((size_t)K * N), bias = gaussians(N);
    // Forward with ReLU; the padding cells of the output are never written (they stay as they were).
    std::vector<float> out((size_t)g.n * g.outStride, 7.f);
    std::vector<double> want(out.begin(), out.end());
    double scale = 0;
    for (int s = 0; s < g.n; s++)
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++)
                for (int j = 0; j < N; j++) {
                    double acc = bias[j], magnitude = std::fabs(bias[j]);
                    for (int t = 0; t < 4; t++)
                        for (int k = 0; k < g.cin; k++) {
                            double term = board_at(in, g.inStride, g.cin, s, r + (t >> 1), c + (t & 1), k) * W[((size_t)t * g.cin + k) * N + j];
                            acc += term;
                            magnitude += std::fabs(term);
                        }
                    want[(size_t)s * g.outStride + (size_t)padded(r, c) * N + j] = acc < 0 ? 0 : acc;
                    scale = std::max(scale, magnitude);
                }
    g2_launch({(unsigned)ceil_div(N, BN), (unsigned)ceil_div(M, BM), 1}, {G2_GEMM_THREADS, 1, 1}, [&] {
        if (large)
            gemm_fwd_large(M, N, K, 16, in.data(), g.inStride, g.inCellOff.data(), g.kOff.data(), W.data(), bias.data(), out.data(),
                           g.outStride, g.outCellOff.data(), 1);
        else
            gemm_fwd_small(M, N, K, 16, in.data(), g.inStride, g.inCellOff.data(), g.kOff.data(), W.data(), bias.data(), out.data(),
                           g.outStride, g.outCellOff.data(), 1);
    });
    report("policy forward" + tile + g.name(), out, want, scale);
    // Data gradient: the column buffer, then col_to_input into the padded input gradient.
    std::vector<float> dOut = gaussians((size_t)g.n * g.outStride);
    std::vector<float> col((size_t)g.n * g.colStride, 5.f), dIn((size_t)g.n * g.inStride, 9.f);
    std::vector<double> wantIn(dIn.size(), 0.0);
    for (int s = 0; s < g.n; s++)
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++)
                for (int k = 0; k < g.cin; k++) {
                    double acc = 0;
                    for (int t = 0; t < 4; t++) {
                        int orow = r - (t >> 1), ocol = c - (t & 1);
                        if (orow < 0 || ocol < 0) continue;
                        for (int j = 0; j < N; j++)
                            acc += (double)dOut[(size_t)s * g.outStride + (size_t)padded(orow, ocol) * N + j] * W[((size_t)t * g.cin + k) * N + j];
                    }
                    wantIn[(size_t)s * g.inStride + (size_t)padded(r, c) * g.cin + k] = acc;
                }
    g2_launch({(unsigned)ceil_div(K, BN), (unsigned)ceil_div(M, BM), 1}, {G2_GEMM_THREADS, 1, 1}, [&] {
        if (large)
            gemm_dgrad_large(M, N, K, 16, dOut.data(), g.outStride, g.outCellOff.data(), W.data(), col.data(), g.colStride, g.colCellOff.data());
        else
            gemm_dgrad_small(M, N, K, 16, dOut.data(), g.outStride, g.outCellOff.data(), W.data(), col.data(), g.colStride, g.colCellOff.data());
    });
    g2_launch({5, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] {
        col_to_input(g.n, G2_POLICY_CELLS, g.cin, col.data(), g.colStride, g.revStart.data(), g.revList.data(), dIn.data(), g.inStride);
    });
    report("policy input gradient" + tile + g.name(), dIn, wantIn);
    // Weight gradient (added to what dW holds), split over the rows, and the bias gradient.
    std::vector<float> dW = gaussians((size_t)K * N), dB = gaussians(N);
    std::vector<double> wantW(dW.begin(), dW.end()), wantB(dB.begin(), dB.end());
    for (int t = 0; t < 4; t++)
        for (int k = 0; k < g.cin; k++)
            for (int j = 0; j < N; j++) {
                double acc = 0;
                for (int s = 0; s < g.n; s++)
                    for (int r = 0; r < 4; r++)
                        for (int c = 0; c < 4; c++)
                            acc += board_at(in, g.inStride, g.cin, s, r + (t >> 1), c + (t & 1), k) *
                                   dOut[(size_t)s * g.outStride + (size_t)padded(r, c) * N + j];
                wantW[((size_t)t * g.cin + k) * N + j] += acc;
            }
    for (int s = 0; s < g.n; s++)
        for (int o = 0; o < 16; o++)
            for (int j = 0; j < N; j++) wantB[j] += dOut[(size_t)s * g.outStride + (size_t)padded(o / 4, o % 4) * N + j];
    int chunk = 48;
    g2_launch({(unsigned)ceil_div(N, BN), (unsigned)ceil_div(K, BM), (unsigned)ceil_div(M, chunk)}, {G2_GEMM_THREADS, 1, 1}, [&] {
        if (large)
            gemm_wgrad_large(M, N, K, 16, in.data(), g.inStride, g.inCellOff.data(), g.kOff.data(), dOut.data(), g.outStride,
                             g.outCellOff.data(), dW.data(), chunk);
        else
            gemm_wgrad_small(M, N, K, 16, in.data(), g.inStride, g.inCellOff.data(), g.kOff.data(), dOut.data(), g.outStride,
                             g.outCellOff.data(), dW.data(), chunk);
    });
    report("policy weight gradient" + tile + g.name(), dW, wantW);
    g2_launch({(unsigned)ceil_div(N, G2_BIAS_COLS), 3, 1}, {G2_BIAS_COLS, G2_BIAS_ROWS, 1},
              [&] { bias_grad(M, N, 16, dOut.data(), g.outStride, g.outCellOff.data(), dB.data()); });
    report("policy bias gradient " + g.name(), dB, wantB);
}

// The dense layer to the four moves: one row per position reading the 16 board cells of the padded
// layout (kOff skips the padding), weights [cell][channel][move]; forward tiled and skinny, data
// gradient through col_to_input into the padded layout, weight gradient.
static void check_policy_dense(int n, int ch) {
    int M = n, N = G2_POLICY_MOVES, K = 16 * ch, inStride = G2_POLICY_CELLS * ch;
    std::vector<int> cellOff = {0}, kOff(K);
    for (int cell = 0; cell < 16; cell++)
        for (int c = 0; c < ch; c++) kOff[cell * ch + c] = padded(cell / 4, cell % 4) * ch + c;
    std::vector<float> in = padded_acts(n, ch), W = gaussians((size_t)K * N), bias = gaussians(N);
    std::vector<double> want((size_t)n * N);
    double scale = 0;
    for (int s = 0; s < n; s++)
        for (int m = 0; m < N; m++) {
            double acc = bias[m], magnitude = std::fabs(bias[m]);
            for (int cell = 0; cell < 16; cell++)
                for (int c = 0; c < ch; c++) {
                    double term = board_at(in, inStride, ch, s, cell / 4, cell % 4, c) * W[((size_t)cell * ch + c) * N + m];
                    acc += term;
                    magnitude += std::fabs(term);
                }
            want[(size_t)s * N + m] = acc;
            scale = std::max(scale, magnitude);
        }
    std::string name = " dense " + std::to_string(ch) + "x16 -> 4 n=" + std::to_string(n);
    std::vector<float> out((size_t)n * N, 7.f);
    g2_launch({1, (unsigned)ceil_div(M, G2_GEMM_SMALL_BM), 1}, {G2_GEMM_THREADS, 1, 1}, [&] {
        gemm_fwd_small(M, N, K, 1, in.data(), inStride, cellOff.data(), kOff.data(), W.data(), bias.data(), out.data(), N, cellOff.data(), 0);
    });
    report("policy forward small" + name, out, want, scale);
    for (int splits : {1, 3}) {
        int chunk = ceil_div(ceil_div(K, splits), 8) * 8;
        unsigned gx = ceil_div(N, G2_SKINNY_COLS), gy = ceil_div(M, G2_SKINNY_ROWS), gz = ceil_div(K, chunk);
        std::vector<float> partial((size_t)gz * M * N), skinny((size_t)n * N, 7.f);
        std::vector<unsigned> arrivals(gx * gy, 0u);
        g2_launch({gx, gy, gz}, {G2_GEMM_THREADS, 1, 1}, [&] {
            gemm_fwd_skinny(M, N, K, chunk, 1, in.data(), inStride, cellOff.data(), kOff.data(), W.data(), bias.data(), skinny.data(), N,
                            cellOff.data(), 0, partial.data(), arrivals.data());
        });
        report("policy forward skinny z=" + std::to_string(gz) + name, skinny, want, scale);
    }
    // Data gradient: col [n][16 ch] (the 16 board cells in order), then into the padded layout.
    std::vector<float> dz = gaussians((size_t)n * N), col((size_t)n * K, 5.f), dIn((size_t)n * inStride, 9.f);
    std::vector<double> wantIn(dIn.size(), 0.0);
    for (int s = 0; s < n; s++)
        for (int cell = 0; cell < 16; cell++)
            for (int c = 0; c < ch; c++) {
                double acc = 0;
                for (int m = 0; m < N; m++) acc += (double)dz[(size_t)s * N + m] * W[((size_t)cell * ch + c) * N + m];
                wantIn[(size_t)s * inStride + (size_t)padded(cell / 4, cell % 4) * ch + c] = acc;
            }
    std::vector<int> revStart(G2_POLICY_CELLS + 1, 0), revList;
    for (int p = 0; p < G2_POLICY_CELLS; p++) {
        if (p / G2_POLICY_SIDE < 4 && p % G2_POLICY_SIDE < 4) revList.push_back(p / G2_POLICY_SIDE * 4 + p % G2_POLICY_SIDE);
        revStart[p + 1] = (int)revList.size();
    }
    g2_launch({ceil_div(K, G2_GEMM_SMALL_BN) > 0 ? (unsigned)ceil_div(K, G2_GEMM_SMALL_BN) : 1u, (unsigned)ceil_div(M, G2_GEMM_SMALL_BM), 1},
              {G2_GEMM_THREADS, 1, 1}, [&] {
                  gemm_dgrad_small(M, N, K, 1, dz.data(), N, cellOff.data(), W.data(), col.data(), K, cellOff.data());
              });
    g2_launch({5, 1, 1}, {G2_BLOCK_1D, 1, 1},
              [&] { col_to_input(n, G2_POLICY_CELLS, ch, col.data(), K, revStart.data(), revList.data(), dIn.data(), inStride); });
    report("policy input gradient" + name, dIn, wantIn);
    std::vector<float> dW = gaussians((size_t)K * N);
    std::vector<double> wantW(dW.begin(), dW.end());
    for (int cell = 0; cell < 16; cell++)
        for (int c = 0; c < ch; c++)
            for (int m = 0; m < N; m++) {
                double acc = 0;
                for (int s = 0; s < n; s++) acc += board_at(in, inStride, ch, s, cell / 4, cell % 4, c) * dz[(size_t)s * N + m];
                wantW[((size_t)cell * ch + c) * N + m] += acc;
            }
    int chunk = 32;
    g2_launch({1, (unsigned)ceil_div(K, G2_GEMM_SMALL_BM), (unsigned)ceil_div(M, chunk)}, {G2_GEMM_THREADS, 1, 1}, [&] {
        gemm_wgrad_small(M, N, K, 1, in.data(), inStride, cellOff.data(), kOff.data(), dz.data(), N, cellOff.data(), dW.data(), chunk);
    });
    report("policy weight gradient" + name, dW, wantW);
}

static void check_policy() {
    // policy_encode: one-hot planes on the board, zeros in the padding; every float written.
    int n = 37;
    std::vector<unsigned long long> boards(n);
    for (auto& b : boards) {
        b = 0;
        for (int cell = 0; cell < 16; cell++)
            if (rng() % 3) b |= (unsigned long long)(1 + rng() % 15) << (4 * cell);
    }
    std::vector<float> planes((size_t)n * G2_POLICY_CELLS * 16, 3.f);
    std::vector<double> want(planes.size(), 0.0);
    for (int s = 0; s < n; s++)
        for (int cell = 0; cell < 16; cell++) {
            int code = (int)((boards[s] >> (4 * cell)) & 15);
            want[((size_t)s * G2_POLICY_CELLS + padded(cell / 4, cell % 4)) * 16 + code] = 1;
        }
    g2_launch({3, 1, 1}, {G2_BLOCK_1D, 1, 1}, [&] { policy_encode(n, boards.data(), planes.data()); });
    report("policy_encode n=" + std::to_string(n), planes, want);

    // policy_softmax_xent: random legal masks (none, one, some, all), hard and soft targets.
    for (int count : {1, 7, 1000, 2500}) {
        std::vector<float> z = gaussians((size_t)count * 4), y((size_t)count * 4, 0.f), d((size_t)count * 4, 9.f), p((size_t)count * 4, 9.f);
        std::vector<int> legal(count);
        for (int i = 0; i < count; i++) {
            legal[i] = i == 0 && count > 1 ? 0 : (int)(rng() % 16);
            int moves = __builtin_popcount(legal[i]);
            if (moves == 0) continue;
            bool soft = rng() % 2;
            int hard = (int)(rng() % moves);
            float total = 0;
            for (int m = 0, seen = 0; m < 4; m++) {
                if (!((legal[i] >> m) & 1)) continue;
                y[(size_t)i * 4 + m] = soft ? std::fabs(gauss()) + 0.01f : (seen == hard ? 1.f : 0.f);
                total += y[(size_t)i * 4 + m];
                seen++;
            }
            for (int m = 0; m < 4; m++) y[(size_t)i * 4 + m] /= total;
        }
        float scale = 1.f / count;
        std::vector<double> wantD(d.size()), wantP(p.size());
        double loss = 0;
        for (int i = 0; i < count; i++) {
            double top = -INFINITY, sum = 0, q[4];
            for (int m = 0; m < 4; m++)
                if ((legal[i] >> m) & 1) top = std::max(top, (double)z[(size_t)i * 4 + m]);
            for (int m = 0; m < 4; m++) {
                q[m] = ((legal[i] >> m) & 1) ? std::exp((double)z[(size_t)i * 4 + m] - top) : 0;
                sum += q[m];
            }
            for (int m = 0; m < 4; m++) {
                q[m] = sum > 0 ? q[m] / sum : 0;
                wantP[(size_t)i * 4 + m] = q[m];
                bool isLegal = (legal[i] >> m) & 1;
                double t = y[(size_t)i * 4 + m];
                wantD[(size_t)i * 4 + m] = isLegal ? scale * (q[m] - t) : 0;
                if (isLegal && t > 0) loss -= t * std::log(q[m]);
            }
        }
        double got = -1;
        g2_launch({1, 1, 1}, {G2_BLOCK_MSE, 1, 1},
                  [&] { policy_softmax_xent(count, z.data(), legal.data(), y.data(), scale, d.data(), p.data(), &got); });
        report("policy_softmax_xent n=" + std::to_string(count) + " gradient", d, wantD);
        report("policy_softmax_xent n=" + std::to_string(count) + " probabilities", p, wantP);
        report("policy_softmax_xent n=" + std::to_string(count) + " loss", {(float)got}, {loss});
    }

    for (const PaddedConv& g : {PaddedConv(7, 16, 20), PaddedConv(5, 24, 70), PaddedConv(3, 33, 9)}) {
        check_padded_conv(g, false);
        check_padded_conv(g, true);
    }
    check_policy_dense(5, 12);
    check_policy_dense(70, 20);
}

int main(int argc, char** argv) {
    rng.seed(argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2048);
    check_encode();
    check_train();
    check_policy();
    std::vector<Group> groups = {
        Group(13, 4, 4, 16, 2, 2, 70, 1),   // CNN22's first convolution, narrow
        Group(9, 3, 3, 24, 2, 2, 33, 1),    // the second convolution
        Group(7, 4, 4, 24, 3, 3, 19, 1),    // CNN-CNN's 3x3 embedding convolution
        Group(11, 4, 4, 12, 1, 2, 21, 2),   // a 1x2 window over every other output cell
        Group(150, 1, 1, 200, 1, 1, 130, 1), // fully connected: one cell, identity kOff
        Group(5, 2, 2, 40, 2, 2, 1, 1),     // a single output
    };
    for (const Group& g : groups) {
        check_gemms(g, true);
        check_gemms(g, false);
        check_skinny(g);
        check_layer_helpers(g);
    }
    std::printf("%s: %d failed\n", failures ? "FAIL" : "ok", failures);
    return failures ? 1 : 0;
}
