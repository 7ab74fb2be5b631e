package g2048.eval;

import g2048.game.Shape;

/**
 * The value of afterstates (boards after a slide, before the spawn), one at a time or in batches:
 * the one batch interface of the engine. Search and play, a training run's generators and its
 * snapshot evaluation all value boards through it, whatever computes them (tables, a network on
 * the CPU or the GPU); value networks get theirs from a backend chosen by name
 * ({@code g2048.nn.Backends}).
 *
 * <p><b>Threading.</b> The weights behind an evaluator are shared; its scratch state is not. A
 * thread that wants to evaluate calls {@link #forThread()} once on the shared evaluator and uses
 * the instance it gets from that thread only. Evaluators without scratch state (n-tuple networks)
 * return themselves; those with buffers (value networks, GPU batches) return a new instance over
 * the same weights. An instance is never shared between threads; one made for a single thread
 * (a training generator's, which follows its trainer's weights) refuses {@code forThread()}.
 * Weights may change under a reader during training (TD updates are racy by
 * design, as in the papers' trainers); a reader sees each entry either before or after an update.
 *
 * <p><b>Batches.</b> {@link #values} takes many afterstates in one call so that a value network
 * can run them as one batch (thousands of boards for a GPU); {@link #preferredBatchSize()} says
 * how many it wants, {@link #maxBatchSize()} how many it accepts at once.
 */
public interface Evaluator {

    /** The board shape this evaluator values. */
    Shape shape();

    /** The value of one afterstate. */
    double value(long afterstate);

    /** Values of {@code afterstates[0..count)} into {@code out[0..count)}. */
    default void values(long[] afterstates, int count, double[] out) {
        for (int i = 0; i < count; i++) {
            out[i] = value(afterstates[i]);
        }
    }

    /** The batch size at which this evaluator is most efficient (1 for table look-ups). */
    default int preferredBatchSize() {
        return 1;
    }

    /** The largest batch {@link #values} accepts in one call. */
    default int maxBatchSize() {
        return Integer.MAX_VALUE;
    }

    /**
     * The tile-downgrading threshold a search of these values takes by default
     * ({@link g2048.search.SearchConfig#DOWNGRADE_AUTO}); 0 for none. Only a value function measured
     * to play better with one names it.
     */
    default int downgradeThreshold() {
        return 0;
    }

    /** An instance for the calling thread (see the class comment). */
    default Evaluator forThread() {
        return this;
    }

    /** One line naming the evaluator, e.g. {@code ntuple 4x6 (models/default.g2n)}. */
    String describe();

    /**
     * Frees what {@code e} holds beyond the heap (a GPU's buffers), where it holds any: evaluators
     * over plain memory need nothing.
     */
    static void free(Evaluator e) {
        if (e instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (RuntimeException ex) {
                throw ex;
            } catch (Exception ex) {
                throw new IllegalStateException("closing " + e.describe() + ": " + ex, ex);
            }
        }
    }
}
