package g2048.nn;

import java.util.ArrayList;
import java.util.List;

/**
 * The CPU kernel of a policy network's layers: the layer's connection table read tap by tap, each
 * tap one matrix product ({@link VectorGemm} on the vector kernel, {@link ScalarGemm} on the
 * scalar one) over its (output cell,
 * input cell) pairs (a padded convolution's windows that lie on the board; a fully connected
 * layer's input cells, one tap each), every sample's pairs in one product. The vector products are
 * dense and still faster than the sparse rows at a policy network's widths; the scalar ones skip
 * zero inputs.
 *
 * <p>Each output element is its bias followed by fused multiply-adds tap by tap, input channel by
 * input channel; each weight gradient element sums its pairs sample by sample, output cell by
 * output cell; so a given thread count always gives the same bits, and the two kernels the same
 * bits too (the scalar one skips only terms that add an exact zero).
 */
final class TapProducts extends LayerKernel {

    /** Absolute offset of each tap's {@code [cin][cout]} block, ascending. */
    private final int[] blocks;
    /** Per tap: output and input cell of each pair of one sample, output cells ascending. */
    private final int[][] outCells;
    private final int[][] inCells;
    /** {@link VectorGemm}'s products, else the workspace's {@link ScalarGemm}. */
    private final boolean vector;

    TapProducts(int[] start, int[] inCell, int[] tap, int[] blocks, int[] bias, Maps in, Maps out, boolean relu, boolean vector) {
        super(start, inCell, tap, bias, in, out, relu);
        this.blocks = blocks;
        this.vector = vector;
        List<List<int[]>> byTap = new ArrayList<>();
        for (int i = 0; i < blocks.length; i++) {
            byTap.add(new ArrayList<>());
        }
        for (int o = 0; o + 1 < start.length; o++) {
            for (int k = start[o]; k < start[o + 1]; k++) {
                byTap.get(java.util.Arrays.binarySearch(blocks, tap[k])).add(new int[] {o, inCell[k]});
            }
        }
        outCells = new int[blocks.length][];
        inCells = new int[blocks.length][];
        for (int t = 0; t < blocks.length; t++) {
            outCells[t] = byTap.get(t).stream().mapToInt(p -> p[0]).toArray();
            inCells[t] = byTap.get(t).stream().mapToInt(p -> p[1]).toArray();
        }
    }

    /**
     * A workspace's row offsets for this layer: per tap, pair p of sample s at {@code s·pairs + p};
     * and the workspace's scratch for the scalar products (null on the vector kernel).
     */
    record Rows(int[][] out, int[][] in, ScalarGemm scalar) {
    }

    Rows rows(int capacity, ScalarGemm scalar) {
        if (!vector && scalar == null) {
            throw new IllegalArgumentException("the scalar tap products need a workspace's ScalarGemm");
        }
        int[][] out = new int[blocks.length][];
        int[][] in = new int[blocks.length][];
        for (int t = 0; t < blocks.length; t++) {
            int per = outCells[t].length;
            out[t] = new int[capacity * per];
            in[t] = new int[capacity * per];
            for (int s = 0; s < capacity; s++) {
                for (int p = 0; p < per; p++) {
                    out[t][s * per + p] = s * outSize + outCells[t][p] * cout;
                    in[t][s * per + p] = s * inSize + inCells[t][p] * cin;
                }
            }
        }
        return new Rows(out, in, vector ? null : scalar);
    }

    @Override
    void forward(float[] w, float[] in, float[] out, int n, SparseRows.Scratch unused, Rows rows) {
        for (int s = 0; s < n; s++) {
            for (int o = 0; o < bias.length; o++) {
                System.arraycopy(w, bias[o], out, s * outSize + o * cout, cout);
            }
        }
        for (int t = 0; t < blocks.length; t++) {
            int pairs = n * outCells[t].length;
            if (vector) {
                VectorGemm.accumulate(out, rows.out[t], in, rows.in[t], pairs, w, blocks[t], cin, cout);
            } else {
                rows.scalar.accumulate(out, rows.out[t], in, rows.in[t], pairs, w, blocks[t], cin, cout);
            }
        }
        if (relu) {
            int total = n * outSize;
            for (int i = 0; i < total; i++) {
                out[i] = Math.max(out[i], 0f);
            }
        }
    }

    @Override
    void backward(float[] wT, float[] in, float[] dOut, float[] dIn, float[] grad, int n, SparseRows.Scratch unused, Rows rows) {
        for (int s = 0; s < n; s++) {
            for (int o = 0; o < bias.length; o++) {
                int at = (s * bias.length + o) * cout;
                int b = bias[o];
                for (int j = 0; j < cout; j++) {
                    grad[b + j] += dOut[at + j];
                }
            }
        }
        for (int t = 0; t < blocks.length; t++) {
            int pairs = n * outCells[t].length;
            if (vector) {
                VectorGemm.accumulateTransposed(grad, blocks[t], in, rows.in[t], dOut, rows.out[t], pairs, cin, cout);
                if (dIn != null) {
                    VectorGemm.accumulate(dIn, rows.in[t], dOut, rows.out[t], pairs, wT, blocks[t], cout, cin);
                }
            } else {
                rows.scalar.accumulateTransposed(grad, blocks[t], in, rows.in[t], dOut, rows.out[t], pairs, cin, cout);
                if (dIn != null) {
                    rows.scalar.accumulate(dIn, rows.in[t], dOut, rows.out[t], pairs, wT, blocks[t], cout, cin);
                }
            }
        }
    }
}
