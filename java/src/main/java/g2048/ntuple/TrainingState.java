package g2048.ntuple;

/**
 * Where training stands, saved in every model file so that {@code --resume} continues exactly:
 * game {@code i} of a run always uses the seed {@code Rng.gameSeed(seed, i)}, so the games played
 * and the run's seed are the whole random state.
 *
 * @param games  games finished (games 0..games−1 are done)
 * @param moves  moves played while learning
 * @param nanos  wall time spent learning
 * @param seed   the run's seed
 * @param alpha  the learning rate last used
 */
public record TrainingState(long games, long moves, long nanos, long seed, double alpha) {

    public static TrainingState fresh(long seed, double alpha) {
        return new TrainingState(0, 0, 0, seed, alpha);
    }
}
