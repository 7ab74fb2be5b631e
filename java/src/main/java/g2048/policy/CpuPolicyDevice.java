package g2048.policy;

import g2048.nn.PolicySpec;
import g2048.nn.PolicyNetwork;
import g2048.nn.PackedWeights;
import g2048.nn.GemmKernel;
import g2048.nn.PolicyGradient;
import g2048.nn.PolicyOptimiser;
import g2048.nn.Adam;

/**
 * The reference {@link PolicyDevice}: {@link PolicyGradient} over the CPU's threads, then
 * {@link Adam#step}, on the caller's arrays in place.
 */
public final class CpuPolicyDevice implements PolicyDevice {

    public static final String NAME = "cpu";

    /** Positions per forward/backward pass of one thread. */
    static final int SLICE = 32;

    @Override
    public String name() {
        return NAME;
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
    public String describe() {
        return "cpu, " + GemmKernel.best().describe();
    }

    @Override
    public PolicyOptimiser open(PolicySpec spec, float[] weights, Adam adam, int batch, int threads) {
        PolicyNetwork net = new PolicyNetwork(spec);
        PolicyGradient pg = new PolicyGradient(net, threads, SLICE);
        float[] grad = new float[weights.length];
        return new PolicyOptimiser() {
            @Override
            public double step(long[] boards, int[] legal, float[] targets, int n) {
                double loss = pg.compute(new PackedWeights(spec, weights), boards, legal, targets, 0, n, grad);
                adam.step(weights, grad);
                return loss;
            }

            @Override
            public void learningRate(double alpha) {
                adam.setAlpha(alpha);
            }

            @Override
            public void weights(float[] dst) {
                if (dst != weights) {
                    System.arraycopy(weights, 0, dst, 0, weights.length);
                }
            }

            @Override
            public Adam adam() {
                return adam;
            }

            @Override
            public void close() {
                pg.close();
            }
        };
    }
}
