package g2048.nn;

import java.util.ArrayList;
import java.util.List;

/**
 * A network, value or policy, made runnable on the CPU: its layers with their parameter offsets,
 * and the batch forward and backward passes; the backward pass starts from the loss of its
 * {@link Head} (a batch's, {@link Optimiser.Batch}). A policy network's padded convolutions are
 * layers like the others, as cuda/PolicyPlan runs them on the GPU; its layers run on the vector
 * kernel ({@link GemmKernel}) where the JVM has it, else on the scalar one. A network holds no weights: every pass takes the flat
 * parameter array ({@link #paramCount()} floats, embedding layers first, then the trunk, each
 * layer's weights then biases), so that several weight versions (a trainer's and the snapshots
 * its generators read) share one network. Immutable and shared by all threads; the mutable state
 * of a pass lives in a {@link Workspace}.
 */
public final class Network {

    private final NetSpec spec;
    private final GemmKernel kernel;
    private final Layer[] embed;
    private final Layer[] trunk;
    private final int paramCount;

    /** With the fastest kernel this JVM can run ({@link GemmKernel#best()}). */
    public Network(NetSpec spec) {
        this(spec, GemmKernel.best());
    }

    /**
     * With {@code kernel} for a policy network's layers; a value network's run on the sparse rows
     * whatever it is (their inputs are one-hot or sparse after ReLU, and their results stay as they were).
     */
    public Network(NetSpec spec, GemmKernel kernel) {
        this.spec = spec;
        this.kernel = spec.head() == Head.POLICY ? kernel : GemmKernel.SPARSE;
        List<Layer> e = new ArrayList<>();
        int offset = 0;
        Maps m = NetSpec.embedInputMaps();
        for (LayerSpec l : spec.embed()) {
            Layer layer = Layer.build(l, m, offset, true, this.kernel);
            e.add(layer);
            offset += layer.weightCount();
            m = layer.outMaps();
        }
        List<Layer> t = new ArrayList<>();
        m = spec.trunkInputMaps();
        for (int i = 0; i < spec.trunk().size(); i++) {
            Layer layer = Layer.build(spec.trunk().get(i), m, offset, i < spec.trunk().size() - 1, this.kernel);
            t.add(layer);
            offset += layer.weightCount();
            m = layer.outMaps();
        }
        this.embed = e.toArray(Layer[]::new);
        this.trunk = t.toArray(Layer[]::new);
        this.paramCount = offset;
    }

    public NetSpec spec() {
        return spec;
    }

    public int paramCount() {
        return paramCount;
    }

    /** The kernel of its layers. */
    public GemmKernel kernel() {
        return kernel;
    }

    Layer[] embedLayers() {
        return embed;
    }

    Layer[] trunkLayers() {
        return trunk;
    }

    /** The layers in parameter order (embedding, then trunk), for other backends and reports. */
    public List<Layer> layers() {
        List<Layer> all = new ArrayList<>(List.of(embed));
        all.addAll(List.of(trunk));
        return all;
    }

    /** Buffers for passes of up to {@code capacity} samples; {@code training} adds gradient buffers. */
    public Workspace workspace(int capacity, boolean training) {
        return new Workspace(this, capacity, training);
    }

    /**
     * Outputs of {@code boards[0..n)} with parameters {@code w}, in {@link Workspace#outputs()}: a
     * value network's value of board s at s, a policy network's logit of move m at {@code 4·s + m}.
     */
    public void forward(float[] w, Workspace ws, long[] boards, int n) {
        forward(w, ws, boards, 0, n);
    }

    /** As {@link #forward(float[], Workspace, long[], int)} for {@code boards[from..from+n)}. */
    public void forward(float[] w, Workspace ws, long[] boards, int from, int n) {
        checkBatch(ws, n);
        checkParams(w);
        encode(ws, boards, from, n);
        if (embed.length > 0) {
            for (int i = 0; i < embed.length; i++) {
                embed[i].forward(w, ws.embedActs[i], ws.embedActs[i + 1], n, ws.scratch, ws.embedRows[i]);
            }
            appendEmbedding(ws, n);
        }
        for (int i = 0; i < trunk.length; i++) {
            trunk[i].forward(w, ws.trunkActs[i], ws.trunkActs[i + 1], n, ws.scratch, ws.trunkRows[i]);
        }
    }

