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
public final class CudaPolicyNetwork implements AutoCloseable {

    /** A layer's plan and its tables as device addresses. */
    record DeviceLayer(PolicyPlan.Layer plan, CUdeviceptr inCellOff, CUdeviceptr kOff, CUdeviceptr outCellOff, CUdeviceptr colCellOff,
            CUdeviceptr revStart, CUdeviceptr revList) {
    }

    private final CudaContext ctx;
    private final PolicyPlan plan;
    private final DeviceBuffer params;
    private final DeviceBuffer tables;
    private final List<DeviceLayer> layers = new ArrayList<>();

    /** Uploads {@code weights} (the spec's flat parameters) and the plan's tables. */
    public CudaPolicyNetwork(CudaContext ctx, PolicySpec spec, float[] weights) {
        this.ctx = ctx;
        this.plan = new PolicyPlan(spec);
        check(weights);
        List<int[]> parts = new ArrayList<>();
        for (PolicyPlan.Layer l : plan.layers()) {
            LayerPlan.Group g = l.group();
            parts.add(g.inCellOff());
            parts.add(g.kOff());
            parts.add(g.outCellOff());
            parts.add(g.colCellOff());
            parts.add(l.revStart());
            parts.add(l.revList());
        }
        int total = 0;
        for (int[] p : parts) {
            total += p.length;
        }
        int[] all = new int[total];
        int[] at = new int[parts.size()];
        int fill = 0;
        for (int i = 0; i < parts.size(); i++) {
            at[i] = fill;
            System.arraycopy(parts.get(i), 0, all, fill, parts.get(i).length);
            fill += parts.get(i).length;
        }
        DeviceBuffer p = null;
        try {
            p = DeviceBuffer.floats(ctx, weights.length);
            p.upload(weights);
            this.tables = DeviceBuffer.ints(ctx, all);
        } catch (RuntimeException e) {
            if (p != null) {
                p.close();
            }
            throw e;
        }
        this.params = p;
        int i = 0;
        for (PolicyPlan.Layer l : plan.layers()) {
            layers.add(new DeviceLayer(l, tables.at(at[i]), tables.at(at[i + 1]), tables.at(at[i + 2]), tables.at(at[i + 3]),
                    tables.at(at[i + 4]), tables.at(at[i + 5])));
            i += 6;
        }
    }

    public PolicySpec spec() {
        return plan.spec();
    }

    public PolicyPlan plan() {
        return plan;
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

    /** The convolutions, then the dense layer. */
    List<DeviceLayer> layers() {
        return layers;
    }

    private void check(float[] weights) {
        if (weights.length != plan.spec().weightCount()) {
            throw new IllegalArgumentException(plan.spec().name() + " needs " + plan.spec().weightCount() + " parameters, got "
                    + weights.length);
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
}
