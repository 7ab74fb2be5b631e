package g2048.cuda;

import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import jcuda.driver.CUdeviceptr;

/**
 * A network on the device, value or policy: its parameters (one flat buffer in the CPU layout of
 * {@link NetSpec}) and the GEMM tables of its layers ({@link LayerPlan}: a value network's as its
 * CPU {@link Network} lays them out, a policy network's padded by {@link PolicyPlan}), uploaded
 * once. Shared by the passes of all threads; the parameters may be replaced ({@link #upload}) or
 * updated in place by a trainer while readers run, as on the CPU (racy by design, see
 * {@link g2048.eval.Evaluator}). The tables live in one int buffer, each at an offset; both
 * buffers are freed on close.
 */
public final class CudaNetwork implements AutoCloseable {

    /** A group's tables as device addresses (kOff is null for the identity), and its operands' strides for a library GEMM. */
    record DeviceGroup(LayerPlan.Group group, int k, CUdeviceptr inCellOff, CUdeviceptr kOff, CUdeviceptr outCellOff,
            CUdeviceptr colCellOff, LayerPlan.Strides strides) {
    }

    /** A layer's plan with its device tables. */
    record DeviceLayer(LayerPlan plan, List<DeviceGroup> groups, CUdeviceptr revStart, CUdeviceptr revList) {
    }

    private final CudaContext ctx;
    private final NetSpec spec;
    private final int paramCount;
    private final DeviceBuffer params;
    private final DeviceBuffer tables;
    private final List<DeviceLayer> embed = new ArrayList<>();
    private final List<DeviceLayer> trunk = new ArrayList<>();

    /** Uploads {@code weights} (the value network's flat parameter array) and its layers' tables. */
    public CudaNetwork(CudaContext ctx, Network net, float[] weights) {
        this(ctx, net.spec(), LayerPlan.of(net), weights);
    }

    /** Uploads {@code weights} (the flat parameter array of {@code spec}) and the tables of its layers. */
    public static CudaNetwork of(CudaContext ctx, NetSpec spec, float[] weights) {
        return new CudaNetwork(ctx, spec, spec.head() == Head.POLICY ? PolicyPlan.layers(spec) : LayerPlan.of(new Network(spec)), weights);
    }

    private CudaNetwork(CudaContext ctx, NetSpec spec, List<LayerPlan> plans, float[] weights) {
        IntTable table = new IntTable();
        List<int[]> at = new ArrayList<>();
        for (LayerPlan p : plans) {
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
        this.ctx = ctx;
        this.spec = spec;
        this.paramCount = spec.weightCount();
        check(weights);
        DeviceBuffer p = null;
        try {
            p = DeviceBuffer.floats(ctx, paramCount);
            p.upload(weights);
            this.tables = DeviceBuffer.ints(ctx, table.toArray());
        } catch (RuntimeException e) {
            if (p != null) {
                p.close();
            }
            throw e;
        }
        this.params = p;
        int embedCount = spec.embed().size();
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

    public CudaContext context() {
        return ctx;
    }

    public NetSpec spec() {
        return spec;
    }

    /** The number of parameters. */
    public int paramCount() {
        return paramCount;
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

    /** The device address of the table that {@link IntTable#add} placed at {@code offset}. */
    private CUdeviceptr table(int offset) {
        return tables.at(offset);
    }

    private void check(float[] weights) {
        if (weights.length != paramCount) {
            throw new IllegalArgumentException(spec.name() + " needs " + paramCount + " parameters, got " + weights.length);
        }
    }

    /** The layers, the embedding's first, then the trunk's: what {@link CudaPass#layerForward(int, DeviceBuffer, DeviceBuffer, int)} numbers. */
    public int layerCount() {
        return embed.size() + trunk.size();
    }

    /** The plan of layer {@code i} in that order. */
    public LayerPlan plan(int i) {
        return deviceLayer(i).plan();
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
                data = Arrays.copyOf(data, data.length * 2);
            }
            System.arraycopy(values, 0, data, size, values.length);
            size += values.length;
            return at;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
