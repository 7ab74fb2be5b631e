package g2048.cuda;

import g2048.eval.Evaluator;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Backend;
import g2048.nn.BackendOption;
import g2048.nn.BackendOptions;
import g2048.nn.Backends;
import g2048.nn.NetSpec;
import g2048.nn.NetworkEvaluator;
import g2048.nn.NetworkModel;
import g2048.nn.Optimiser;
import g2048.nn.Network;
import g2048.nn.ParallelGradient;
import g2048.nn.UnusableBackendException;
import g2048.nn.ValueTraining;
import g2048.settings.BadSetting;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The GPU as the backend {@code cuda}: available where the jar carries kernels and the probe
 * finds a driver and a device ({@link CudaProbe}), and preferred by {@code auto} there. Its
 * evaluators are {@link CudaEvaluator}s on the shared context, each compared with the CPU
 * reference before it is handed out ({@link SelfCheck}: refused when it disagrees); value training
 * runs through a {@link CudaValueTraining}. It reads {@code --gemm} and {@code --cuda-graphs}.
 * Its policy optimisers are {@link CudaTrainer}s, each checked before it is handed out: the
 * gradient of {@value #POLICY_CHECK_POSITIONS} seeded random positions at the starting weights
 * against the CPU's ({@link ParallelGradient}), within {@link GemmMode#FP32_TOLERANCE} norm-wise,
 * else refused.
 */
public final class CudaBackend implements Backend {

    /** {@code --gemm}: who computes the layers' products; the libraries only exist on the GPU. */
    public static final BackendOption GEMM = new BackendOption(GemmMode.FIELD, List.of("kernels", "cublas", "tf32"), "kernels",
            Set.of("cublas", "tf32"));

    /** {@code --cuda-graphs}: small forwards recorded and replayed (kernels' products only); off is what the CPU does anyway. */
    public static final BackendOption CUDA_GRAPHS = new BackendOption("cudaGraphs", List.of("on", "off"), "on", Set.of());

    /**
     * Games a GPU generator plays at once by default: about 2,000 afterstates a forward, where a
     * GPU runs at throughput; with a few lanes each forward is a handful of boards and launch latency rules.
     */
    public static final int GENERATOR_LANES = 512;

    /** Positions per forward/backward pass of a policy training step: a step of a larger batch goes in slices. */
    public static final int POLICY_SLICE = 1024;

    /** Positions of the check before policy training. */
    public static final int POLICY_CHECK_POSITIONS = 64;

    private final CudaContext given;

    /** On the probed device's shared context (what the service loader makes). */
    public CudaBackend() {
        this(null);
    }

    /** On {@code ctx} (tests drive an emulated device this way), available without probing. */
    public CudaBackend(CudaContext ctx) {
        this.given = ctx;
    }

    private CudaContext context() {
        return given != null ? given : CudaContext.shared();
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
    public String device() {
        return CudaProbe.deviceDescription(given);
    }

    @Override
    public List<BackendOption> options() {
        return List.of(GEMM, CUDA_GRAPHS);
    }

    @Override
    public double tolerance(BackendOptions options) {
        return gemm(options).tolerance();
    }

    private static GemmMode gemm(BackendOptions options) {
        return GemmMode.parse(options.get(GEMM));
    }

    /**
     * A {@link CudaEvaluator} over the model, its products by {@code --gemm}, its small forwards
     * replayed as CUDA graphs as {@code --cuda-graphs} says (with the kernels' products only),
     * after the comparison with the CPU reference through the path a batch of its size takes; the
     * result goes to {@code notes}.
     */
    @Override
    public Evaluator open(NetworkModel model, BackendOptions options, PrintStream notes) {
        GemmMode products = gemm(options);
        boolean replay = options.get(CUDA_GRAPHS).equals("on");
        CudaEvaluator gpu = CudaEvaluator.create(context(), model.network(), model.weights(), model.source(),
                CudaEvaluator.DEFAULT_CAPACITY, products, replay && products == GemmMode.KERNELS);
        NetworkEvaluator cpu = new NetworkEvaluator(model.network(), model.weights(), model.source());
        SelfCheck.Result check = SelfCheck.compare(gpu, cpu, 1, SelfCheck.BOARDS, products.tolerance());
        if (!check.passed()) {
            gpu.close();
            throw new UnusableBackendException("the GPU's values " + check.line());
        }
        String graphed = gpu.replays() ? ", forwards of up to " + CudaPass.RECORDED_MAX_BATCH + " boards as CUDA graphs"
                : replay ? ", no CUDA graphs (" + GEMM.name() + " " + products.label() + ")" : "";
        notes.println("device: cuda" + (products == GemmMode.KERNELS ? "" : ", gemm " + products.label()) + graphed + ", " + check.line());
        return gpu;
    }

    @Override
    public ValueTraining valueTraining(BackendOptions options) {
        return new CudaValueTraining(context(), gemm(options));
    }

    @Override
    public int generatorLanes() {
        return GENERATOR_LANES;
    }

    @Override
    public Optimiser<Optimiser.Moves> policyTraining(NetSpec spec, float[] weights, Adam adam, int batch, int threads) {
        CudaTrainer<Optimiser.Moves> t = new CudaTrainer<>(context(), spec, weights, adam, adam.alpha(), adam.beta1(), adam.beta2(), adam.epsilon(),
                Math.min(batch, POLICY_SLICE), GemmMode.KERNELS);
        try {
            double e = policyGradientError(t, spec, weights);
            if (!(e <= GemmMode.FP32_TOLERANCE)) {
                throw new UnusableBackendException(new BadSetting(BadSetting.field(Backends.DEVICE), String.format(Locale.ROOT,
                        " %s: the GPU's policy gradient differs from the CPU's by %.2e (tolerance %.0e) on %d positions", name(), e,
                        GemmMode.FP32_TOLERANCE, POLICY_CHECK_POSITIONS)), null);
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
    static double policyGradientError(CudaTrainer<Optimiser.Moves> t, NetSpec spec, float[] weights) {
        int n = POLICY_CHECK_POSITIONS;
        long[] boards = SelfCheck.randomBoards(new Rng(20_481), n);
        int[] legal = new int[n];
        float[] targets = new float[4 * n];
        for (int s = 0; s < n; s++) {
            legal[s] = 0b1111;
            targets[4 * s + s % 4] = 1f;
        }
        float[] cpu = new float[weights.length];
        try (ParallelGradient pg = new ParallelGradient(new Network(spec), 1, 32)) {
            pg.compute(weights, new Optimiser.Moves(boards, legal, targets), 0, n, cpu);
        }
        t.gradient(new Optimiser.Moves(boards, legal, targets), 0, n);
        float[] gpu = new float[weights.length];
        t.gradient(gpu);
        return SelfCheck.error(gpu, cpu);
    }
}
