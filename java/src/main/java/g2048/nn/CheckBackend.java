package g2048.nn;

import g2048.eval.CheckEvaluator;
import g2048.eval.Evaluator;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The backend {@code check} (lc0's idea): the reference (the CPU) and the preferred other backend
 * that runs here side by side, every value compared ({@link CheckEvaluator}) within the second's
 * {@link Backend#tolerance tolerance} (or {@link Backends#CHECK_SCALE} times it in points); a
 * difference beyond it stops the command. Value training runs on the candidate, its snapshots
 * evaluated on both. It compares and does not train policy networks ({@link #compares()}).
 * {@link Backends} registers it over the other backends.
 */
final class CheckBackend implements Backend {

    private final Backend reference;
    private final List<Backend> candidates;

    /** Compares {@code reference} with the first of {@code candidates} (most preferred first) that can run here. */
    CheckBackend(Backend reference, List<Backend> candidates) {
        this.reference = reference;
        this.candidates = List.copyOf(candidates);
    }

    @Override
    public String name() {
        return Backends.CHECK;
    }

    @Override
    public boolean compares() {
        return true;
    }

    @Override
    public int autoPreference() {
        return -1;
    }

    /** The backend compared with the reference, or null when none can run here. */
    private Backend candidate() {
        for (Backend b : candidates) {
            if (b.unavailableReason() == null) {
                return b;
            }
        }
        return null;
    }

    @Override
    public String unavailableReason() {
        if (candidate() != null) {
            return null;
        }
        List<String> passed = new ArrayList<>();
        for (Backend b : candidates) {
            passed.add(b.name() + ": " + b.unavailableReason());
        }
        return "compares " + reference.name() + " with another backend, and none can run here"
                + (passed.isEmpty() ? "" : " (" + String.join("; ", passed) + ")");
    }

    @Override
    public String device() {
        return "check, " + candidate().device() + " against the reference " + reference.device();
    }

    @Override
    public String choiceLine(BackendOptions options) {
        return String.format(Locale.ROOT, "device: %s (relative tolerance %.0e)", device(), tolerance(options));
    }

    @Override
    public List<BackendOption> options() {
        return candidate().options();
    }

    @Override
    public double tolerance(BackendOptions options) {
        return candidate().tolerance(options);
    }

    /**
     * The reference's evaluator and the candidate's, compared. A candidate that refuses stops the
     * command: the point of {@code check} is to run it.
     */
    @Override
    public Evaluator open(NetworkModel model, BackendOptions options, PrintStream notes) {
        Evaluator ref = reference.open(model, options, notes);
        Backend candidate = candidate();
        Evaluator other;
        try {
            other = candidate.open(model, options, notes);
        } catch (UnusableBackendException e) {
            throw new UnusableBackendException(candidate.name() + ": " + e.getMessage(), e);
        }
        double tolerance = candidate.tolerance(options);
        return new CheckEvaluator(ref, other, tolerance, tolerance * Backends.CHECK_SCALE);
    }

    /** The candidate's value training; its snapshots are evaluated through {@link #open}, on both. */
    @Override
    public ValueTraining valueTraining(BackendOptions options) {
        ValueTraining on = candidate().valueTraining(options);
        String described = on.describe() + ", snapshots checked against " + reference.device();
        return new ValueTraining() {
            @Override
            public String describe() {
                return described;
            }

            @Override
            public Optimiser<Optimiser.Values> trainerOptimiser(Network net, float[] weights, Adam adam, int trainerThreads) {
                return on.trainerOptimiser(net, weights, adam, trainerThreads);
            }

            @Override
            public GeneratorThreadEvaluator generatorEvaluator(Network net, int capacity) {
                return on.generatorEvaluator(net, capacity);
            }

            @Override
            public void close() {
                on.close();
            }
        };
    }

    @Override
    public int generatorLanes() {
        return candidate().generatorLanes();
    }

    /** Not offered: training steps are not compared ({@link Backends#choosePolicyTraining} does not take {@code check}). */
    @Override
    public Optimiser<Optimiser.Moves> policyTraining(NetSpec spec, float[] weights, Adam adam, int batch, int threads) {
        throw new UnsupportedOperationException("check compares evaluations, not policy training steps");
    }
}
