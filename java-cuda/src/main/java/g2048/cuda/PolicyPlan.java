package g2048.cuda;

import g2048.nn.PolicySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link PolicySpec} as GEMM tables of cuda/gemm.cu, in the padded layout of cuda/policy.cu: a
 * position's activations are 5 × 5 cells of {@code channels} floats, board cell (r, c) at
 * {@code 5·r + c}, and row 4 and column 4 hold zeros. There every 2×2 window, also those of the
 * last row and column, reads its four taps at the same offsets from its cell, so a padded
 * convolution is one {@link LayerPlan.Group} of the 16 board cells with one {@code kOff} (where the
 * unpadded layout would need four groups, two of them on weight blocks that are not contiguous).
 * The dense layer to the moves is one group of one cell whose {@code kOff} reads the 16 board cells
 * and skips the padding; its weights {@code [cell][channel][move]} are already the GEMM's
 * {@code W[k][n]}. The parameters keep {@link PolicySpec}'s flat layout. Pure data, no device.
 *
 * <p>Input gradients go through a column buffer {@code [position][contribution][cin]} and
 * {@code col_to_input}: contribution {@code 4·o + t} is output cell o's tap t (the dense layer's
 * contribution c is board cell c), and the reverse tables list, per padded cell, the contributions
 * that read it; padding cells get none, so their gradient is written as 0.
 */
public final class PolicyPlan {

    /** Side of the padded map. */
    public static final int SIDE = 5;
    /** Cells of the padded map. */
    public static final int CELLS = SIDE * SIDE;

    /** One layer: its group, input and output channels, and the reverse tables of its input gradient. */
    public record Layer(LayerPlan.Group group, int cin, int cout, boolean relu, int contributions, int[] revStart, int[] revList) {

        /** GEMM reduction length: taps · cin. */
        public int k() {
            return group.taps() * cin;
        }

        /** Floats per position of the layer's input (padded). */
        public int inSize() {
            return CELLS * cin;
        }

        /** Floats per position of the column buffer. */
        public int colSize() {
            return contributions * cin;
        }
    }

    private final PolicySpec spec;
    private final List<Layer> layers;

    public PolicyPlan(PolicySpec spec) {
        this.spec = spec;
        List<Layer> out = new ArrayList<>();
        int ch = spec.channels();
        for (int l = 0; l < spec.convs(); l++) {
            out.add(conv(spec.convOffset(l), spec.inChannels(l), ch));
        }
        out.add(dense(spec.denseOffset(), ch));
        this.layers = List.copyOf(out);
    }

    /** Where board cell {@code cell} (0..15) sits in the padded map. */
    public static int padded(int cell) {
        return cell / 4 * SIDE + cell % 4;
    }

    public PolicySpec spec() {
        return spec;
    }

    /** The convolutions, then the dense layer. */
    public List<Layer> layers() {
        return layers;
    }

    /** Floats per position of the largest column buffer any layer's input gradient needs. */
    public int colSize() {
        int most = 0;
        for (Layer l : layers) {
            most = Math.max(most, l.colSize());
        }
        return most;
    }

    private static Layer conv(int offset, int cin, int cout) {
        int[] outCells = new int[16];
        int[] inOff = new int[16];
        int[] outOff = new int[16];
        int[] colOff = new int[16];
        for (int o = 0; o < 16; o++) {
            outCells[o] = o;
            inOff[o] = padded(o) * cin;
            outOff[o] = padded(o) * cout;
            colOff[o] = o * PolicySpec.TAPS * cin;
        }
        int[] kOff = new int[PolicySpec.TAPS * cin];
        for (int t = 0; t < PolicySpec.TAPS; t++) {
            int delta = (t >> 1) * SIDE + (t & 1);
            for (int c = 0; c < cin; c++) {
                kOff[t * cin + c] = delta * cin + c;
            }
        }
        int weights = PolicySpec.TAPS * cin * cout;
        LayerPlan.Group g = new LayerPlan.Group(offset, offset + weights, PolicySpec.TAPS, outCells, inOff, kOff, outOff, colOff);
        // contribution 4·o + t reads board cell (r + dr, c + dc) when it is on the board
        List<List<Integer>> readers = new ArrayList<>();
        for (int p = 0; p < CELLS; p++) {
            readers.add(new ArrayList<>());
        }
        for (int o = 0; o < 16; o++) {
            for (int t = 0; t < PolicySpec.TAPS; t++) {
                int r = o / 4 + (t >> 1);
                int c = o % 4 + (t & 1);
                if (r < 4 && c < 4) {
                    readers.get(r * SIDE + c).add(o * PolicySpec.TAPS + t);
                }
            }
        }
        int[][] rev = reverse(readers);
        return new Layer(g, cin, cout, true, 16 * PolicySpec.TAPS, rev[0], rev[1]);
    }

    private static Layer dense(int offset, int ch) {
        int k = 16 * ch;
        int[] kOff = new int[k];
        List<List<Integer>> readers = new ArrayList<>();
        for (int p = 0; p < CELLS; p++) {
            readers.add(new ArrayList<>());
        }
        for (int cell = 0; cell < 16; cell++) {
            for (int c = 0; c < ch; c++) {
                kOff[cell * ch + c] = padded(cell) * ch + c;
            }
            readers.get(padded(cell)).add(cell);
        }
        int[] zero = {0};
        LayerPlan.Group g = new LayerPlan.Group(offset, offset + k * PolicySpec.MOVES, 16, new int[] {0}, zero, kOff, zero, zero);
        int[][] rev = reverse(readers);
        return new Layer(g, ch, PolicySpec.MOVES, false, 16, rev[0], rev[1]);
    }

    /** CSR over the padded cells: starts, then the list. */
    private static int[][] reverse(List<List<Integer>> readers) {
        int[] start = new int[CELLS + 1];
        List<Integer> list = new ArrayList<>();
        for (int p = 0; p < CELLS; p++) {
            list.addAll(readers.get(p));
            start[p + 1] = list.size();
        }
        return new int[][] {start, list.stream().mapToInt(Integer::intValue).toArray()};
    }
}
