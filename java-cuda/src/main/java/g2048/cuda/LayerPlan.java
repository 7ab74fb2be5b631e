package g2048.cuda;

import g2048.nn.Layer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One layer of a network as the GEMM tables of cuda/gemm.cu, value or policy alike: a value
 * network's CPU {@link Layer}'s connection table turned into them ({@link #of}), or a policy
 * network's padded layers ({@link PolicyPlan}). Pure data, no device. Built from a layer's public
 * table, the GPU follows the CPU reference's layouts (parameters {@code [tap][cin][cout]} then
 * biases, activations {@code [sample][cell][channel]}) by construction.
 *
 * <p>Output cells that use the same weight block, the same bias and the same window shape (the
 * offsets of their taps' input cells from the first one) form a {@link Group}; a group is one
 * GEMM: row m = (sample, local cell), column k = (tap t, input channel c) at input offset
 * {@code inCellOff[local] + kOff[k]}, {@code kOff[t·cin + c] = delta[t]·cin + c}. A convolution is
 * one group, a fully connected layer one group of one cell, CNN12's dual 1×2 convolution two
 * groups per input map (horizontal and vertical windows share the weights).
 *
 * <p>The data gradient goes through a column buffer {@code [sample][contribution][cin]} (one row
 * per (output cell, tap) in the layer's table order), summed into the input gradient by
 * {@code col_to_input} over {@link #reverseStarts()}/{@link #reverseList()}; when the table reads
 * every input cell exactly once in order (a fully connected layer) the column buffer is the input
 * gradient itself ({@link #directInputGradient()}).
 */
public final class LayerPlan {

    /**
     * One GEMM of the layer.
     *
     * @param weightOffset absolute offset of the [taps·cin][cout] weight block in the parameters
     * @param biasOffset absolute offset of the [cout] biases
     * @param taps taps per output cell (window size)
     * @param outCells the output cells of the group, in order
     * @param inCellOff per local cell: offset of its window's first input cell, {@code cell · cin}
     * @param kOff per column k: offset inside the window; null when it is k itself
     * @param outCellOff per local cell: {@code outCell · cout}
     * @param colCellOff per local cell: {@code firstContribution · cin} in the column buffer
     */
    public record Group(int weightOffset, int biasOffset, int taps, int[] outCells, int[] inCellOff, int[] kOff,
            int[] outCellOff, int[] colCellOff) {

        public int cells() {
            return outCells.length;
        }
    }

    private final String name;
    private final int inCells;
    private final int outCells;
    private final int cin;
    private final int cout;
    private final boolean relu;
    private final int contributions;
    private final List<Group> groups;
    private final int[] revStart;
    private final int[] revList;
    private final boolean direct;

    /**
     * A plan from its tables: {@code inCells} cells of {@code cin} channels in, {@code outCells} of
     * {@code cout} out (ReLU after when {@code relu}), {@code name} in messages.
     */
    LayerPlan(String name, int inCells, int cin, int outCells, int cout, boolean relu, List<Group> groups, int contributions,
            int[] revStart, int[] revList, boolean direct) {
        this.name = name;
        this.inCells = inCells;
        this.outCells = outCells;
        this.cin = cin;
        this.cout = cout;
        this.relu = relu;
        this.groups = List.copyOf(groups);
        this.contributions = contributions;
        this.revStart = revStart;
        this.revList = revList;
        this.direct = direct;
    }

    /** Plans {@code layer}; throws if its table is not a set of windows over weight blocks of {@code [tap][cin][cout]}. */
    public static LayerPlan of(Layer layer) {
        int[] start = layer.contributionStarts();
        int[] inCell = layer.contributionCells();
        int[] tap = layer.contributionTaps();
        int[] bias = layer.biasOffsets();
        int cin = layer.inMaps().channels();
        int cout = layer.outMaps().channels();
        int inCells = layer.inMaps().cells();
        int rowBlock = cin * cout;
        record Key(int weight, int bias, List<Integer> deltas) {
        }
        Map<Key, List<Integer>> byKey = new LinkedHashMap<>();
        for (int o = 0; o < bias.length; o++) {
            int first = start[o];
            int taps = start[o + 1] - first;
            if (taps < 1) {
                throw new IllegalArgumentException(layer + ": output cell " + o + " reads nothing");
            }
            List<Integer> deltas = new ArrayList<>(taps);
            for (int t = 0; t < taps; t++) {
                if (tap[first + t] != tap[first] + t * rowBlock) {
                    throw new IllegalArgumentException(layer + ": output cell " + o + " tap " + t
                            + " does not follow its first tap's weight block; the GPU plan needs [tap][cin][cout] blocks");
                }
                deltas.add(inCell[first + t] - inCell[first]);
            }
            byKey.computeIfAbsent(new Key(tap[first], bias[o], List.copyOf(deltas)), k -> new ArrayList<>()).add(o);
        }
        List<Group> groups = new ArrayList<>();
        for (Map.Entry<Key, List<Integer>> e : byKey.entrySet()) {
            List<Integer> deltas = e.getKey().deltas();
            int taps = deltas.size();
            List<Integer> cells = e.getValue();
            int n = cells.size();
            int[] outCells = new int[n];
            int[] inOff = new int[n];
            int[] outOff = new int[n];
            int[] colOff = new int[n];
            for (int i = 0; i < n; i++) {
                int o = cells.get(i);
                outCells[i] = o;
                inOff[i] = inCell[start[o]] * cin;
                outOff[i] = o * cout;
                colOff[i] = start[o] * cin;
            }
            int[] kOff = new int[taps * cin];
            boolean identity = true;
            for (int t = 0; t < taps; t++) {
                for (int c = 0; c < cin; c++) {
                    int k = t * cin + c;
                    kOff[k] = deltas.get(t) * cin + c;
                    identity &= kOff[k] == k;
                }
            }
            groups.add(new Group(e.getKey().weight(), e.getKey().bias(), taps, outCells, inOff, identity ? null : kOff, outOff, colOff));
        }
        // Reverse table: contributions reading each input cell.
        int total = inCell.length;
        int[] revStart = new int[inCells + 1];
        for (int k = 0; k < total; k++) {
            revStart[inCell[k] + 1]++;
        }
        for (int i = 0; i < inCells; i++) {
            revStart[i + 1] += revStart[i];
        }
        int[] fill = Arrays.copyOf(revStart, inCells);
        int[] revList = new int[total];
        for (int k = 0; k < total; k++) {
            revList[fill[inCell[k]]++] = k;
        }
        boolean direct = total == inCells;
        for (int k = 0; direct && k < total; k++) {
            direct = inCell[k] == k;
        }
        return new LayerPlan(layer.toString(), inCells, cin, layer.outMaps().cells(), cout, layer.relu(), groups, total, revStart, revList,
                direct);
    }

    /** The value network's layers in parameter order (embedding, then trunk). */
    public static List<LayerPlan> of(g2048.nn.Network net) {
        List<LayerPlan> plans = new ArrayList<>();
        for (Layer l : net.layers()) {
            plans.add(of(l));
        }
        return plans;
    }

    /** Cells of the input per sample. */
    public int inCells() {
        return inCells;
    }

    /** Cells of the output per sample. */
    public int outCells() {
        return outCells;
    }

    /** Floats per sample of the input. */
    public int inSize() {
        return inCells * cin;
    }

    /** Floats per sample of the output. */
    public int outSize() {
        return outCells * cout;
    }

    /** Whether ReLU follows. */
    public boolean relu() {
        return relu;
    }

    /**
     * Whether some output cells are written by no group (a padded layout's padding): their zeros
     * are written once, when the output buffer is made.
     */
    public boolean leavesCellsUnwritten() {
        int written = 0;
        for (Group g : groups) {
            written += g.cells();
        }
        return written < outCells;
    }

    public List<Group> groups() {
        return groups;
    }

    public int cin() {
        return cin;
    }

    public int cout() {
        return cout;
    }

    /** GEMM reduction length of a group: taps · cin. */
    public int k(Group g) {
        return g.taps() * cin;
    }

    /** (output cell, tap) pairs of the layer: rows of the column buffer per sample. */
    public int contributions() {
        return contributions;
    }

    /** Floats per sample of the column buffer. */
    public int colSize() {
        return contributions * cin;
    }

    /** CSR starts over input cells of the contributions that read them. */
    public int[] reverseStarts() {
        return revStart.clone();
    }

    /** CSR list of contribution indices, see {@link #reverseStarts()}. */
    public int[] reverseList() {
        return revList.clone();
    }

    /** True when the column buffer's layout is the input gradient's (no summation needed). */
    public boolean directInputGradient() {
        return direct;
    }

    /**
     * A group's operands as plain row-major matrices, for a library GEMM: each field is the row
     * stride ({@code lda}) of that operand, or -1 when its rows are not a plain matrix.
     *
     * @param in the input read in place (identity {@code kOff} only), width K
     * @param col the group's rows of the column buffer (stride {@link #colSize()}), width K: where
     *     the input is gathered when it cannot be read in place, and the data gradient's target
     * @param direct the input gradient as the data gradient's target, width K (when
     *     {@link #directInputGradient()})
     * @param out the output and its gradient, width cout
     */
    public record Strides(int in, int col, int direct, int out) {

        /** Whether the forward product and the weight gradient can be a library GEMM. */
        public boolean product() {
            return out > 0 && (in > 0 || col > 0);
        }

        /** Whether the data gradient can be a library GEMM (into the input gradient when {@code intoInput}). */
        public boolean dataGradient(boolean intoInput) {
            return out > 0 && (intoInput ? direct : col) > 0;
        }
    }

    /** {@link Strides} of group {@code g}. */
    public Strides strides(Group g) {
        int k = k(g);
        int in = g.kOff() == null ? leadingDimension(g.cells(), inSize(), g.inCellOff(), k) : -1;
        int colLd = leadingDimension(g.cells(), colSize(), g.colCellOff(), k);
        int directLd = direct ? leadingDimension(g.cells(), inSize(), g.colCellOff(), k) : -1;
        return new Strides(in, colLd, directLd, leadingDimension(g.cells(), outSize(), g.outCellOff(), cout));
    }

    /**
     * The row stride of rows m = (sample, local cell) at {@code sample · stride + cellOff[local]},
     * each {@code width} wide, as one row-major matrix; -1 when they are not one. A single cell at
     * offset 0 is a matrix of stride {@code stride}; several are one when they sit back to back
     * ({@code cellOff[local] = local · width}) and fill the sample ({@code stride = cells · width}).
     */
    static int leadingDimension(int cells, int stride, int[] cellOff, int width) {
        if (cells == 1) {
            return cellOff[0] == 0 && stride >= width ? stride : -1;
        }
        for (int l = 0; l < cells; l++) {
            if (cellOff[l] != l * width) {
                return -1;
            }
        }
        return stride == cells * width ? width : -1;
    }

    @Override
    public String toString() {
        return name;
    }
}
