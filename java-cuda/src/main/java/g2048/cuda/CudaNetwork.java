package g2048.cuda;

import g2048.nn.Layer;
import g2048.nn.Network;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUdeviceptr;

/**
 * A {@link Network} on the device: its parameters (one flat buffer in the CPU layout) and the
 * GEMM tables of its layers ({@link LayerPlan}), uploaded once. Shared by the passes of all
 * threads; the parameters may be replaced ({@link #upload}) or updated in place by a trainer
 * while readers run, as on the CPU (racy by design, see {@link g2048.eval.Evaluator}).
 */
public final class CudaNetwork implements AutoCloseable {

    /** A group's tables as device addresses (kOff is null for the identity), and its operands' strides for a library GEMM. */
    record DeviceGroup(LayerPlan.Group group, int k, CUdeviceptr inCellOff, CUdeviceptr kOff, CUdeviceptr outCellOff,
            CUdeviceptr colCellOff, LayerPlan.Strides strides) {
    }

    /** A layer's plan with its device tables. */
    record DeviceLayer(LayerPlan plan, List<DeviceGroup> groups, CUdeviceptr revStart, CUdeviceptr revList) {
        Layer layer() {
            return plan.layer();
        }
    }

    private final CudaContext ctx;
    private final Network net;
    private final DeviceBuffer params;
    private final DeviceBuffer tables;
    private final List<DeviceLayer> embed = new ArrayList<>();
    private final List<DeviceLayer> trunk = new ArrayList<>();

    /** Uploads {@code weights} (the network's flat parameter array) and the layer tables. */
    public CudaNetwork(CudaContext ctx, Network net, float[] weights) {
        if (weights.length != net.paramCount()) {
            throw new IllegalArgumentException(net.spec().name() + " needs " + net.paramCount() + " parameters, got " + weights.length);
        }
        this.ctx = ctx;
        this.net = net;
        List<Layer> layers = net.layers();
        int embedCount = net.spec().embed().size();
        List<LayerPlan> plans = new ArrayList<>();
        IntTable table = new IntTable();
        List<int[]> at = new ArrayList<>();
        for (Layer l : layers) {
            LayerPlan p = LayerPlan.of(l);
            plans.add(p);
            int[] offsets = new int[2 + 4 * p.groups().size()];
            offsets[0] = table.add(p.reverseStarts());
            offsets[1] = table.add(p.reverseList());
            int i = 2;
            for (LayerPlan.Group g : p.groups()) {
                offsets[i++] = table.add(g.inCellOff());
                offsets[i++] = g.kOff() == null ? -1 : table.add(g.kOff());
                offsets[i++] = table.add(g.outCellOff());
                offsets[i++] = table.add(g.colCellOff());
            }
            at.add(offsets);
        }
        DeviceBuffer p = null;
        DeviceBuffer t = null;
        try {
            p = DeviceBuffer.floats(ctx, net.paramCount());
            p.upload(weights);
            t = DeviceBuffer.ints(ctx, table.toArray());
        } catch (RuntimeException e) {
            if (p != null) {
                p.close();
            }
            throw e;
        }
        this.params = p;
        this.tables = t;
        for (int li = 0; li < plans.size(); li++) {
            LayerPlan plan = plans.get(li);
            int[] o = at.get(li);
            List<DeviceGroup> groups = new ArrayList<>();
            int i = 2;
            for (LayerPlan.Group g : plan.groups()) {
                CUdeviceptr in = tables.at(o[i++]);
                int kAt = o[i++];
                CUdeviceptr out = tables.at(o[i++]);
                CUdeviceptr col = tables.at(o[i++]);
                groups.add(new DeviceGroup(g, plan.k(g), in, kAt < 0 ? null : tables.at(kAt), out, col, plan.strides(g)));
            }
            DeviceLayer dl = new DeviceLayer(plan, List.copyOf(groups), tables.at(o[0]), tables.at(o[1]));
            (li < embedCount ? embed : trunk).add(dl);
        }
    }

    public Network network() {
        return net;
    }

    public CudaContext context() {
        return ctx;
    }

    /** Replaces the parameters on the device. */
    public void upload(float[] weights) {
        check(weights);
        params.upload(weights);
    }

    /** Copies the device parameters into {@code weights} (waits for the device). */
    public void download(float[] weights) {
        check(weights);
        params.download(weights);
    }

    DeviceBuffer params() {
        return params;
    }

    /** The layers, the embedding's first, then the trunk's: what {@link CudaPass#layerForward(int, DeviceBuffer, DeviceBuffer, int)} numbers. */
    public int layerCount() {
        return embed.size() + trunk.size();
    }

    /** Layer {@code i} in that order. */
    public Layer layer(int i) {
        return deviceLayer(i).layer();
    }

    DeviceLayer deviceLayer(int i) {
        return i < embed.size() ? embed.get(i) : trunk.get(i - embed.size());
    }

    List<DeviceLayer> embedLayers() {
        return embed;
    }

    List<DeviceLayer> trunkLayers() {
        return trunk;
    }

    private void check(float[] weights) {
        if (weights.length != net.paramCount()) {
            throw new IllegalArgumentException(net.spec().name() + " needs " + net.paramCount() + " parameters, got " + weights.length);
        }
    }

    @Override
    public void close() {
        try {
            tables.close();
        } finally {
            params.close();
        }
    }

    /** Ints appended end to end; each add returns where its array starts. */
    private static final class IntTable {
        private int[] data = new int[256];
        private int size;

        int add(int[] values) {
            int at = size;
            while (size + values.length > data.length) {
                data = java.util.Arrays.copyOf(data, data.length * 2);
            }
            System.arraycopy(values, 0, data, size, values.length);
            size += values.length;
            return at;
        }

        int[] toArray() {
            return java.util.Arrays.copyOf(data, size);
        }
    }
}
