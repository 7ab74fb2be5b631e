package g2048.cuda;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * The launchers of every kernel in cuda/*.cu, one method each, with the shapes it maps in the
 * comment. Geometry comes from {@link Geometry}; the {@link Driver} launches and checks. A null device
 * pointer passes NULL (an optional table). Public for {@link g2048.cuda.check}, which launches
 * single kernels to judge them; the engine launches them only through {@link CudaPass}.
 */
public final class Kernels {

    /** Every kernel launched from here (a test checks each is in the jar's PTX). */
    static final java.util.List<String> NAMES = java.util.List.of("encode_boards", "copy_channels", "gemm_fwd_large", "gemm_fwd_small", "gemm_fwd_skinny",
            "gemm_dgrad_large", "gemm_dgrad_small", "gemm_wgrad_large", "gemm_wgrad_small", "relu_backward", "bias_grad", "col_to_input",
            "gather_columns", "bias_activation", "mse_grad", "adam_step", "policy_encode", "policy_softmax_xent");

    private final CudaContext ctx;
    private final int sms;

    public Kernels(CudaContext ctx) {
        this.ctx = ctx;
        this.sms = ctx.multiprocessors();
    }

    /** boards [n] u64 -> dst [n][16][channels]: value planes at valueFirst, position planes at posFirst (-1: none). */
    public void encodeBoards(CUstream s, int n, CUdeviceptr boards, CUdeviceptr dst, int channels, int valueFirst, int posFirst) {
        long count = (long) n * 16 * (16 + (posFirst >= 0 ? 8 : 0));
        launch("encode_boards", Geometry.elementwise(count, sms), s, n, boards, dst, channels, valueFirst, posFirst);
    }

    /** src [n][cells][srcChannels] -> dst [n][cells][dstChannels]: k channels, srcFirst.. to dstFirst.. */
    public void copyChannels(CUstream s, int n, int cells, int k, CUdeviceptr src, int srcChannels, int srcFirst, CUdeviceptr dst,
            int dstChannels, int dstFirst) {
        launch("copy_channels", Geometry.elementwise((long) n * cells * k, sms), s, n, cells, k, src, srcChannels, srcFirst, dst,
                dstChannels, dstFirst);
    }

    /**
     * Forward GEMM of one layer group: in [n][inStride] (rows through inCellOff, columns through kOff)
     * x W [K][N] + bias [N], ReLU if relu -> out [n][outStride] (rows through outCellOff); M = n · cells.
     * Few rows go to gemm_fwd_skinny ({@link Geometry#forward}), whose split reduction uses
     * {@code scratch} (the caller's, for this stream).
     */
    public void gemmForward(CUstream s, int m, int n, int k, int cells, CUdeviceptr in, int inStride, CUdeviceptr inCellOff,
            CUdeviceptr kOff, CUdeviceptr w, CUdeviceptr bias, CUdeviceptr out, int outStride, CUdeviceptr outCellOff, boolean relu,
            SkinnyScratch scratch) {
        Geometry.Gemm g = Geometry.forward(m, n, k, sms);
        if (g.tile() == Geometry.Tile.SKINNY) {
            launch("gemm_fwd_skinny", g.grid(), s, m, n, k, g.chunk(), cells, in, inStride, inCellOff, kOff, w, bias, out, outStride,
                    outCellOff, relu ? 1 : 0, scratch.partial(), scratch.arrivals());
            return;
        }
        launch("gemm_fwd_" + g.tile().suffix, g.grid(), s, m, n, k, cells, in, inStride, inCellOff, kOff, w, bias, out, outStride,
                outCellOff, relu ? 1 : 0);
    }

    /** Data-gradient GEMM of one group: dOut [M][N] (rows through outCellOff) x W [K][N]^T -> col [M][K] (rows through colCellOff). */
    public void gemmDataGradient(CUstream s, int m, int n, int k, int cells, CUdeviceptr dOut, int outStride, CUdeviceptr outCellOff,
            CUdeviceptr w, CUdeviceptr col, int colStride, CUdeviceptr colCellOff) {
        Geometry.Gemm g = Geometry.gemm(m, k, n, false, sms);
        launch("gemm_dgrad_" + g.tile().suffix, g.grid(), s, m, n, k, cells, dOut, outStride, outCellOff, w, col, colStride, colCellOff);
    }

    /** Weight-gradient GEMM of one group: in [M][K]^T x dOut [M][N] -> dW [K][N] += (split over M, atomic). */
    public void gemmWeightGradient(CUstream s, int m, int n, int k, int cells, CUdeviceptr in, int inStride, CUdeviceptr inCellOff,
            CUdeviceptr kOff, CUdeviceptr dOut, int outStride, CUdeviceptr outCellOff, CUdeviceptr dW) {
        Geometry.Gemm g = Geometry.gemm(k, n, m, true, sms);
        launch("gemm_wgrad_" + g.tile().suffix, g.grid(), s, m, n, k, cells, in, inStride, inCellOff, kOff, dOut, outStride, outCellOff,
                dW, g.chunk());
    }

