package g2048.cuda;


/**
 * What the kernels of cuda/gemm.cu and cuda/layers.cu compute for a {@link LayerPlan}, written
 * out in plain loops from the same tables and the same index formulas (G2View in common.cuh), so
 * that the plans are checked against the CPU layers on a machine without a GPU.
 */
final class PlanEmulator {

    private PlanEmulator() {
    }

    /** gemm_fwd for every group: in [n][inSize] -> out [n][outSize]. */
    static void forward(LayerPlan plan, float[] w, float[] in, float[] out, int n) {
        LayerPlan l = plan;
        int cout = plan.cout();
        for (LayerPlan.Group g : plan.groups()) {
            int cells = g.cells();
            int k = plan.k(g);
            for (int m = 0; m < n * cells; m++) {
                long inRow = (long) (m / cells) * l.inSize() + g.inCellOff()[m % cells];
                long outRow = (long) (m / cells) * l.outSize() + g.outCellOff()[m % cells];
                for (int j = 0; j < cout; j++) {
                    float acc = 0f;
                    for (int kk = 0; kk < k; kk++) {
                        acc += in[(int) (inRow + col(g.kOff(), kk))] * w[g.weightOffset() + kk * cout + j];
                    }
                    float y = acc + w[g.biasOffset() + j];
                    out[(int) (outRow + j)] = l.relu() && y < 0f ? 0f : y;
                }
            }
        }
    }

    /** relu_backward, bias_grad, gemm_wgrad, gemm_dgrad and col_to_input, as LayerLaunches.backward launches them. */
    static void backward(LayerPlan plan, float[] w, float[] in, float[] out, float[] dOut, float[] dIn, float[] grad, int n) {
        LayerPlan l = plan;
        int cout = plan.cout();
        if (l.relu()) {
            for (int i = 0; i < n * l.outSize(); i++) {
                if (out[i] <= 0f) {
                    dOut[i] = 0f;
                }
            }
        }
        for (LayerPlan.Group g : plan.groups()) {
            int cells = g.cells();
            int k = plan.k(g);
            for (int m = 0; m < n * cells; m++) {
                long inRow = (long) (m / cells) * l.inSize() + g.inCellOff()[m % cells];
                long outRow = (long) (m / cells) * l.outSize() + g.outCellOff()[m % cells];
                for (int j = 0; j < cout; j++) {
                    float d = dOut[(int) (outRow + j)];
                    grad[g.biasOffset() + j] += d;
                    for (int kk = 0; kk < k; kk++) {
                        grad[g.weightOffset() + kk * cout + j] += in[(int) (inRow + col(g.kOff(), kk))] * d;
                    }
                }
            }
        }
        if (dIn == null) {
            return;
        }
        boolean direct = plan.directInputGradient();
        int colStride = direct ? l.inSize() : plan.colSize();
        float[] col = direct ? dIn : new float[n * colStride];
        for (LayerPlan.Group g : plan.groups()) {
            int cells = g.cells();
            int k = plan.k(g);
            for (int m = 0; m < n * cells; m++) {
                long outRow = (long) (m / cells) * l.outSize() + g.outCellOff()[m % cells];
                long colRow = (long) (m / cells) * colStride + g.colCellOff()[m % cells];
                for (int kk = 0; kk < k; kk++) {
                    float acc = 0f;
                    for (int j = 0; j < cout; j++) {
                        acc += dOut[(int) (outRow + j)] * w[g.weightOffset() + kk * cout + j];
                    }
                    col[(int) (colRow + kk)] = acc;
                }
            }
        }
        if (!direct) {
            int[] rs = plan.reverseStarts();
            int[] rl = plan.reverseList();
            int cin = plan.cin();
            int inCells = l.inCells();
            for (int s = 0; s < n; s++) {
                for (int cell = 0; cell < inCells; cell++) {
                    for (int c = 0; c < cin; c++) {
                        float t = 0f;
                        for (int r = rs[cell]; r < rs[cell + 1]; r++) {
                            t += col[s * colStride + rl[r] * cin + c];
                        }
                        dIn[s * l.inSize() + cell * cin + c] = t;
                    }
                }
            }
        }
    }

    private static int col(int[] kOff, int k) {
        return kOff == null ? k : kOff[k];
    }
}
