package g2048.cuda.check;

import g2048.nn.Encoder;
import g2048.nn.InputKind;
import g2048.nn.Layer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import java.util.List;

/**
 * A whole network's forward and MSE backward pass chained from {@link LayerReference}'s single
 * layers, with the encoding and the global embedding's hand-over written out as {@link Network}
 * does them, and every product's operands rounded by one {@link ProductRounding}: the CPU network
 * in plain loops, in fp32 or as TF32 products would compute it.
 */
public final class ReferenceChain {

    private final List<Layer> layers;
    private final int embedLayers;
    private final int embedChannels;
    private final ProductRounding rounding;
    private final int n;
    /** acts[i] is layer i's input, acts[i + 1] its output; the trunk's first input gets the embedding appended. */
    private final float[][] acts;
    /** The embedding's last output, which the trunk's input holds among other channels. */
    private float[] embedding;

    private ReferenceChain(Network net, ProductRounding rounding, int n) {
        this.layers = net.layers();
        this.embedLayers = net.spec().embed().size();
        this.embedChannels = net.spec().embedChannels();
        this.rounding = rounding;
        this.n = n;
        this.acts = new float[layers.size() + 1][];
    }

    /** The forward pass of {@code boards}; {@link #values()} holds the result. */
    public static ReferenceChain forward(Network net, float[] w, long[] boards, ProductRounding rounding) {
        ReferenceChain c = new ReferenceChain(net, rounding, boards.length);
        c.run(net.spec().input(), w, boards);
        return c;
    }

    private void run(InputKind input, float[] w, long[] boards) {
        acts[0] = new float[n * layers.get(0).inSize()];
        int ch = layers.get(0).inMaps().channels();
        for (int s = 0; s < n; s++) {
            Encoder.values(boards[s], acts[0], s * layers.get(0).inSize(), ch, 0);
            if (input != InputKind.VALUES) {
                Encoder.positions(acts[0], s * layers.get(0).inSize(), ch, NetSpec.VALUE_PLANES);
            }
        }
        if (embedLayers > 0) {
            Layer trunk = layers.get(embedLayers);
            int trunkCh = trunk.inMaps().channels();
            acts[embedLayers] = new float[n * trunk.inSize()];
            for (int s = 0; s < n; s++) {
                Encoder.values(boards[s], acts[embedLayers], s * trunk.inSize(), trunkCh, 0);
            }
        }
        for (int i = 0; i < layers.size(); i++) {
            float[] out = new float[n * layers.get(i).outSize()];
            LayerReference.forward(layers.get(i), w, acts[i], out, n, rounding);
            if (i + 1 == embedLayers) {
                embedding = out;
                handOver(out, acts[embedLayers], true);
            } else {
                acts[i + 1] = out;
            }
        }
    }

    /**
     * Between the embedding's output [s][cell][k] and the trunk's input channels 16..16+k of each
     * cell: copied forwards, or the gradient copied back.
     */
    private void handOver(float[] embedding, float[] trunkInput, boolean forward) {
        int eSize = layers.get(embedLayers - 1).outSize();
        int tSize = layers.get(embedLayers).inSize();
        int tCh = NetSpec.VALUE_PLANES + embedChannels;
        for (int s = 0; s < n; s++) {
            for (int cell = 0; cell < NetSpec.CELLS; cell++) {
                int e = s * eSize + cell * embedChannels;
                int t = s * tSize + cell * tCh + NetSpec.VALUE_PLANES;
                if (forward) {
                    System.arraycopy(embedding, e, trunkInput, t, embedChannels);
                } else {
                    System.arraycopy(trunkInput, t, embedding, e, embedChannels);
                }
            }
        }
    }

    /** The network's values, one a board. */
    public float[] values() {
        return acts[layers.size()];
    }

    /**
     * The gradient over all parameters when each board's output gradient is {@code scale ·
     * (value − target)}, as {@link Network#backward} takes it ({@code 2/n} for the mean squared error).
     */
    public float[] gradient(float[] w, float[] targets, float scale) {
        float[] grad = new float[w.length];
        float[] y = values();
        float[] d = new float[n];
        for (int s = 0; s < n; s++) {
            d[s] = scale * (y[s] - targets[s]);
        }
        for (int i = layers.size() - 1; i >= 0; i--) {
            Layer l = layers.get(i);
            float[] dIn = i > 0 ? new float[n * l.inSize()] : null;
            float[] out = i + 1 == embedLayers ? embedding : acts[i + 1];
            LayerReference.backward(l, w, acts[i], out, d, dIn, grad, n, rounding);
            if (i == embedLayers && embedLayers > 0) {
                float[] de = new float[n * layers.get(embedLayers - 1).outSize()];
                handOver(de, dIn, false);
                d = de;
            } else {
                d = dIn;
            }
        }
        return grad;
    }
}
