package g2048.train;

import g2048.concurrent.Published;
import g2048.nn.Adam;
import g2048.nn.Network;
import g2048.nn.ParallelGradient;
import g2048.nn.Workspace;

/**
 * Training on the CPU reference: gradients by {@link ParallelGradient} over the trainer's
 * threads, Adam on the host, weights to the generators through a {@link WeightExchange}, and each
 * generator's batch through {@link Network#forward} on its own workspace.
 */
public final class CpuTrainingDevice implements TrainingDevice {

    private WeightExchange exchange;

    @Override
    public String describe() {
        return "cpu";
    }

    @Override
    public Optimiser optimiser(Network net, float[] weights, Adam adam, int trainerThreads) {
        exchange = new WeightExchange(weights, 3);
        ParallelGradient gradient = new ParallelGradient(net, trainerThreads, Trainer.SLICE);
        float[] grad = new float[net.paramCount()];
        return new Optimiser() {
            @Override
            public double step(long[] boards, float[] targets, int from, int n, long version) {
                double sse = gradient.compute(weights, boards, targets, from, n, grad);
                adam.step(weights, grad);
                exchange.publish(weights, version);
                return sse;
            }

            @Override
            public float[] weights() {
                return weights.clone();
            }

            @Override
            public Adam adam() {
                return new Adam(adam.firstMoments().clone(), adam.secondMoments().clone(), adam.steps(), Adam.ALPHA, Adam.BETA1,
                        Adam.BETA2, Adam.EPSILON);
            }

            @Override
            public void close() {
                gradient.close();
            }
        };
    }

    @Override
    public GeneratorValues generatorValues(Network net, int capacity) {
        return over(net, exchange, capacity);
    }

    /** A generator's values read from {@code exchange}'s current weights. */
    static GeneratorValues over(Network net, WeightExchange exchange, int capacity) {
        if (exchange == null) {
            throw new IllegalStateException("make the optimiser first: it publishes the weights the generators read");
        }
        Workspace ws = net.workspace(capacity, false);
        return new GeneratorValues() {
            @Override
            public void values(long[] boards, int n, double[] out) {
                Published.Slot<float[]> snap = exchange.acquire();
                try {
                    net.forward(snap.buffer(), ws, boards, n);
                } finally {
                    exchange.release(snap);
                }
                float[] y = ws.outputs();
                for (int i = 0; i < n; i++) {
                    out[i] = y[i];
                }
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void close() {
    }
}
