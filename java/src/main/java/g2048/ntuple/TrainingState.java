package g2048.ntuple;

/**
 * Where training stands, saved in every model file so that {@code --resume} continues exactly:
 * game {@code i} of a run always uses the seed {@code Rng.gameSeed(seed, i)}, so the games played
 * and the run's seed are the whole random state; the rule and shaping it learned by are the rest of
 * what the next game needs.
 *
 * @param games   games finished (games 0..games−1 are done)
 * @param moves   moves played while learning
 * @param nanos   wall time spent learning
 * @param seed    the run's seed
 * @param alpha   the learning rate last used
 * @param rule    the TD rule last learned by; null when not recorded (a model not yet trained, or a
 *                file written before the rule was kept)
 * @param shaping where its training games last started; null exactly when {@code rule} is
 */
public record TrainingState(long games, long moves, long nanos, long seed, double alpha, TdRule rule, Shaping shaping) {

    public TrainingState {
        if ((rule == null) != (shaping == null)) {
            throw new IllegalArgumentException("a training state records its TD rule and shaping together");
        }
    }

    /** A state that records no rule nor shaping. */
    public TrainingState(long games, long moves, long nanos, long seed, double alpha) {
        this(games, moves, nanos, seed, alpha, null, null);
    }

    public static TrainingState fresh(long seed, double alpha) {
        return new TrainingState(0, 0, 0, seed, alpha);
    }

    /** Whether the rule and shaping are recorded. */
    public boolean recordsLearning() {
        return rule != null;
    }
}
