package g2048.ntuple;

import g2048.settings.Named;
import g2048.game.Board;

/**
 * Where training games start, to spend more of the training on late positions:
 * <ul>
 * <li>{@code none}: every game from the two initial spawns;</li>
 * <li>{@code restart} (the restart strategy, as Guei, Chen and Wu 2022 train with it): a training
 *     game is an episode: a game from the initial spawns, then, while the last segment had at least
 *     {@value #RESTART_MIN_STATES} states, a restart from the state halfway through it, until one is
 *     shorter. Its restarts share the game's index and seed, so an episode is one game's worth of
 *     index however many threads train, and episodes count as other engines count them;</li>
 * <li>{@code carousel} (Jaśkowski's carousel shaping): games start in turn afresh and from the
 *     latest state that first reached each carousel point (the model's stage thresholds, or 8192 and
 *     16384 for a single-stage model), a point not yet reached giving a fresh start.</li>
 * </ul>
 * A carousel's start state belongs to the training thread, not to the game index: with it a run is
 * reproducible on one thread, and a resumed run starts its first game afresh.
 */
public enum Shaping implements Named {
    NONE,
    RESTART,
    CAROUSEL;

    /** Games shorter than this many states are not restarted from. */
    public static final int RESTART_MIN_STATES = 10;
    private static final int[] DEFAULT_POINTS = {8192, 16384};

    public static Shaping parse(String s) {
        return Named.parse(Shaping.class, "shaping", s);
    }

    /** A thread's start chooser for a model split into {@code stages}. */
    Starts starts(Stages stages) {
        int[] points = stages.count() > 1 ? stages.thresholds() : DEFAULT_POINTS;
        return new Starts(this, points);
    }

    /** One thread's state: where the next game starts, learned from the games it played. */
    static final class Starts {
        private final Shaping mode;
        private final int[] points;
        private final long[] entries;
        private long restart;
        private int turn;

        Starts(Shaping mode, int[] points) {
            this.mode = mode;
            this.points = points;
            this.entries = new long[points.length];
        }

        /** Whether the learner must record its games' states. */
        boolean needsPath() {
            return mode != NONE;
        }

        /** Whether a game goes on from its own restarts until {@link #next} is 0 (an episode). */
        boolean withinGame() {
            return mode == RESTART;
        }

        /** The next game's first state, 0 for a fresh start. */
        long next() {
            return switch (mode) {
                case NONE -> 0;
                case RESTART -> restart;
                case CAROUSEL -> {
                    int k = turn;
                    turn = (turn + 1) % (points.length + 1);
                    yield k == 0 ? 0 : entries[k - 1];
                }
            };
        }

        /** Learns from the states {@code path[0..n)} of the game just played. */
        void played(long[] path, int n) {
            if (mode == RESTART) {
                restart = n >= RESTART_MIN_STATES ? path[n / 2] : 0;
            } else if (mode == CAROUSEL) {
                int k = 0;
                for (int i = 0; i < n && k < points.length; i++) {
                    while (k < points.length && Board.tileSet(path[i]) >= points[k]) {
                        entries[k++] = path[i];
                    }
                }
            }
        }
    }
}
