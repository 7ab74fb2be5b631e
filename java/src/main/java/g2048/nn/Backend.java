package g2048.nn;

import g2048.eval.Evaluator;
import java.io.PrintStream;
import java.util.List;

/**
 * One place networks run, chosen by name ({@code --device cpu}, {@code cuda}, {@code check})
 * through {@link Backends}: it says whether it can run here, and offers what the engine asks of a
 * backend: value evaluation ({@link #open}), value training ({@link #valueTraining}), policy play
 * ({@link #openPolicy}) and policy training ({@link #policyTraining}). Registered through {@code META-INF/services/g2048.nn.Backend}
 * so that this package names no GPU code: {@link CpuBackend} here (the reference),
 * {@code g2048.cuda.CudaBackend} on a GPU; {@code check}, which compares the reference with
 * another, is registered by {@link Backends} itself over the others.
 */
public interface Backend {

    /** The name the command line takes, e.g. {@code cpu}. */
    String name();

    /** Whether this is the reference the others are compared with by {@code check} (the CPU). */
    default boolean reference() {
        return false;
    }

    /** {@code auto} takes the available backend with the highest preference (the reference has 0). */
    int autoPreference();

    /**
     * Whether it compares other backends rather than running networks itself ({@code check}):
     * {@code auto} never takes it, it declares no option of its own (it reads those of the backend
     * it compares), and it trains no policy network.
     */
    default boolean compares() {
        return false;
    }

    /** A line for the user when it is chosen by name, e.g. what {@code check} compares; null (the default) when there is nothing to say. */
    default String choiceLine(BackendOptions options) {
        return null;
    }

    /**
     * Null when this backend can run on this machine, else why not in a few words, e.g.
     * {@code CUDA unavailable: no libcuda.so.1 (no NVIDIA driver on this machine)}. Cheap; may be cached.
     */
    String unavailableReason();

    /** Where it runs, in words, once available: e.g. {@code cpu}, {@code cuda NVIDIA H100 (sm_90, 132 SMs, CUDA driver 13.0)}. */
    String device();

    /** Where its policy training runs, in words: {@link #device()} unless the backend says more (the CPU names its kernel). */
    default String policyDevice() {
        return device();
    }

    /** The options it reads. */
    default List<BackendOption> options() {
        return List.of();
    }

    /**
     * The largest relative difference of its values from the reference's under {@code options}:
     * what {@code check} holds it to (0 for the reference itself).
     */
    default double tolerance(BackendOptions options) {
        return 0;
    }

    /**
     * Value evaluation: an evaluator over {@code model}, with the threading contract of
     * {@link Evaluator}: this instance for the calling thread, {@link Evaluator#forThread()} for
     * others. One-line remarks (a self-check's result) go to {@code notes}. Throws
     * {@link UnusableBackendException} when the backend runs here but computes something else than
     * the reference.
     */
    Evaluator open(NetworkModel model, BackendOptions options, PrintStream notes);

    /**
     * Whether it plays policy networks ({@link #openPolicy}); the reference does, and
     * {@link Backends#openPolicy} takes no other.
     */
    default boolean playsPolicy() {
        return false;
    }

    /** Policy play: the logits of {@code model}'s policy network, for the calling thread. Only where {@link #playsPolicy()}. */
    default PolicyEvaluator openPolicy(NetworkModel model) {
        throw new UnsupportedOperationException(name() + " plays no policy network");
    }

    /** Value training: where a {@code train cnn} run computes, its options (e.g. {@code --gemm}) applied. */
    ValueTraining valueTraining(BackendOptions options);

    /** Games a value-training generator plays at once by default here (its forwards' efficient batch, about four boards a game). */
    int generatorLanes();

    /**
     * Policy training: an optimiser that starts from {@code weights} and {@code adam}'s state (its
     * moments, steps and hyper-parameters) and takes steps of up to {@code batch} positions. The
     * caller's arrays may be used in place (the CPU) or copied (the GPU): read the state back
     * through {@link Optimiser#weights} and {@link Optimiser#adam}.
     *
     * @param threads the CPU's threads of a step (backends that do not use them ignore them)
     */
    Optimiser<Optimiser.Moves> policyTraining(NetSpec spec, float[] weights, Adam adam, int batch, int threads);
}
