package g2048.train;

import g2048.nn.Adam;
import g2048.nn.Network;

/**
 * Where a training run computes: the trainer's {@link Optimiser} and the generators'
 * {@link GeneratorValues}, sharing one channel that carries each new weight version from the
 * first to the second. {@link CpuTrainingDevice} is the reference; {@link CudaTrainingDevice}
 * does the same on a GPU. Call {@link #optimiser} once, before any {@link #generatorValues}.
 */
public interface TrainingDevice extends AutoCloseable {

    /** The device in words, for the run's first line. */
    String describe();

    /** The optimiser over {@code weights} and {@code adam} (both taken over, not copied). */
    Optimiser optimiser(Network net, float[] weights, Adam adam, int trainerThreads);

    /** A generator's values for batches of up to {@code capacity} boards. */
    GeneratorValues generatorValues(Network net, int capacity);

    @Override
    void close();
}
