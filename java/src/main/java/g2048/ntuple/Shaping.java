package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.settings.Named;

/**
 * Where training games start, to spend more of the training on late positions:
 * <ul>
 * <li>{@code none}: every game from the two initial spawns;</li>
 * <li>{@code restart} (the restart strategy, as Guei, Chen and Wu 2022 train with it): a training
 *     game is an episode: a game from the initial spawns, then, while the last segment made more than
 *     {@value #RESTART_MIN_MOVES} moves, a restart from the afterstate halfway through it with a fresh
 *     random tile, until one is shorter. A fresh tile rather than the state once played: the segment
 *     starts from a position not yet learned from. Its restarts share the game's index and seed, so an
 *     episode is one game's worth of index however many threads train, and episodes count as other
 *     engines count them;</li>
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

    /** Segments of at most this many moves are not restarted from. */
    public static final int RESTART_MIN_MOVES = 10;
    private static final int[] DEFAULT_POINTS = {8192, 16384};

    public static Shaping parse(String s) {
        return Named.parse(Shaping.class, "shaping", s);
    }

    /** A thread's start chooser for a model split into {@code stages}, on boards of {@code shape}. */
    Starts starts(Stages stages, Shape shape) {
        int[] points = stages.count() > 1 ? stages.thresholds() : DEFAULT_POINTS;
        return new Starts(this, points, shape.cellMask());
    }

    /** One thread's state: where the next game starts, learned from the games it played. */
    static final class Starts {
        private final Shaping mode;
        private final int[] points;
        private final long[] entries;
        private final long cellMask;
        /** The afterstate the next restart spawns on, 0 for none. */
        private long restart;
        private int turn;

        Starts(Shaping mode, int[] points, long cellMask) {
            this.mode = mode;
            this.points = points;
            this.entries = new long[points.length];
            this.cellMask = cellMask;
        }

        /** Whether the learner must record its games' states. */
        boolean needsPath() {
            return mode != NONE;
        }

        /** Whether a game goes on from its own restarts until {@link #next} is 0 (an episode). */
        boolean withinGame() {
            return mode == RESTART;
        }

        /** The next game's first state, 0 for a fresh start; a restart's random tile is drawn from {@code rng}. */
        long next(Rng rng) {
            return switch (mode) {
                case NONE -> 0;
                case RESTART -> restart == 0 ? 0 : Spawns.spawn(restart, cellMask, rng);
                case CAROUSEL -> {
                    int k = turn;
                    turn = (turn + 1) % (points.length + 1);
                    yield k == 0 ? 0 : entries[k - 1];
                }
            };
        }

        /** Learns from the game {@code learner} just played (its recorded paths). */
        void played(Learner learner) {
            if (mode == RESTART) {
                int n = learner.afterPathLength();
                restart = n > RESTART_MIN_MOVES ? learner.afterPath()[n / 2] : 0;
            } else if (mode == CAROUSEL) {
                long[] path = learner.path();
                int n = learner.pathLength();
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
