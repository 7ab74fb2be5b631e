package g2048.cuda;

import g2048.eval.BackendOption;
import g2048.eval.BackendOptions;
import g2048.eval.Evaluator;
import g2048.eval.UnusableBackendException;
import g2048.nn.NetworkBackend;
import g2048.nn.NetworkEvaluator;
import g2048.nn.NetworkModel;
import g2048.nn.TrainingDevice;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

/**
 * Value networks on the GPU as the backend {@code cuda}: available where the jar carries kernels
 * and the probe finds a driver and a device ({@link CudaProbe}), and preferred by {@code auto}
 * there. Its evaluators are {@link CudaEvaluator}s on the shared context, each compared with the
 * CPU reference before it is handed out ({@link SelfCheck}: refused when it disagrees); training
 * runs through a {@link CudaTrainingDevice}. It reads {@code --gemm} and {@code --cuda-graphs}.
 */
public final class CudaBackend implements NetworkBackend {

    /** {@code --gemm}: who computes the layers' products; the libraries only exist on the GPU. */
    public static final BackendOption GEMM = new BackendOption("gemm", List.of("kernels", "cublas", "tf32"), "kernels",
            Set.of("cublas", "tf32"));

    /** {@code --cuda-graphs}: small forwards recorded and replayed (kernels' products only); off is what the CPU does anyway. */
    public static final BackendOption CUDA_GRAPHS = new BackendOption("cudaGraphs", List.of("on", "off"), "on", Set.of());

    /**
     * Games a GPU generator plays at once by default: about 2,000 afterstates a forward, where a
     * GPU runs at throughput; with a few lanes each forward is a handful of boards and launch latency rules.
     */
    public static final int GENERATOR_LANES = 512;

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
                : replay ? ", no CUDA graphs (--gemm " + products.label() + ")" : "";
        notes.println("device: cuda" + (products == GemmMode.KERNELS ? "" : ", gemm " + products.label()) + graphed + ", " + check.line());
        return gpu;
    }

    @Override
    public TrainingDevice training(BackendOptions options) {
        return new CudaTrainingDevice(context(), gemm(options));
    }

    @Override
    public int generatorLanes() {
        return GENERATOR_LANES;
    }
}
