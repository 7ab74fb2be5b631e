package g2048.nn;

import g2048.eval.Evaluator;
import java.io.PrintStream;

/**
 * The CPU reference as a backend: {@link NetworkEvaluator} to evaluate, {@link CpuValueTraining}
 * to train value networks, a {@link CpuOptimiser} on the caller's arrays to train policy networks. Runs everywhere.
 */
public final class CpuBackend implements Backend {

    public static final String NAME = "cpu";

    /** Games a CPU generator plays at once by default: its forwards are efficient from a few boards on. */
    public static final int GENERATOR_LANES = 16;

    /** Positions per forward/backward pass of one thread of a policy training step. */
    static final int POLICY_SLICE = 32;

    @Override
    public String name() {
        return NAME;
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
        return NAME;
    }

    @Override
    public String policyDevice() {
        return "cpu, " + GemmKernel.best().describe();
    }

    @Override
    public Evaluator open(NetworkModel model, BackendOptions options, PrintStream notes) {
        return new NetworkEvaluator(model.network(), model.weights(), model.source());
    }

    @Override
    public boolean playsPolicy() {
        return true;
    }

    @Override
    public PolicyEvaluator openPolicy(NetworkModel model) {
        if (model.network().spec().head() != Head.POLICY) {
            throw new IllegalArgumentException(model.network().spec().name() + " is a value network, not a policy network");
        }
        return new CpuPolicyEvaluator(model);
    }

    @Override
    public ValueTraining valueTraining(BackendOptions options) {
        return new CpuValueTraining();
    }

    @Override
    public int generatorLanes() {
        return GENERATOR_LANES;
    }

    @Override
    public Optimiser<Optimiser.Moves> policyTraining(NetSpec spec, float[] weights, Adam adam, int batch, int threads) {
        return new CpuOptimiser<>(new Network(spec), weights, adam, threads, POLICY_SLICE);
    }
}
