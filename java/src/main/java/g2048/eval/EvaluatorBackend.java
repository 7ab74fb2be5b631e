package g2048.eval;

import java.io.PrintStream;
import java.util.List;

/**
 * One way to compute values, chosen by name ({@code --device cpu}, {@code cuda}) through
 * {@link EvaluatorBackends}: it says whether it can run here, and opens {@link Evaluator}s over
 * models of type {@code M} (for value networks, {@code g2048.nn.NetworkModel}). Backends are
 * found with {@link java.util.ServiceLoader}: the package that provides one lists it under
 * {@code META-INF/services/}, so this package names none of them.
 *
 * @param <M> what the backend opens evaluators over
 */
public interface EvaluatorBackend<M> {

    /** The name the command line takes, e.g. {@code cpu}. */
    String name();

    /** Whether this is the reference the others are compared with by {@code check} (the CPU). */
    default boolean reference() {
        return false;
    }

    /** {@code auto} takes the available backend with the highest preference (the reference has 0). */
    int autoPreference();

    /**
     * Null when this backend can run on this machine, else why not in a few words, e.g.
     * {@code CUDA unavailable: no libcuda.so.1 (no NVIDIA driver on this machine)}. Cheap; may be cached.
     */
    String unavailableReason();

    /** Where it runs, in words, once available: e.g. {@code cpu}, {@code cuda NVIDIA H100 (sm_90, 132 SMs, CUDA driver 13.0)}. */
    String device();

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
     * An evaluator over {@code model}, with the threading contract of {@link Evaluator}: this
     * instance for the calling thread, {@link Evaluator#forThread()} for others. One-line remarks
     * (a self-check's result) go to {@code notes}. Throws {@link UnusableBackendException} when the
     * backend runs here but computes something else than the reference.
     */
    Evaluator open(M model, BackendOptions options, PrintStream notes);
}
