package g2048.eval;

import g2048.game.Shape;

/**
 * A test evaluator that wraps another, counts single and batch calls, enforces a small maximum
 * batch size (to exercise chunking) and fails if a batch is larger than it accepts.
 */
public final class BatchRecordingEvaluator implements Evaluator {

    private final Evaluator inner;
    private final int maxBatch;
    public long singleCalls;
    public long batchCalls;
    public long batchedBoards;

    public BatchRecordingEvaluator(Evaluator inner, int maxBatch) {
        this.inner = inner;
        this.maxBatch = maxBatch;
    }

    @Override
    public Shape shape() {
        return inner.shape();
    }

    @Override
    public double value(long afterstate) {
        singleCalls++;
        return inner.value(afterstate);
    }

    @Override
    public void values(long[] afterstates, int count, double[] out) {
        if (count > maxBatch) {
            throw new IllegalStateException("batch of " + count + " exceeds the maximum " + maxBatch);
        }
        batchCalls++;
        batchedBoards += count;
        // backwards, so that a caller relying on evaluation order would notice
        for (int i = count - 1; i >= 0; i--) {
            out[i] = inner.value(afterstates[i]);
        }
    }

    @Override
    public int preferredBatchSize() {
        return maxBatch;
    }

    @Override
    public int maxBatchSize() {
        return maxBatch;
    }

    @Override
    public String describe() {
        return "recording(" + inner.describe() + ")";
    }
}
