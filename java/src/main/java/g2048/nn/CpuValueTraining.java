package g2048.nn;

import g2048.concurrent.Published;

/**
 * Training on the CPU reference: gradients by {@link ParallelGradient} over the trainer's
 * threads, Adam on the host, weights to the generators through a {@link WeightExchange}, and each
 * generator's batch through {@link Network#forward} on its own workspace.
 */
public final class CpuValueTraining implements ValueTraining {

    private WeightExchange exchange;

    @Override
    public String describe() {
        return "cpu";
    }

    @Override
    public Optimiser<Optimiser.Values> trainerOptimiser(Network net, float[] weights, Adam adam, int trainerThreads) {
        exchange = new WeightExchange(weights, 3);
        return new CpuOptimiser<>(net, weights, adam, trainerThreads, SLICE) {
            @Override
            void stepped(Optimiser.Values batch) {
                exchange.publish(weights, batch.version());
            }

            /** A copy: the snapshot is written while the steps go on. */
            @Override
            public Adam adam() {
                return new Adam(adam.firstMoments().clone(), adam.secondMoments().clone(), adam.steps(), adam.alpha(), adam.beta1(),
                        adam.beta2(), adam.epsilon());
            }
        };
    }

    @Override
    public GeneratorThreadEvaluator generatorEvaluator(Network net, int capacity) {
        if (exchange == null) {
            throw new IllegalStateException("make the optimiser first: it publishes the weights the generators read");
        }
        return new Follower(net, exchange, capacity);
    }

    /** A generator's values read from the exchange's current weights, held for the length of one forward. */
    private static final class Follower extends GeneratorThreadEvaluator {
        private final Network net;
        private final WeightExchange exchange;
        private final Workspace ws;

        Follower(Network net, WeightExchange exchange, int capacity) {
            this.net = net;
            this.exchange = exchange;
            this.ws = net.workspace(capacity, false);
        }

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
        public int preferredBatchSize() {
            return ws.capacity();
        }

        @Override
        public int maxBatchSize() {
            return ws.capacity();
        }

        @Override
        public String describe() {
            return "cnn " + net.spec().name() + " cpu (following the trainer's weights)";
        }
    }

    @Override
    public void close() {
    }
}
