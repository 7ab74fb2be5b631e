package g2048.cuda;

import g2048.nn.NetSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * A policy network's layers ({@link NetSpec} with a policy head) as {@link LayerPlan}s, the GEMM
 * tables of cuda/gemm.cu, in the padded layout of cuda/policy.cu: a position's activations are
 * 5 × 5 cells of {@code channels} floats, board cell (r, c) at {@code 5·r + c}, and row 4 and
 * column 4 hold zeros. There every 2×2 window, also those of the last row and column, reads its
 * four taps at the same offsets from its cell, so a padded convolution is one
 * {@link LayerPlan.Group} of the 16 board cells with one {@code kOff} (where the unpadded layout
 * would need four groups, two of them on weight blocks that are not contiguous); its padding cells
 * are written by no group ({@link LayerPlan#leavesCellsUnwritten()}). The dense layer to the moves
 * is one group of one cell whose {@code kOff} reads the 16 board cells and skips the padding; its
 * weights {@code [cell][channel][move]} are already the GEMM's {@code W[k][n]}. The parameters
 * keep {@link NetSpec}'s flat layout. Pure data, no device.
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

    private PolicyPlan() {
    }

    /** The convolutions, then the dense layer. */
    public static List<LayerPlan> layers(NetSpec spec) {
        List<LayerPlan> out = new ArrayList<>();
        int ch = spec.channels();
        for (int l = 0; l < spec.convs(); l++) {
            out.add(conv(spec.trunk().get(l).toString(), spec.layerOffset(l), spec.inChannels(l), ch));
        }
        out.add(dense(spec.trunk().getLast().toString(), spec.lastLayerOffset(), ch));
        return List.copyOf(out);
    }

    /** Where board cell {@code cell} (0..15) sits in the padded map. */
    public static int padded(int cell) {
        return cell / 4 * SIDE + cell % 4;
    }

    private static LayerPlan conv(String name, int offset, int cin, int cout) {
        int[] outCells = new int[16];
        int[] inOff = new int[16];
        int[] outOff = new int[16];
        int[] colOff = new int[16];
        for (int o = 0; o < 16; o++) {
            outCells[o] = o;
            inOff[o] = padded(o) * cin;
            outOff[o] = padded(o) * cout;
            colOff[o] = o * NetSpec.TAPS * cin;
        }
        int[] kOff = new int[NetSpec.TAPS * cin];
        for (int t = 0; t < NetSpec.TAPS; t++) {
            int delta = (t >> 1) * SIDE + (t & 1);
            for (int c = 0; c < cin; c++) {
                kOff[t * cin + c] = delta * cin + c;
            }
        }
        int weights = NetSpec.TAPS * cin * cout;
        LayerPlan.Group g = new LayerPlan.Group(offset, offset + weights, NetSpec.TAPS, outCells, inOff, kOff, outOff, colOff);
        // contribution 4·o + t reads board cell (r + dr, c + dc) when it is on the board
        List<List<Integer>> readers = new ArrayList<>();
        for (int p = 0; p < CELLS; p++) {
            readers.add(new ArrayList<>());
        }
        for (int o = 0; o < 16; o++) {
            for (int t = 0; t < NetSpec.TAPS; t++) {
                int r = o / 4 + (t >> 1);
                int c = o % 4 + (t & 1);
                if (r < 4 && c < 4) {
                    readers.get(r * SIDE + c).add(o * NetSpec.TAPS + t);
                }
            }
        }
        int[][] rev = reverse(readers);
        return new LayerPlan(name, CELLS, cin, CELLS, cout, true, List.of(g), 16 * NetSpec.TAPS, rev[0], rev[1], false);
    }

    private static LayerPlan dense(String name, int offset, int ch) {
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
        LayerPlan.Group g = new LayerPlan.Group(offset, offset + k * NetSpec.MOVES, 16, new int[] {0}, zero, kOff, zero, zero);
        int[][] rev = reverse(readers);
        return new LayerPlan(name, CELLS, ch, 1, NetSpec.MOVES, false, List.of(g), 16, rev[0], rev[1], false);
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
