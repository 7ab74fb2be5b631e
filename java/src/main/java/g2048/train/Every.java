package g2048.train;

/**
 * A schedule of a run's evaluations, snapshots or checkpoints: every {@code k} units of work
 * (games, positions), counted from 0, so a resumed run keeps the schedule of an uninterrupted one;
 * {@code k = 0} is never.
 */
public record Every(long k) {

    public Every {
        if (k < 0) {
            throw new IllegalArgumentException("a schedule's interval must be 0 (never) or more, got " + k);
        }
    }

    /** The first point of the schedule after {@code done} (Long.MAX_VALUE when never). */
    public long nextAfter(long done) {
        return k == 0 ? Long.MAX_VALUE : (done / k + 1) * k;
    }

    /** Whether {@code done} is a point of the schedule. */
    public boolean at(long done) {
        return k > 0 && done % k == 0;
    }
}
