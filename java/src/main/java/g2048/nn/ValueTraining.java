package g2048.nn;

/**
 * Value training: where a {@code train cnn} run computes, as a {@link Backend} provides it: the trainer thread's
 * {@link Optimiser} and one {@link GeneratorThreadEvaluator} per generator thread, sharing one channel that
 * carries each new weight version from the first to the second. {@link CpuValueTraining} is the
 * reference; the CUDA backend's does the same on a GPU. Call {@link #trainerOptimiser} once,
 * before any {@link #generatorEvaluator}; {@link #close} frees both sides once their threads have
 * ended.
 */
public interface ValueTraining extends AutoCloseable {

    /** Samples per forward/backward slice of a step: a larger batch is accumulated over slices, still one step. */
    int SLICE = 1024;

    /** The device in words, for the run's first line. */
    String describe();

    /**
     * The optimiser over {@code weights} and {@code adam} (both taken over, not copied), for the
     * trainer thread alone; each step publishes the new weights to the generators' evaluators.
     */
    Optimiser<Optimiser.Values> trainerOptimiser(Network net, float[] weights, Adam adam, int trainerThreads);

    /**
     * An evaluator for one generator thread, valuing batches of up to {@code capacity} boards a
     * call under the latest weights the optimiser published (a complete version, possibly a step or
     * two old). It belongs to the thread it is made for.
     */
    GeneratorThreadEvaluator generatorEvaluator(Network net, int capacity);

    @Override
    void close();
}
