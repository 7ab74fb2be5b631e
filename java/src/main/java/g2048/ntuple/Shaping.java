package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.player.Player;
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
 *     16384 for a single-stage model), a point not yet reached giving a fresh start;</li>
 * <li>{@code late}: restart episodes of the late game only. An episode's first segment starts where
 *     a game played greedily by the network, without learning, first reaches the late point (the
 *     last stage threshold, or 16384 for a single-stage model); or played by another model, the
 *     prefix model, so that a late network learns from where that model's games reach. Its restarts follow as with
 *     {@code restart}. On a multi-stage model every update lands in the late stage's tables, so a
 *     well-trained early game keeps its weights while the late game learns by the episode's rule.
 *     The unlearned prefix's score is the episode's too, so the training games' mean is that of
 *     whole games; its moves are not training moves.</li>
 * </ul>
 * A carousel's start state belongs to the training thread, not to the game index: with it a run is
 * reproducible on one thread, and a resumed run starts its first game afresh.
 */
public enum Shaping implements Named {
    NONE,
    RESTART,
    CAROUSEL,
    LATE;

    /** Segments of at most this many moves are not restarted from. */
    public static final int RESTART_MIN_MOVES = 10;
    /** {@code late}: greedy games in a row that may end before the late point before training stops with an error. */
    public static final int LATE_MAX_MISSES = 1000;
    private static final int SINGLE_STAGE_LATE_POINT = 16384;
    private static final int[] DEFAULT_POINTS = {8192, 16384};

    public static Shaping parse(String s) {
        return Named.parse(Shaping.class, "shaping", s);
    }

    /**
     * A thread's start chooser for a model split into {@code stages}, on boards of {@code shape};
     * {@code greedy} plays the unlearned prefixes of {@code late} episodes (the thread's learner).
     */
    Starts starts(Stages stages, Shape shape, Player greedy) {
        int[] points = this == LATE
                ? new int[] {stages.count() > 1 ? stages.thresholds()[stages.count() - 2] : SINGLE_STAGE_LATE_POINT}
                : stages.count() > 1 ? stages.thresholds() : DEFAULT_POINTS;
        return new Starts(this, points, shape, greedy);
    }

    /** One thread's state: where the next game starts, learned from the games it played. */
    static final class Starts {
        private final Shaping mode;
        private final int[] points;
        private final long[] entries;
        private final Shape shape;
        private final long cellMask;
        private final Moves moves;
        private final Player greedy;
        /** The afterstate the next restart spawns on, 0 for none. */
        private long restart;
        private int turn;
        /** The score of the last {@code late} prefix, up to its first state at the late point. */
        private long prefixScore;

        Starts(Shaping mode, int[] points, Shape shape, Player greedy) {
            this.mode = mode;
            this.points = points;
            this.entries = new long[points.length];
            this.shape = shape;
            this.cellMask = shape.cellMask();
            this.moves = Moves.of(shape);
            this.greedy = greedy;
        }

        /** Whether the learner must record its games' states. */
        boolean needsPath() {
            return mode != NONE;
        }

        /** Whether a game goes on from its own restarts until {@link #next} is 0 (an episode). */
        boolean withinGame() {
            return mode == RESTART || mode == LATE;
        }

        /**
         * A training game's (an episode's) first state, 0 for a fresh start; a {@code late} prefix
         * plays on {@code rng}, the episode's own stream.
         */
        long first(Rng rng) {
            restart = 0;
            prefixScore = 0;
            return switch (mode) {
                case NONE, RESTART -> 0;
                case CAROUSEL -> {
                    int k = turn;
                    turn = (turn + 1) % (points.length + 1);
                    yield k == 0 ? 0 : entries[k - 1];
                }
                case LATE -> latePoint(rng);
            };
        }

        /** Within an episode, the next restart's first state (its random tile drawn from {@code rng}), 0 when it is over. */
        long next(Rng rng) {
            return restart == 0 ? 0 : Spawns.spawn(restart, cellMask, rng);
        }

        /** The score the episode made before its first learned state ({@code late}'s prefix), else 0. */
        long prefixScore() {
            return prefixScore;
        }

        /**
         * Greedy games without learning until one reaches the late point: its first state there.
         * Games that end before it are played again, on the same stream, up to {@link #LATE_MAX_MISSES}.
         */
        private long latePoint(Rng rng) {
            int point = points[0];
            for (int misses = 0; misses < LATE_MAX_MISSES; misses++) {
                long s = Spawns.initial(shape, rng);
                long score = 0;
                while (Board.tileSet(s) < point) {
                    int d = greedy.chooseMove(s);
                    if (d < 0) {
                        s = 0;
                        break;
                    }
                    score += moves.reward(s, d);
                    s = Spawns.spawn(moves.move(s, d), cellMask, rng);
                }
                if (s != 0) {
                    prefixScore = score;
                    return s;
                }
            }
            throw new IllegalStateException("--shaping late: " + LATE_MAX_MISSES + " greedy games in a row ended before"
                    + " the tile set reached " + point + "; train the model to reach it first");
        }

        /** Learns from the game {@code learner} just played (its recorded paths). */
        void played(Learner learner) {
            if (mode == RESTART || mode == LATE) {
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
