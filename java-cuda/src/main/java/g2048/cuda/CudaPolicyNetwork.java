package g2048.cuda;

import g2048.nn.PolicySpec;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUdeviceptr;

/**
 * A policy network on the device: its parameters (one flat buffer in {@link PolicySpec}'s layout)
 * and its {@link PolicyPlan} tables, uploaded once. The policy networks' mirror of
 * {@link CudaNetwork}; read by the passes of one trainer.
 */
public final class CudaPolicyNetwork extends DeviceNetwork {

    /** A layer's plan and its tables as device addresses. */
    record DeviceLayer(PolicyPlan.Layer plan, CUdeviceptr inCellOff, CUdeviceptr kOff, CUdeviceptr outCellOff, CUdeviceptr colCellOff,
            CUdeviceptr revStart, CUdeviceptr revList) {
    }

    private final PolicyPlan plan;
    private final List<DeviceLayer> layers = new ArrayList<>();

    /** Uploads {@code weights} (the spec's flat parameters) and the plan's tables. */
    public CudaPolicyNetwork(CudaContext ctx, PolicySpec spec, float[] weights) {
        PolicyPlan plan = new PolicyPlan(spec);
        IntTable table = new IntTable();
        List<Integer> at = new ArrayList<>();
        for (PolicyPlan.Layer l : plan.layers()) {
            LayerPlan.Group g = l.group();
            at.add(table.add(g.inCellOff()));
            at.add(table.add(g.kOff()));
            at.add(table.add(g.outCellOff()));
            at.add(table.add(g.colCellOff()));
            at.add(table.add(l.revStart()));
            at.add(table.add(l.revList()));
        }
        super(ctx, spec.name(), spec.weightCount(), weights, table);
        this.plan = plan;
        int i = 0;
        for (PolicyPlan.Layer l : plan.layers()) {
            layers.add(new DeviceLayer(l, table(at.get(i)), table(at.get(i + 1)), table(at.get(i + 2)), table(at.get(i + 3)),
                    table(at.get(i + 4)), table(at.get(i + 5))));
            i += 6;
        }
    }

    public PolicySpec spec() {
        return plan.spec();
    }

    public PolicyPlan plan() {
        return plan;
    }

    /** The convolutions, then the dense layer. */
    List<DeviceLayer> layers() {
        return layers;
    }
}
