package g2048.policy;

import static g2048.settings.BadSetting.field;

import g2048.nn.NetSpec;
import g2048.settings.BadSetting;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The first-layer filters of a policy network in Matsuzaki and Teramura's form: filter f as a 4 × 16 table of
 * weights, rows the window's corners NW, NE, SW, SE, columns the cell's content (empty, 2^1 …
 * 2^15), and its bias.
 *
 * <p><b>Importance.</b> Filters are ranked by {@code A_f · O_f}: {@code A_f = max(0, b_f + Σ_corner
 * max_value W[corner][value][f])}, the largest output the filter can give on any board, times
 * {@code O_f}, the Euclidean norm of the weights of the next layer that read the filter (all taps
 * and outputs of the second convolution, or the moves' weights over every cell when the network has
 * one convolution). It bounds how far the filter can move the next layer, needs no data, and is 0
 * exactly for a filter that is never active or never read.
 */
public final class FirstLayerFilters {

    /** One filter: its number, table {@code weights[corner][value]}, bias, and importance. */
    public record Filter(int index, float[][] weights, float bias, double maxOutput, double outgoingNorm) {
        public double importance() {
            return maxOutput * outgoingNorm;
        }
    }

    private FirstLayerFilters() {
    }

    /** Every filter of the network's first layer, most important first (ties by number). */
    public static List<Filter> ranked(NetSpec spec, float[] w) {
        List<Filter> all = new ArrayList<>();
        for (int f = 0; f < spec.channels(); f++) {
            all.add(of(spec, w, f));
        }
        all.sort(Comparator.comparingDouble(Filter::importance).reversed().thenComparingInt(Filter::index));
        return all;
    }

    /** Filter {@code f}. */
    public static Filter of(NetSpec spec, float[] w, int f) {
        int ch = spec.channels();
        if (f < 0 || f >= ch) {
            throw new BadSetting(field("filter"), ": " + spec.name() + " has filters 0.." + (ch - 1) + ", got " + f);
        }
        int off = spec.layerOffset(0);
        float[][] table = new float[NetSpec.TAPS][NetSpec.VALUE_PLANES];
        double max = w[off + NetSpec.TAPS * NetSpec.VALUE_PLANES * ch + f];
        float bias = (float) max;
        for (int t = 0; t < NetSpec.TAPS; t++) {
            double best = Double.NEGATIVE_INFINITY;
            for (int v = 0; v < NetSpec.VALUE_PLANES; v++) {
                table[t][v] = w[off + (t * NetSpec.VALUE_PLANES + v) * ch + f];
                best = Math.max(best, table[t][v]);
            }
            max += best;
        }
        double norm = 0;
        if (spec.convs() > 1) {
            int off2 = spec.layerOffset(1);
            for (int t = 0; t < NetSpec.TAPS; t++) {
                int row = off2 + (t * ch + f) * ch;
                for (int j = 0; j < ch; j++) {
                    norm += (double) w[row + j] * w[row + j];
                }
            }
        } else {
            int offD = spec.lastLayerOffset();
            for (int cell = 0; cell < NetSpec.CELLS; cell++) {
                for (int m = 0; m < NetSpec.MOVES; m++) {
                    double x = w[offD + (cell * ch + f) * NetSpec.MOVES + m];
                    norm += x * x;
                }
            }
        }
        return new Filter(f, table, bias, Math.max(0, max), Math.sqrt(norm));
    }
}
