package g2048.nn;

/**
 * One version of a policy network's parameters rearranged for the kernels: each convolution tap
 * as rows {@code [cin][cout]} (the forward pass) and transposed as rows {@code [cout][cin]} (the
 * input gradient), and the last layer as rows {@code [move][cell·channel]}. Built from the flat
 * array once per step and read by every thread; immutable once built.
 */
public final class PackedWeights {

    final NetSpec spec;
    /** taps[l][t][cin][cout]. */
    final float[][][][] taps;
    /** tapsT[l][t][cout][cin] (null for the first layer, whose input needs no gradient). */
    final float[][][][] tapsT;
    /** bias[l][cout]. */
    final float[][] bias;
    /** dense[m][cell·C + c]. */
    final float[][] dense;
    final float[] denseBias;

    public PackedWeights(NetSpec spec, float[] w) {
        if (w.length != spec.weightCount()) {
            throw new IllegalArgumentException(spec.name() + " has " + spec.weightCount() + " parameters, got " + w.length);
        }
        this.spec = spec;
        int k = spec.convs();
        int ch = spec.channels();
        taps = new float[k][NetSpec.TAPS][][];
        tapsT = new float[k][NetSpec.TAPS][][];
        bias = new float[k][];
        for (int l = 0; l < k; l++) {
            int cin = spec.inChannels(l);
            int off = spec.layerOffset(l);
            for (int t = 0; t < NetSpec.TAPS; t++) {
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
            System.arraycopy(w, off + NetSpec.TAPS * cin * ch, bias[l], 0, ch);
        }
        int off = spec.lastLayerOffset();
        int in = NetSpec.CELLS * ch;
        dense = new float[NetSpec.MOVES][in];
        for (int i = 0; i < in; i++) {
            for (int m = 0; m < NetSpec.MOVES; m++) {
                dense[m][i] = w[off + i * NetSpec.MOVES + m];
            }
        }
        denseBias = new float[NetSpec.MOVES];
        System.arraycopy(w, off + in * NetSpec.MOVES, denseBias, 0, NetSpec.MOVES);
    }

    public NetSpec spec() {
        return spec;
    }
}
