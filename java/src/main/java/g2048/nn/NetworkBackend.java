package g2048.nn;

import g2048.eval.BackendOptions;
import g2048.eval.EvaluatorBackend;

/**
 * A device that runs value networks: it opens evaluators over a {@link NetworkModel} and, for
 * {@code train cnn}, provides the {@link TrainingDevice} of a run. Registered by name through
 * {@code META-INF/services/g2048.nn.NetworkBackend} and chosen through {@link NetworkBackends}:
 * {@link CpuBackend} here (the reference), {@code g2048.cuda.CudaBackend} on a GPU.
 */
public interface NetworkBackend extends EvaluatorBackend<NetworkModel> {

    /** Where a training run on this backend computes, its options (e.g. {@code --gemm}) applied. */
    TrainingDevice training(BackendOptions options);

    /** Games a training generator plays at once by default on this backend (its forwards' efficient batch, about four boards a game). */
    int generatorLanes();
}
