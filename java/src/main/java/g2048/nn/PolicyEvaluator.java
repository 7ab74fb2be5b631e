package g2048.nn;

/**
 * A policy network's move logits for boards, wherever it runs: what a {@link Backend} offers to
 * play a policy network ({@link Backends#openPolicy}). One instance per thread: this one for the
 * calling thread, {@link #forThread()} for others.
 */
public interface PolicyEvaluator {

    /** The network it runs (its orientation says how it sees boards). */
    NetSpec spec();

    /** Writes the four move logits of {@code boards[0..n)} at {@code out[4·s + m]}. */
    void logits(long[] boards, int n, float[] out);

    /** An instance for another thread, sharing the weights. */
    PolicyEvaluator forThread();
}
