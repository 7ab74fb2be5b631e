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
public final class CudaNetwork extends DeviceNetwork {

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

    private final Network net;
    private final List<DeviceLayer> embed = new ArrayList<>();
    private final List<DeviceLayer> trunk = new ArrayList<>();

    /** Uploads {@code weights} (the network's flat parameter array) and the layer tables. */
    public CudaNetwork(CudaContext ctx, Network net, float[] weights) {
        List<LayerPlan> plans = new ArrayList<>();
        IntTable table = new IntTable();
        List<int[]> at = new ArrayList<>();
        for (Layer l : net.layers()) {
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
        super(ctx, net.spec().name(), net.paramCount(), weights, table);
        this.net = net;
        int embedCount = net.spec().embed().size();
        for (int li = 0; li < plans.size(); li++) {
            LayerPlan plan = plans.get(li);
            int[] o = at.get(li);
            List<DeviceGroup> groups = new ArrayList<>();
            int i = 2;
            for (LayerPlan.Group g : plan.groups()) {
                CUdeviceptr in = table(o[i++]);
                int kAt = o[i++];
                CUdeviceptr out = table(o[i++]);
                CUdeviceptr col = table(o[i++]);
                groups.add(new DeviceGroup(g, plan.k(g), in, kAt < 0 ? null : table(kAt), out, col, plan.strides(g)));
            }
            DeviceLayer dl = new DeviceLayer(plan, List.copyOf(groups), table(o[0]), table(o[1]));
            (li < embedCount ? embed : trunk).add(dl);
        }
    }

    public Network network() {
        return net;
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
}
