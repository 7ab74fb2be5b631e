package g2048.nn;

import g2048.eval.BackendOptions;
import g2048.eval.Evaluator;
import java.io.PrintStream;

/** The CPU reference as a backend: {@link NetworkEvaluator} to play, {@link CpuTrainingDevice} to train. Runs everywhere. */
public final class CpuBackend implements NetworkBackend {

    /** Games a CPU generator plays at once by default: its forwards are efficient from a few boards on. */
    public static final int GENERATOR_LANES = 16;

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public boolean reference() {
        return true;
    }

    @Override
    public int autoPreference() {
        return 0;
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    @Override
    public String device() {
        return "cpu";
    }

    @Override
    public Evaluator open(NetworkModel model, BackendOptions options, PrintStream notes) {
        return new NetworkEvaluator(model.network(), model.weights(), model.source());
    }

    @Override
    public TrainingDevice training(BackendOptions options) {
        return new CpuTrainingDevice();
    }

    @Override
    public int generatorLanes() {
        return GENERATOR_LANES;
    }
}
