package g2048.nn;

/**
 * A training run's optimiser, value or policy: Adam steps on the mean loss of the network's
 * {@link Head} over batches of its kind {@code B}, wherever the weights, their gradient and Adam's
 * state live (the caller's arrays on the CPU, the device on a GPU). A value network's optimiser
 * comes from a {@link ValueTraining} (its steps publish each new version of the weights to the
 * generators), a policy network's from {@link Backend#policyTraining}. One thread drives it.
 */
public interface Optimiser<B extends Optimiser.Batch> extends AutoCloseable {

    /** The samples of a step, and the loss of their head. */
    sealed interface Batch {
        long[] boards();

        /** The head whose loss it carries. */
        Head head();


        /**
         * The loss of samples {@code [from, from + n)} given their outputs (sample {@code from + s}'s
         * from {@code outputs[s·outputs]}, as {@link Network#forward} leaves them), and {@code scale}
         * times its gradient by those outputs into {@code dOut} in the same layout; returns the summed loss.
         */
        double lossAndGradient(float[] outputs, int from, int n, float scale, float[] dOut);
    }

    /**
     * A value network's batch: a TD target per board, the loss their squared error; after the step
     * the weights are published to the generators as {@code version}.
     */
    record Values(long[] boards, float[] targets, long version) implements Batch {
        @Override
        public Head head() {
            return Head.VALUE;
        }

        @Override
        public double lossAndGradient(float[] outputs, int from, int n, float scale, float[] dOut) {
            double sse = 0;
            for (int s = 0; s < n; s++) {
                float err = outputs[s] - targets[from + s];
                sse += (double) err * err;
                dOut[s] = scale * err;
            }
            return sse;
        }
    }

    /**
     * A policy network's batch: per board its legal moves (a bit mask) and a target distribution
     * over them at {@code targets[s·4 ..]}, the loss their softmax cross-entropy
     * ({@link SoftmaxCrossEntropy}).
     */
    record Moves(long[] boards, int[] legal, float[] targets) implements Batch {
        @Override
        public Head head() {
            return Head.POLICY;
        }

        @Override
        public double lossAndGradient(float[] outputs, int from, int n, float scale, float[] dOut) {
            double[] p = new double[NetSpec.MOVES];
            double loss = 0;
            for (int s = 0; s < n; s++) {
                loss += SoftmaxCrossEntropy.lossAndGradient(outputs, s * NetSpec.MOVES, legal[from + s], targets,
                        (from + s) * NetSpec.MOVES, scale, dOut, p);
            }
            return loss;
        }
    }

    /**
     * One Adam step on samples {@code [from, from + n)} of {@code batch} (a batch larger than the
     * device's pass is accumulated over slices: still one step). Returns the samples' summed loss
     * before the step.
     */
    double step(B batch, int from, int n);

    /** Adam's rate α for the following steps (a schedule sets it before each). */
    void learningRate(double alpha);

    /** Copies the current parameters into {@code dst} (the flat layout of {@link NetSpec}). */
    void weights(float[] dst);

    /** Adam's current state (moments, steps and hyper-parameters), for a snapshot; read it before the next step. */
    Adam adam();

    @Override
    void close();
}