    /**
     * After {@link #forward} on the same workspace and samples {@code [from, from + n)} of
     * {@code batch}: back-propagates {@code scale} times the gradient of the batch's loss
     * ({@link Optimiser.Batch#lossAndGradient}) and adds the parameter gradient to {@code grad}, so
     * that {@code scale = batch.head().meanScale(N)} gives the gradient of the mean loss over a batch of N
     * (which may be split over several calls). Returns the summed loss of these samples; a batch of
     * the other head is an {@link IllegalArgumentException}.
     */
    public double backward(float[] w, Workspace ws, Optimiser.Batch batch, int from, int n, float scale, float[] grad) {
        if (batch.head() != spec.head()) {
            throw new IllegalArgumentException(spec.name() + ": a " + (spec.head() == Head.VALUE ? "value network steps on values, not on moves"
                    : "policy network steps on moves, not on values"));
        }
        if (!ws.training()) {
            throw new IllegalStateException("backward needs a training workspace");
        }
        checkBatch(ws, n);
        checkParams(w);
        if (grad.length != paramCount) {
            throw new IllegalArgumentException("gradient array has " + grad.length + " entries, the network " + paramCount);
        }
        float[] wT = ws.transposed;
        for (int i = 1; i < trunk.length; i++) {
            trunk[i].transposeInto(w, wT);
        }
        if (embed.length > 0) {
            trunk[0].transposeInto(w, wT);
            for (int i = 1; i < embed.length; i++) {
                embed[i].transposeInto(w, wT);
            }
        }
        double loss = batch.lossAndGradient(ws.outputs(), from, n, scale, ws.trunkGrads[trunk.length]);
        for (int i = trunk.length - 1; i >= 0; i--) {
            trunk[i].backward(wT, ws.trunkActs[i], ws.trunkActs[i + 1], ws.trunkGrads[i + 1], ws.trunkGrads[i], grad, n, ws.scratch,
                    ws.trunkRows[i]);
        }
        if (embed.length > 0) {
            takeEmbeddingGradient(ws, n);
            for (int i = embed.length - 1; i >= 0; i--) {
                embed[i].backward(wT, ws.embedActs[i], ws.embedActs[i + 1], ws.embedGrads[i + 1], i == 0 ? null : ws.embedGrads[i], grad, n,
                        ws.scratch, ws.embedRows[i]);
            }
        }
        return loss;
    }

    private void encode(Workspace ws, long[] boards, int from, int n) {
        switch (spec.input()) {
            case VALUES -> {
                int size = trunk[0].inSize();
                for (int s = 0; s < n; s++) {
                    Encoder.values(boards[from + s], ws.trunkActs[0], s * size, NetSpec.VALUE_PLANES, 0);
                }
            }
            case VALUES_POSITIONS -> {
                int size = trunk[0].inSize();
                int ch = NetSpec.VALUE_PLANES + NetSpec.POSITION_PLANES;
                for (int s = 0; s < n; s++) {
                    Encoder.values(boards[from + s], ws.trunkActs[0], s * size, ch, 0);
                    Encoder.positions(ws.trunkActs[0], s * size, ch, NetSpec.VALUE_PLANES);
                }
            }
            case EMBEDDED -> {
                int size = embed[0].inSize();
                int ch = NetSpec.VALUE_PLANES + NetSpec.POSITION_PLANES;
                int trunkSize = trunk[0].inSize();
                int trunkCh = trunk[0].inMaps().channels();
                for (int s = 0; s < n; s++) {
                    Encoder.values(boards[from + s], ws.embedActs[0], s * size, ch, 0);
                    Encoder.positions(ws.embedActs[0], s * size, ch, NetSpec.VALUE_PLANES);
                    Encoder.values(boards[from + s], ws.trunkActs[0], s * trunkSize, trunkCh, 0);
                }
            }
        }
    }

    // The embedding's output [16·k] is read as [cell][k] and becomes trunk channels 16..16+k.
    private void appendEmbedding(Workspace ws, int n) {
        float[] e = ws.embedActs[embed.length];
        float[] t = ws.trunkActs[0];
        int k = spec.embedChannels();
        int eSize = embed[embed.length - 1].outSize();
        int tSize = trunk[0].inSize();
        int tCh = NetSpec.VALUE_PLANES + k;
        for (int s = 0; s < n; s++) {
            for (int cell = 0; cell < NetSpec.CELLS; cell++) {
                System.arraycopy(e, s * eSize + cell * k, t, s * tSize + cell * tCh + NetSpec.VALUE_PLANES, k);
            }
        }
    }

    private void takeEmbeddingGradient(Workspace ws, int n) {
        float[] de = ws.embedGrads[embed.length];
        float[] dt = ws.trunkGrads[0];
        int k = spec.embedChannels();
        int eSize = embed[embed.length - 1].outSize();
        int tSize = trunk[0].inSize();
        int tCh = NetSpec.VALUE_PLANES + k;
        for (int s = 0; s < n; s++) {
            for (int cell = 0; cell < NetSpec.CELLS; cell++) {
                System.arraycopy(dt, s * tSize + cell * tCh + NetSpec.VALUE_PLANES, de, s * eSize + cell * k, k);
            }
        }
    }

    private void checkBatch(Workspace ws, int n) {
        if (n < 0 || n > ws.capacity) {
            throw new IllegalArgumentException("batch of " + n + " outside 0.." + ws.capacity + " of the workspace");
        }
    }

    private void checkParams(float[] w) {
        if (w.length != paramCount) {
            throw new IllegalArgumentException("parameter array has " + w.length + " entries, " + spec.name() + " needs " + paramCount);
        }
    }

    @Override
    public String toString() {
        return spec.name() + " (" + paramCount + " weights)";
    }
}
