package g2048.nn;

/**
 * One version of a policy network's parameters rearranged for the kernels: each convolution tap
 * as rows {@code [cin][cout]} (the forward pass) and transposed as rows {@code [cout][cin]} (the
 * input gradient), and the last layer as rows {@code [move][cell·channel]}. Built from the flat
 * array once per step and read by every thread; immutable once built.
 */
public final class PackedWeights {

    final PolicySpec spec;
    /** taps[l][t][cin][cout]. */
    final float[][][][] taps;
    /** tapsT[l][t][cout][cin] (null for the first layer, whose input needs no gradient). */
    final float[][][][] tapsT;
    /** bias[l][cout]. */
    final float[][] bias;
    /** dense[m][cell·C + c]. */
    final float[][] dense;
    final float[] denseBias;

    public PackedWeights(PolicySpec spec, float[] w) {
        if (w.length != spec.weightCount()) {
            throw new IllegalArgumentException(spec.name() + " has " + spec.weightCount() + " parameters, got " + w.length);
        }
        this.spec = spec;
        int k = spec.convs();
        int ch = spec.channels();
        taps = new float[k][PolicySpec.TAPS][][];
        tapsT = new float[k][PolicySpec.TAPS][][];
        bias = new float[k][];
        for (int l = 0; l < k; l++) {
            int cin = spec.inChannels(l);
            int off = spec.convOffset(l);
            for (int t = 0; t < PolicySpec.TAPS; t++) {
                float[][] rows = new float[cin][ch];
                for (int c = 0; c < cin; c++) {
                    System.arraycopy(w, off + (t * cin + c) * ch, rows[c], 0, ch);
                }
                taps[l][t] = rows;
                if (l > 0) {
                    float[][] tr = new float[ch][cin];
                    for (int c = 0; c < cin; c++) {
                        float[] r = rows[c];
                        for (int j = 0; j < ch; j++) {
                            tr[j][c] = r[j];
                        }
                    }
                    tapsT[l][t] = tr;
                }
            }
            bias[l] = new float[ch];
            System.arraycopy(w, off + PolicySpec.TAPS * cin * ch, bias[l], 0, ch);
        }
        int off = spec.denseOffset();
        int in = PolicySpec.CELLS * ch;
        dense = new float[PolicySpec.MOVES][in];
        for (int i = 0; i < in; i++) {
            for (int m = 0; m < PolicySpec.MOVES; m++) {
                dense[m][i] = w[off + i * PolicySpec.MOVES + m];
            }
        }
        denseBias = new float[PolicySpec.MOVES];
        System.arraycopy(w, off + in * PolicySpec.MOVES, denseBias, 0, PolicySpec.MOVES);
    }

    public PolicySpec spec() {
        return spec;
    }
}
