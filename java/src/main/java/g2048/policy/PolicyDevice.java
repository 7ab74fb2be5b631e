package g2048.policy;

import g2048.nn.PolicySpec;
import g2048.nn.PolicyOptimiser;
import g2048.nn.Adam;

/**
 * Where a policy network's training steps are computed ({@code train policy --device}): the CPU
 * here ({@link CpuPolicyDevice}, the reference), the GPU in the {@code g2048-cuda} jar. Registered
 * through {@code META-INF/services/g2048.policy.PolicyDevice} and chosen by name through
 * {@link PolicyDevices}, so the engine needs no GPU code to offer it.
 */
public interface PolicyDevice {

    /** The name {@code --device} takes. */
    String name();

    /** Which {@code auto} takes among those that can run: the highest. */
    int autoPreference();

    /** Why it cannot run here, in a few words, or null when it can. */
    String unavailableReason();

    /** The device in words, for the run's report. */
    String describe();

    /**
     * An optimiser that starts from {@code weights} and {@code adam}'s state (its moments, steps
     * and hyper-parameters) and takes steps of up to {@code batch} positions. The caller's arrays
     * may be used in place (the CPU) or copied (the GPU): read the state back through
     * {@link PolicyOptimiser#weights} and {@link PolicyOptimiser#adam}.
     *
     * @param threads the CPU's threads of a step (devices that do not use them ignore them)
     */
    PolicyOptimiser open(PolicySpec spec, float[] weights, Adam adam, int batch, int threads);
}
