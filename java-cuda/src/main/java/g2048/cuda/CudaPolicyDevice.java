package g2048.cuda;

import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.PackedWeights;
import g2048.policy.PolicyDevice;
import g2048.nn.PolicyGradient;
import g2048.nn.PolicyNetwork;
import g2048.nn.PolicyOptimiser;
import g2048.nn.PolicySpec;

/**
 * Policy training on the GPU as the {@code train policy --device cuda} device: available where the
 * jar carries kernels and the probe finds a driver and a device ({@link CudaProbe}), and preferred
 * by {@code auto} there. Its optimisers are {@link CudaPolicyTrainer}s on the shared context, each
 * checked before it is handed out: the gradient of {@value #CHECK_POSITIONS} seeded random positions
 * at the starting weights against the CPU's ({@link PolicyGradient}), within
 * {@link GemmMode#FP32_TOLERANCE} norm-wise, else refused.
 */
public final class CudaPolicyDevice implements PolicyDevice {

    /** Positions per forward/backward pass on the device: a step of a larger batch goes in slices. */
    public static final int SLICE = 1024;

    /** Positions of the check before training. */
    public static final int CHECK_POSITIONS = 64;

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
        return CudaProbe.unavailableReason(given);
    }

    @Override
    public String describe() {
        return CudaProbe.deviceDescription(given);
    }

    @Override
    public PolicyOptimiser open(PolicySpec spec, float[] weights, Adam adam, int batch, int threads) {
        CudaContext ctx = given != null ? given : CudaContext.shared();
        CudaPolicyTrainer t = new CudaPolicyTrainer(ctx, spec, weights, adam, adam.alpha(), adam.beta1(), adam.beta2(), adam.epsilon(),
                Math.min(batch, SLICE));
        try {
            double e = check(t, spec, weights);
            if (!(e <= GemmMode.FP32_TOLERANCE)) {
                throw new IllegalStateException(String.format(java.util.Locale.ROOT,
                        "--device cuda: the GPU's policy gradient differs from the CPU's by %.2e (tolerance %.0e) on %d positions", e,
                        GemmMode.FP32_TOLERANCE, CHECK_POSITIONS));
            }
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
        return t;
    }

    /**
     * The norm-wise error of the trainer's gradient against the CPU's on seeded random boards,
     * every move legal, the target move s mod 4; leaves the trainer's weights and Adam state as they were.
     */
    static double check(CudaPolicyTrainer t, PolicySpec spec, float[] weights) {
        int n = CHECK_POSITIONS;
        long[] boards = SelfCheck.randomBoards(new Rng(20_481), n);
        int[] legal = new int[n];
        float[] targets = new float[4 * n];
        for (int s = 0; s < n; s++) {
            legal[s] = 0b1111;
            targets[4 * s + s % 4] = 1f;
        }
        float[] cpu = new float[weights.length];
        try (PolicyGradient pg = new PolicyGradient(new PolicyNetwork(spec), 1, 32)) {
            pg.compute(new PackedWeights(spec, weights), boards, legal, targets, 0, n, cpu);
        }
        t.gradient(boards, legal, targets, n);
        float[] gpu = new float[weights.length];
        t.gradient(gpu);
        return SelfCheck.error(gpu, cpu);
    }
}
