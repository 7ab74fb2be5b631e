package g2048.nn;

import java.util.ArrayList;
import java.util.List;

/**
 * One layer at run time: a connection table over the network's flat parameter array.
 *
 * <p>Output cell {@code o} computes, for every output channel {@code j},
 * <pre>
 *   out[o][j] = W[bias(o) + j] + Σ_{k in contributions(o)} Σ_cin in[inCell(k)][cin] · W[tap(k) + cin·Cout + j]
 * </pre>
 * followed by ReLU when {@link #relu()}. A valid convolution, a padded one (a policy network's:
 * the taps beyond the board have no contribution, as cuda/PolicyPlan pads), CNN12's dual 1×2
 * convolution and a fully connected layer are all this operation with different tables, so the
 * CPU kernels ({@link SparseRows}, {@link TapProducts}) and the GPU's are written once. Offsets in
 * the table are absolute in the parameter array. Shapes per sample: in
 * {@code [inMaps.cells()][cin]}, out {@code [outMaps.cells()][cout]}.
 */
public final class Layer {

    private final LayerSpec spec;
    private final Maps inMaps;
    private final Maps outMaps;
    private final int offset;
    private final int weightCount;
    // The distinct weight blocks (absolute offsets of their [cin][cout] arrays).
    private final int[] tapBlocks;
    // The connection table and what runs it.
    private final LayerKernel kernel;

    private Layer(LayerSpec spec, Maps inMaps, Maps outMaps, int offset, int weightCount, boolean relu,
            int[] start, int[] inCell, int[] tap, int[] bias, GemmKernel kernel) {
        this.spec = spec;
        this.inMaps = inMaps;
        this.outMaps = outMaps;
        this.offset = offset;
        this.weightCount = weightCount;
        this.tapBlocks = java.util.Arrays.stream(tap).distinct().sorted().toArray();
        this.kernel = kernel == GemmKernel.SPARSE ? new SparseRows(start, inCell, tap, bias, inMaps, outMaps, relu)
                : new TapProducts(start, inCell, tap, tapBlocks, bias, inMaps, outMaps, relu, kernel == GemmKernel.VECTOR);
    }

    /** The number of parameters (weights and biases) a layer of this spec has on this input. */
    public static int weightCount(LayerSpec spec, Maps in) {
        int cin = in.channels();
        int cout = spec.out();
        return switch (spec) {
            case LayerSpec.Conv c -> c.kh() * c.kw() * cin * cout + cout;
            case LayerSpec.Dual12 d -> in.count() * (2 * cin * cout + cout);
            case LayerSpec.Dense d -> in.cells() * cin * cout + cout;
        };
    }

    /** The geometry a layer of this spec produces from {@code in}. */
    public static Maps outputOf(LayerSpec spec, Maps in) {
        return switch (spec) {
            case LayerSpec.Conv c -> {
                if (in.count() != 1) {
                    throw new IllegalArgumentException(c + " needs one input map, got " + in);
                }
                yield c.padded() ? Maps.single(in.h()[0], in.w()[0], c.out())
                        : Maps.single(in.h()[0] - c.kh() + 1, in.w()[0] - c.kw() + 1, c.out());
            }
            case LayerSpec.Dual12 d -> {
                int p = in.count();
                int[] h = new int[2 * p];
                int[] w = new int[2 * p];
                for (int m = 0; m < p; m++) {
                    h[2 * m] = in.h()[m];
                    w[2 * m] = in.w()[m] - 1;
                    h[2 * m + 1] = in.h()[m] - 1;
                    w[2 * m + 1] = in.w()[m];
                }
                yield new Maps(h, w, d.out());
            }
            case LayerSpec.Dense d -> Maps.single(1, 1, d.out());
        };
    }

    /** Builds the layer whose parameters start at {@code offset} of the network's array, run on the sparse rows. */
    public static Layer build(LayerSpec spec, Maps in, int offset, boolean relu) {
        return build(spec, in, offset, relu, GemmKernel.SPARSE);
    }

