package g2048.nn;

/**
 * One thread's buffers for passes of up to {@link #capacity()} positions through a policy
 * network: every layer's activations as rows {@code [position·16 + cell][channel]}, their
 * gradients (training only), the logits, and the row pairs of each tap. Not thread-safe.
 */
public final class PolicyWorkspace {

    final NetSpec spec;
    final int capacity;
    /** acts[0] is the one-hot input, acts[l + 1] the output of convolution l (after ReLU). */
    final float[][][] acts;
    /** grads[l] = dL/d acts[l], for l ≥ 1 (training only). */
    final float[][][] grads;
    /** The code (0..15) of each input row, so the first layer gathers instead of multiplying. */
    final int[] codes;
    /** logits[s·4 + m]. */
    final float[] logits;
    final float[] dLogits;
    /** Per tap: input row and output row of each window that lies on the board, position by position. */
    final int[][] inRow;
    final int[][] outRow;
    /** Windows of a tap per position: 16, 12, 12, 9. */
    final int[] perPosition;
    /** Weight gradients as rows, per layer and tap (training only). */
    final float[][][][] gTaps;
    final float[][] gBias;
    final float[][] gDense;
    final float[] gDenseBias;
    private final boolean training;

    public PolicyWorkspace(NetSpec spec, int capacity, boolean training) {
        if (capacity < 1) {
            throw new IllegalArgumentException("workspace capacity must be at least 1, got " + capacity);
        }
        this.spec = spec;
        this.capacity = capacity;
        this.training = training;
        int k = spec.convs();
        int ch = spec.channels();
        int rows = capacity * NetSpec.CELLS;
        acts = new float[k + 1][][];
        acts[0] = new float[rows][NetSpec.VALUE_PLANES];
        for (int l = 1; l <= k; l++) {
            acts[l] = new float[rows][ch];
        }
        grads = new float[k + 1][][];
        if (training) {
            for (int l = 1; l <= k; l++) {
                grads[l] = new float[rows][ch];
            }
        }
        codes = new int[rows];
        logits = new float[capacity * NetSpec.MOVES];
        dLogits = new float[capacity * NetSpec.MOVES];
        inRow = new int[NetSpec.TAPS][];
        outRow = new int[NetSpec.TAPS][];
        perPosition = new int[NetSpec.TAPS];
        for (int t = 0; t < NetSpec.TAPS; t++) {
            int dr = t >> 1;
            int dc = t & 1;
            int per = (4 - dr) * (4 - dc);
            perPosition[t] = per;
            int[] in = new int[capacity * per];
            int[] out = new int[capacity * per];
            int p = 0;
            for (int s = 0; s < capacity; s++) {
                for (int r = 0; r + dr < 4; r++) {
                    for (int c = 0; c + dc < 4; c++) {
                        out[p] = s * NetSpec.CELLS + r * 4 + c;
                        in[p] = s * NetSpec.CELLS + (r + dr) * 4 + c + dc;
                        p++;
                    }
                }
            }
            inRow[t] = in;
            outRow[t] = out;
        }
        if (training) {
            gTaps = new float[k][NetSpec.TAPS][][];
            gBias = new float[k][ch];
            for (int l = 0; l < k; l++) {
                for (int t = 0; t < NetSpec.TAPS; t++) {
                    gTaps[l][t] = new float[spec.inChannels(l)][ch];
                }
            }
            gDense = new float[NetSpec.MOVES][NetSpec.CELLS * ch];
            gDenseBias = new float[NetSpec.MOVES];
        } else {
            gTaps = null;
            gBias = null;
            gDense = null;
            gDenseBias = null;
        }
    }

    public int capacity() {
        return capacity;
    }

    public boolean training() {
        return training;
    }

    /** The logits of the last forward pass: position s, move m at {@code s·4 + m}. */
    public float[] logits() {
        return logits;
    }

    /** The activation rows of layer {@code l} (0 = input, l = output of convolution l − 1). */
    public float[][] activations(int l) {
        return acts[l];
    }
}
