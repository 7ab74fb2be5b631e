package g2048.cuda;

import g2048.nn.Adam;
import g2048.policy.PolicyDevice;
import g2048.policy.PolicyOptimiser;
import g2048.policy.PolicySpec;

/**
 * Policy training on the GPU as the {@code train policy --device cuda} device: available where the
 * jar carries kernels and the probe finds a driver and a device ({@link CudaProbe}), and preferred
 * by {@code auto} there. Its optimisers are {@link CudaPolicyTrainer}s on the shared context.
 */
public final class CudaPolicyDevice implements PolicyDevice {

    /** Positions per forward/backward pass on the device: a step of a larger batch goes in slices. */
    public static final int SLICE = 1024;

    private final CudaContext given;

    /** On the probed device's shared context (what the service loader makes). */
    public CudaPolicyDevice() {
        this(null);
    }

    /** On {@code ctx} (tests drive an emulated device this way), available without probing. */
    public CudaPolicyDevice(CudaContext ctx) {
        this.given = ctx;
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public int autoPreference() {
        return 10;
    }

    @Override
    public String unavailableReason() {
        if (given != null) {
            return null;
        }
        CudaProbe.Result p = CudaProbe.probe();
        return p.available() ? null : "CUDA unavailable: " + p.reason();
    }

    @Override
    public String describe() {
        return "cuda " + (given != null ? given.describe() : CudaProbe.probe().description());
    }

    @Override
    public PolicyOptimiser open(PolicySpec spec, float[] weights, Adam adam, int batch, int threads) {
        CudaContext ctx = given != null ? given : CudaContext.shared();
        return new CudaPolicyTrainer(ctx, spec, weights, adam, adam.alpha(), adam.beta1(), adam.beta2(), adam.epsilon(),
                Math.min(batch, SLICE));
    }
}
