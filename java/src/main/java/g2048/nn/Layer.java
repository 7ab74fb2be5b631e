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
 * followed by ReLU when {@link #relu()}. A valid convolution, CNN12's dual 1×2 convolution and a
 * fully connected layer are all this operation with different tables, so the CPU kernels below
 * (and a GPU kernel later) are written once. Offsets in the table are absolute in the parameter
 * array. Shapes per sample: in {@code [inMaps.cells()][cin]}, out {@code [outMaps.cells()][cout]}.
 *
 * <p>Inputs that are exactly zero are skipped: on the one-hot first layer this turns the
 * multiplication into a gather of one weight row per cell and tap, and after ReLU it skips the
 * inactive units.
 */
public final class Layer {

    /** Samples processed together so that one weight row serves several samples from L1. */
    static final int BLOCK = 8;

    private final LayerSpec spec;
    private final Maps inMaps;
    private final Maps outMaps;
    private final int offset;
    private final int weightCount;
    private final boolean relu;
    private final int cin;
    private final int cout;
    private final int inSize;
    private final int outSize;
    // CSR connection table: contributions of output cell o are [start[o], start[o+1]).
    private final int[] start;
    private final int[] inCell;
    private final int[] tap;
    private final int[] bias;
    // The distinct weight blocks (absolute offsets of their [cin][cout] arrays).
    private final int[] taps;

    private Layer(LayerSpec spec, Maps inMaps, Maps outMaps, int offset, int weightCount, boolean relu,
            int[] start, int[] inCell, int[] tap, int[] bias) {
        this.spec = spec;
        this.inMaps = inMaps;
        this.outMaps = outMaps;
        this.offset = offset;
        this.weightCount = weightCount;
        this.relu = relu;
        this.cin = inMaps.channels();
        this.cout = outMaps.channels();
        this.inSize = inMaps.size();
        this.outSize = outMaps.size();
        this.start = start;
        this.inCell = inCell;
        this.tap = tap;
        this.bias = bias;
        this.taps = java.util.Arrays.stream(tap).distinct().sorted().toArray();
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

    /** Builds the layer whose parameters start at {@code offset} of the network's array. */
    public static Layer build(LayerSpec spec, Maps in, int offset, boolean relu) {
        Maps out = outputOf(spec, in);
        int cin = in.channels();
        int cout = spec.out();
        int rowBlock = cin * cout;
        List<int[]> contributions = new ArrayList<>();
        int[] bias = new int[out.cells()];
        int[] start = new int[out.cells() + 1];
        int o = 0;
        switch (spec) {
            case LayerSpec.Conv c when c.padded() -> throw new IllegalArgumentException(c
                    + ": padded convolutions belong to policy networks, which PolicyNetwork runs");
            case LayerSpec.Conv c -> {
                int ow = out.w()[0];
                int iw = in.w()[0];
                int biasAt = offset + c.kh() * c.kw() * rowBlock;
                for (int r = 0; r < out.h()[0]; r++) {
                    for (int q = 0; q < ow; q++, o++) {
                        start[o] = contributions.size();
                        bias[o] = biasAt;
                        for (int dr = 0; dr < c.kh(); dr++) {
                            for (int dq = 0; dq < c.kw(); dq++) {
                                contributions.add(new int[] {(r + dr) * iw + q + dq, offset + (dr * c.kw() + dq) * rowBlock});
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
        return new Layer(spec, in, out, offset, weightCount(spec, in), relu, start, inCell, tap, bias);
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
        return relu;
    }

    public int inSize() {
        return inSize;
    }

    public int outSize() {
        return outSize;
    }

    /** The connection table (for other backends): CSR starts per output cell. */
    public int[] contributionStarts() {
        return start.clone();
    }

    /** The connection table: input cell of each contribution. */
    public int[] contributionCells() {
        return inCell.clone();
    }

    /** The connection table: absolute weight offset of each contribution's {@code [cin][cout]} block. */
    public int[] contributionTaps() {
        return tap.clone();
    }

    /** The connection table: absolute bias offset of each output cell. */
    public int[] biasOffsets() {
        return bias.clone();
    }

    /**
     * Per-thread scratch rows for the kernels. Every inner loop runs over arrays indexed from 0 with
     * the same index ({@code y[j] += a · x[j]}): that form the JIT vectorises, whereas two different
     * offsets into arrays that might be the same one keep it scalar. Rows are copied in and out with
     * {@link System#arraycopy}, which is vectorised anyway.
     */
    static final class Scratch {
        final float[][] acc;
        final float[][] delta;
        final float[][] accIn;
        final float[] row;
        final float[] rowIn;
        final float[] tmp;
        final float[] xs = new float[BLOCK];

        Scratch(int maxChannels) {
            acc = new float[BLOCK][maxChannels];
            delta = new float[BLOCK][maxChannels];
            accIn = new float[BLOCK][maxChannels];
            row = new float[maxChannels];
            rowIn = new float[maxChannels];
            tmp = new float[maxChannels];
        }
    }

    /** The larger of this layer's input and output channel counts (the scratch row length it needs). */
    int maxChannels() {
        return Math.max(cin, cout);
    }

    /**
     * Forward pass of samples {@code [0, n)}: {@code out[s·outSize ...]} from {@code in[s·inSize ...]}.
     */
    public void forward(float[] w, float[] in, float[] out, int n, Scratch sc) {
        float[][] acc = sc.acc;
        float[] row = sc.row;
        float[] xs = sc.xs;
        for (int s0 = 0; s0 < n; s0 += BLOCK) {
            int nb = Math.min(n, s0 + BLOCK) - s0;
            for (int o = 0; o < bias.length; o++) {
                int outCell = o * cout;
                for (int b = 0; b < nb; b++) {
                    System.arraycopy(w, bias[o], acc[b], 0, cout);
                }
                for (int k = start[o]; k < start[o + 1]; k++) {
                    int inAt = s0 * inSize + inCell[k] * cin;
                    for (int c = 0; c < cin; c++) {
                        if (!gather(in, inAt + c, inSize, nb, xs)) {
                            continue;
                        }
                        System.arraycopy(w, tap[k] + c * cout, row, 0, cout);
                        for (int b = 0; b < nb; b++) {
                            if (xs[b] != 0f) {
                                axpy(xs[b], row, acc[b], cout);
                            }
                        }
                    }
                }
                for (int b = 0; b < nb; b++) {
                    float[] a = acc[b];
                    if (relu) {
                        for (int j = 0; j < cout; j++) {
                            a[j] = Math.max(a[j], 0f);
                        }
                    }
                    System.arraycopy(a, 0, out, (s0 + b) * outSize + outCell, cout);
                }
            }
        }
    }

    /** Reads {@code in[at + b·stride]} for the block into {@code xs}; false if all are 0. */
    private static boolean gather(float[] in, int at, int stride, int nb, float[] xs) {
        boolean any = false;
        for (int b = 0; b < nb; b++) {
            float x = in[at + b * stride];
            xs[b] = x;
            any |= x != 0f;
        }
        return any;
    }

    /**
     * Writes every {@code [cin][cout]} weight block of this layer, transposed to {@code [cout][cin]},
     * at the same offset of {@code wT}: the backward pass reads it to propagate gradients to the
     * input along contiguous rows.
     */
    public void transposeInto(float[] w, float[] wT) {
        for (int t : taps) {
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
    public void backward(float[] wT, float[] in, float[] out, float[] dOut, float[] dIn, float[] grad, int n, Scratch sc) {
        if (relu) {
            int total = n * outSize;
            for (int i = 0; i < total; i++) {
                if (out[i] <= 0f) {
                    dOut[i] = 0f;
                }
            }
        }
        if (dIn != null) {
            java.util.Arrays.fill(dIn, 0, n * inSize, 0f);
        }
        float[][] delta = sc.delta;
        float[][] accIn = sc.accIn;
        float[] row = sc.row;
        float[] rowIn = sc.rowIn;
        float[] xs = sc.xs;
        for (int s0 = 0; s0 < n; s0 += BLOCK) {
            int nb = Math.min(n, s0 + BLOCK) - s0;
            for (int o = 0; o < bias.length; o++) {
                int outCell = o * cout;
                for (int b = 0; b < nb; b++) {
                    System.arraycopy(dOut, (s0 + b) * outSize + outCell, delta[b], 0, cout);
                }
                // Bias gradient.
                System.arraycopy(grad, bias[o], row, 0, cout);
                for (int b = 0; b < nb; b++) {
                    axpy(1f, delta[b], row, cout);
                }
                System.arraycopy(row, 0, grad, bias[o], cout);
                for (int k = start[o]; k < start[o + 1]; k++) {
                    int inAt = s0 * inSize + inCell[k] * cin;
                    // Parameter gradient: grad[tap][c][:] += in[c] · delta[:].
                    for (int c = 0; c < cin; c++) {
                        if (!gather(in, inAt + c, inSize, nb, xs)) {
                            continue;
                        }
                        int at = tap[k] + c * cout;
                        System.arraycopy(grad, at, row, 0, cout);
                        for (int b = 0; b < nb; b++) {
                            if (xs[b] != 0f) {
                                axpy(xs[b], delta[b], row, cout);
                            }
                        }
                        System.arraycopy(row, 0, grad, at, cout);
                    }
                    // Input gradient: dIn[cell][:] += Σ_j delta[j] · W^T[tap][j][:].
                    if (dIn != null) {
                        for (int b = 0; b < nb; b++) {
                            java.util.Arrays.fill(accIn[b], 0, cin, 0f);
                        }
                        for (int j = 0; j < cout; j++) {
                            boolean any = false;
                            for (int b = 0; b < nb; b++) {
                                any |= delta[b][j] != 0f;
                            }
                            if (!any) {
                                continue;
                            }
                            System.arraycopy(wT, tap[k] + j * cin, rowIn, 0, cin);
                            for (int b = 0; b < nb; b++) {
                                float d = delta[b][j];
                                if (d != 0f) {
                                    axpy(d, rowIn, accIn[b], cin);
                                }
                            }
                        }
                        for (int b = 0; b < nb; b++) {
                            int at = inAt + b * inSize;
                            System.arraycopy(dIn, at, sc.tmp, 0, cin);
                            axpy(1f, accIn[b], sc.tmp, cin);
                            System.arraycopy(sc.tmp, 0, dIn, at, cin);
                        }
                    }
                }
            }
        }
    }

    /** {@code y[0..len) += a · x[0..len)}: same index, base 0, so that it vectorises. */
    static void axpy(float a, float[] x, float[] y, int len) {
        for (int j = 0; j < len; j++) {
            y[j] += a * x[j];
        }
    }

    @Override
    public String toString() {
        return spec + " " + inMaps + " -> " + outMaps + " (" + weightCount + " weights" + (relu ? ", relu" : "") + ")";
    }
}
