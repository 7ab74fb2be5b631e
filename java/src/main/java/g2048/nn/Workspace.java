package g2048.nn;

/**
 * One thread's buffers for a {@link Network}: the activations of every layer for up to
 * {@link #capacity()} samples, batch-major, and (for training) their gradients. Not thread-safe.
 */
public final class Workspace {

    final int capacity;
    /** embedActs[0] is the embedding's input, embedActs[i + 1] the output of embedding layer i. */
    final float[][] embedActs;
    /** trunkActs[0] is the trunk's input, trunkActs[i + 1] the output of trunk layer i. */
    final float[][] trunkActs;
    /** dL/d(activation), same shapes as the activations (training only; null where unused). */
    final float[][] embedGrads;
    final float[][] trunkGrads;
    /** The weight blocks transposed for the backward pass (training only). */
    final float[] transposed;
    /** The sparse rows' scratch, and the tap products' row offsets and scalar scratch per layer (null for layers on the sparse rows). */
    final SparseRows.Scratch scratch;
    final TapProducts.Rows[] embedRows;
    final TapProducts.Rows[] trunkRows;
    private final boolean training;

    Workspace(Network net, int capacity, boolean training) {
        if (capacity < 1) {
            throw new IllegalArgumentException("workspace capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
        Layer[] embed = net.embedLayers();
        Layer[] trunk = net.trunkLayers();
        embedActs = new float[embed.length == 0 ? 0 : embed.length + 1][];
        embedGrads = new float[embedActs.length][];
        for (int i = 0; i < embed.length; i++) {
            if (i == 0) {
                embedActs[0] = new float[capacity * embed[0].inSize()];
            }
            embedActs[i + 1] = new float[capacity * embed[i].outSize()];
            if (training) {
                embedGrads[i + 1] = new float[capacity * embed[i].outSize()];
            }
        }
        trunkActs = new float[trunk.length + 1][];
        trunkGrads = new float[trunk.length + 1][];
        trunkActs[0] = new float[capacity * trunk[0].inSize()];
        if (training && embed.length > 0) {
            trunkGrads[0] = new float[capacity * trunk[0].inSize()];
        }
        for (int i = 0; i < trunk.length; i++) {
            trunkActs[i + 1] = new float[capacity * trunk[i].outSize()];
            if (training) {
                trunkGrads[i + 1] = new float[capacity * trunk[i].outSize()];
            }
        }
        this.training = training;
        this.transposed = training ? new float[net.paramCount()] : null;
        int maxChannels = 1;
        for (Layer l : net.layers()) {
            maxChannels = Math.max(maxChannels, l.maxChannels());
        }
        this.scratch = new SparseRows.Scratch(maxChannels);
        // one scratch for every layer's scalar products: the layers run one after another
        ScalarGemm scalar = net.kernel() == GemmKernel.SCALAR ? new ScalarGemm(maxChannels) : null;
        this.embedRows = new TapProducts.Rows[embed.length];
        for (int i = 0; i < embed.length; i++) {
            embedRows[i] = embed[i].tapRows(capacity, scalar);
        }
        this.trunkRows = new TapProducts.Rows[trunk.length];
        for (int i = 0; i < trunk.length; i++) {
            trunkRows[i] = trunk[i].tapRows(capacity, scalar);
        }
    }

    /** The most samples one pass takes. */
    public int capacity() {
        return capacity;
    }

    public boolean training() {
        return training;
    }

    /** The network's outputs of the last forward pass: sample s at index s (a value), or at {@code 4·s + m} (move m's logit). */
    public float[] outputs() {
        return trunkActs[trunkActs.length - 1];
    }
}