    /** out [count], dOut [count] -> dOut [count]: zero where out <= 0. */
    public void reluBackward(CUstream s, long count, CUdeviceptr out, CUdeviceptr dOut) {
        launch("relu_backward", Geometry.elementwise(count, sms), s, count, out, dOut);
    }

    /** dOut [M = n·cells][N] (rows through outCellOff) -> dBias [N] += column sums. */
    public void biasGradient(CUstream s, int m, int n, int cells, CUdeviceptr dOut, int outStride, CUdeviceptr outCellOff, CUdeviceptr dBias) {
        launch("bias_grad", Geometry.biasGradient(m, n, sms), s, m, n, cells, dOut, outStride, outCellOff, dBias);
    }

    /** col [n][contributions][cin] -> dIn [n][inCells][cin]: sums over revStart/revList (overwrites dIn). */
    public void colToInput(CUstream s, int n, int inCells, int cin, CUdeviceptr col, int colStride, CUdeviceptr revStart, CUdeviceptr revList,
            CUdeviceptr dIn, int inStride) {
        launch("col_to_input", Geometry.elementwise((long) n * inCells * cin, sms), s, n, inCells, cin, col, colStride, revStart, revList,
                dIn, inStride);
    }

    /** in [M][K] (rows through inCellOff, columns through kOff) -> col [M][K] (rows through colCellOff): explicit columns. */
    public void gatherColumns(CUstream s, int m, int k, int cells, CUdeviceptr in, int inStride, CUdeviceptr inCellOff, CUdeviceptr kOff,
            CUdeviceptr col, int colStride, CUdeviceptr colCellOff) {
        launch("gather_columns", Geometry.elementwise((long) m * k, sms), s, m, k, cells, in, inStride, inCellOff, kOff, col, colStride,
                colCellOff);
    }

    /** out [M][N] (rows through outCellOff) += bias [N], then ReLU if relu: gemm_fwd's epilogue for library products. */
    public void biasActivation(CUstream s, int m, int n, int cells, CUdeviceptr out, int outStride, CUdeviceptr outCellOff, CUdeviceptr bias,
            boolean relu) {
        launch("bias_activation", Geometry.elementwise((long) m * n, sms), s, m, n, cells, out, outStride, outCellOff, bias, relu ? 1 : 0);
    }

    /** out [n], targets [n] -> dOut [n] = scale · (out − target); sse [1] (double) = Σ (out − target)². */
    public void mseGradient(CUstream s, int n, CUdeviceptr out, CUdeviceptr targets, float scale, CUdeviceptr dOut, CUdeviceptr sse) {
        launch("mse_grad", Geometry.mse(), s, n, out, targets, scale, dOut, sse);
    }

    /** w, g, m, v [count] -> w, m, v [count]: one Adam step with the bias-corrected rate lr. */
    public void adamStep(CUstream s, long count, CUdeviceptr w, CUdeviceptr g, CUdeviceptr m, CUdeviceptr v, float lr, float b1, float b2,
            float c1, float c2, float eps) {
        launch("adam_step", Geometry.elementwise(count, sms), s, count, w, g, m, v, lr, b1, b2, c1, c2, eps);
    }

    /** boards [n] u64 -> dst [n][25][16]: one-hot value planes in the padded layout of {@link PolicyPlan}, zeros in its padding. */
    public void policyEncode(CUstream s, int n, CUdeviceptr boards, CUdeviceptr dst) {
        launch("policy_encode", Geometry.elementwise((long) n * PolicyPlan.CELLS * 16, sms), s, n, boards, dst);
    }

    /**
     * logits [n][4], legal [n] (move bit masks), targets [n][4] -> dLogits [n][4] = scale · (p − y) on
     * legal moves (0 elsewhere), probs [n][4] (null: not written), loss [1] (double) = Σ −y·log p:
     * the softmax cross-entropy over the legal moves.
     */
    public void policySoftmaxCrossEntropy(CUstream s, int n, CUdeviceptr logits, CUdeviceptr legal, CUdeviceptr targets, float scale,
            CUdeviceptr dLogits, CUdeviceptr probs, CUdeviceptr loss) {
        launch("policy_softmax_xent", Geometry.mse(), s, n, logits, legal, targets, scale, dLogits, probs, loss);
    }

    private void launch(String name, Geometry.Grid g, CUstream s, Object... args) {
        ctx.driver().launch(name, g, s, args);
    }
}