    /**
     * Builds the layer whose parameters start at {@code offset} of the network's array, run on
     * {@code kernel}: {@link GemmKernel#VECTOR} or {@link GemmKernel#SCALAR}, products tap by tap
     * ({@link TapProducts}, a policy network's layers), or {@link GemmKernel#SPARSE}, the sparse rows
     * ({@link SparseRows}, a value network's), which skip the zeros of one-hot inputs and of ReLU.
     */
    public static Layer build(LayerSpec spec, Maps in, int offset, boolean relu, GemmKernel kernel) {
        Maps out = outputOf(spec, in);
        int cin = in.channels();
        int cout = spec.out();
        int rowBlock = cin * cout;
        List<int[]> contributions = new ArrayList<>();
        int[] bias = new int[out.cells()];
        int[] start = new int[out.cells() + 1];
        int o = 0;
        switch (spec) {
            case LayerSpec.Conv c -> {
                int ow = out.w()[0];
                int iw = in.w()[0];
                int ih = in.h()[0];
                int biasAt = offset + c.kh() * c.kw() * rowBlock;
                for (int r = 0; r < out.h()[0]; r++) {
                    for (int q = 0; q < ow; q++, o++) {
                        start[o] = contributions.size();
                        bias[o] = biasAt;
                        for (int dr = 0; dr < c.kh(); dr++) {
                            for (int dq = 0; dq < c.kw(); dq++) {
                                // a padded window's taps beyond the last row or column read zero: no contribution
                                if (r + dr < ih && q + dq < iw) {
                                    contributions.add(new int[] {(r + dr) * iw + q + dq, offset + (dr * c.kw() + dq) * rowBlock});
                                }
                            }
                        }
                    }
                }
            }
            case LayerSpec.Dual12 d -> {
                for (int m = 0; m < in.count(); m++) {
                    int set = offset + m * (2 * rowBlock + cout);
                    int base = in.firstCell(m);
                    int h = in.h()[m];
                    int w = in.w()[m];
                    // Horizontal 1×2: taps (r, q) and (r, q+1).
                    for (int r = 0; r < h; r++) {
                        for (int q = 0; q < w - 1; q++, o++) {
                            start[o] = contributions.size();
                            bias[o] = set + 2 * rowBlock;
                            contributions.add(new int[] {base + r * w + q, set});
                            contributions.add(new int[] {base + r * w + q + 1, set + rowBlock});
                        }
                    }
                    // Vertical 2×1 with the same weights transposed: taps (r, q) and (r+1, q).
                    for (int r = 0; r < h - 1; r++) {
                        for (int q = 0; q < w; q++, o++) {
                            start[o] = contributions.size();
                            bias[o] = set + 2 * rowBlock;
                            contributions.add(new int[] {base + r * w + q, set});
                            contributions.add(new int[] {base + (r + 1) * w + q, set + rowBlock});
                        }
                    }
                }
            }
            case LayerSpec.Dense d -> {
                start[0] = 0;
                bias[0] = offset + in.cells() * rowBlock;
                for (int i = 0; i < in.cells(); i++) {
                    contributions.add(new int[] {i, offset + i * rowBlock});
                }
                o = 1;
            }
        }
        start[o] = contributions.size();
        int[] inCell = new int[contributions.size()];
        int[] tap = new int[contributions.size()];
        for (int k = 0; k < inCell.length; k++) {
            inCell[k] = contributions.get(k)[0];
            tap[k] = contributions.get(k)[1];
        }
        return new Layer(spec, in, out, offset, weightCount(spec, in), relu, start, inCell, tap, bias, kernel);
    }

    public LayerSpec spec() {
        return spec;
    }

    public Maps inMaps() {
        return inMaps;
    }

    public Maps outMaps() {
        return outMaps;
    }

    /** Where this layer's parameters start in the network's array. */
    public int offset() {
        return offset;
    }

    public int weightCount() {
        return weightCount;
    }

    public boolean relu() {
        return kernel.relu;
    }

    public int inSize() {
        return kernel.inSize;
    }

    public int outSize() {
        return kernel.outSize;
    }

    /** The connection table (for other backends): CSR starts per output cell. */
    public int[] contributionStarts() {
        return kernel.start.clone();
    }

    /** The connection table: input cell of each contribution. */
    public int[] contributionCells() {
        return kernel.inCell.clone();
    }

    /** The connection table: absolute weight offset of each contribution's {@code [cin][cout]} block. */
    public int[] contributionTaps() {
        return kernel.tap.clone();
    }

    /** The connection table: absolute bias offset of each output cell. */
    public int[] biasOffsets() {
        return kernel.bias.clone();
    }

    /** The larger of this layer's input and output channel counts (the scratch row length it needs). */
    int maxChannels() {
        return Math.max(kernel.cin, kernel.cout);
    }

    /**
     * The row offsets a workspace of {@code capacity} samples needs for this layer's tap products,
     * with the workspace's {@code scalar} scratch (null on the vector kernel); null for the sparse rows.
     */
    TapProducts.Rows tapRows(int capacity, ScalarGemm scalar) {
        return kernel instanceof TapProducts t ? t.rows(capacity, scalar) : null;
    }

    /**
     * Forward pass of samples {@code [0, n)}: {@code out[s·outSize ...]} from {@code in[s·inSize ...]};
     * {@code rows} is what {@link #tapRows} gave the workspace.
     */
    void forward(float[] w, float[] in, float[] out, int n, SparseRows.Scratch sc, TapProducts.Rows rows) {
        kernel.forward(w, in, out, n, sc, rows);
    }

    /**
     * Writes every {@code [cin][cout]} weight block of this layer, transposed to {@code [cout][cin]},
     * at the same offset of {@code wT}: the backward pass reads it to propagate gradients to the
     * input along contiguous rows.
     */
    public void transposeInto(float[] w, float[] wT) {
        int cin = kernel.cin;
        int cout = kernel.cout;
        for (int t : tapBlocks) {
            for (int c = 0; c < cin; c++) {
                int src = t + c * cout;
                for (int j = 0; j < cout; j++) {
                    wT[t + j * cin + c] = w[src + j];
                }
            }
        }
    }

    /**
     * Backward pass of samples {@code [0, n)}. {@code dOut} holds dL/d(output after ReLU) and is
     * masked in place by the ReLU; {@code out} is this layer's forward output. Adds the parameter
     * gradients into {@code grad} (same layout as the parameters) and, if {@code dIn} is not null,
     * writes dL/d(input) there, reading the weights from {@code wT} as written by
     * {@link #transposeInto}.
     */
    void backward(float[] wT, float[] in, float[] out, float[] dOut, float[] dIn, float[] grad, int n, SparseRows.Scratch sc,
            TapProducts.Rows rows) {
        if (kernel.relu) {
            int total = n * kernel.outSize;
            for (int i = 0; i < total; i++) {
                if (out[i] <= 0f) {
                    dOut[i] = 0f;
                }
            }
        }
        if (dIn != null) {
            java.util.Arrays.fill(dIn, 0, n * kernel.inSize, 0f);
        }
        kernel.backward(wT, in, dOut, dIn, grad, n, sc, rows);
    }

    @Override
    public String toString() {
        return spec + " " + inMaps + " -> " + outMaps + " (" + weightCount + " weights" + (kernel.relu ? ", relu" : "") + ")";
    }
}
