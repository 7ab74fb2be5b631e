package g2048.train;

/**
 * A generator's side of a {@link TrainingDevice}: the values of a batch of boards under the
 * latest weights the {@link Optimiser} published (a complete version, possibly a step or two old).
 * One per generator thread.
 */
public interface GeneratorValues extends AutoCloseable {

    /** Values of {@code boards[0..n)} into {@code out[0..n)}. */
    void values(long[] boards, int n, double[] out);

    @Override
    void close();
}
