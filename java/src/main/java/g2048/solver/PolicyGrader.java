package g2048.solver;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.player.Player;

/**
 * Grades a policy against optimal play exactly, without sampling: the probability of reaching each
 * state under the policy is propagated age by age from the initial distribution (a move keeps the
 * age, a spawn adds 2 or 4, so once an age is processed no probability flows back into it).
 *
 * <ul>
 *   <li><b>Expected score</b>: the sum over reached states {@code s} and moves {@code d} of
 *       {@code P(reach s) · π(d | s) · reward(s, d)}: the policy's exact expected final score.</li>
 *   <li><b>Share of optimal moves</b>: {@code Σ P(reach s)·π(optimal | s) / Σ P(reach s)} over
 *       reached non-terminal states, i.e. the expected number of optimal moves in a game divided by
 *       the expected number of moves. A move is optimal when its value (reward + afterstate value
 *       from the solution) is within {@link #OPTIMAL_TOLERANCE} of the best move's; stored values
 *       carry an error of at most {@link PackedValues#ERROR_BOUND} each, so two truly equal moves
 *       can differ by twice that.</li>
 * </ul>
 *
 * A deterministic policy need not be symmetric, so its states are kept as they are; a symmetric
 * policy (e.g. uniformly random) is graded over normalised states, which is much smaller.
 */
public final class PolicyGrader {

    /** Moves whose values differ from the best by at most this count as optimal. */
    public static final double OPTIMAL_TOLERANCE = 4 * PackedValues.ERROR_BOUND;

    /** A policy: the probability of each move in a state. */
    public interface Policy {
        /** Fills {@code out[d]} with the probability of move {@code d}; {@code legal} is the legal-move mask (non-zero). */
        void distribution(long board, int legal, double[] out);

        /** True if the policy gives symmetric boards symmetric distributions (then states are normalised). */
        boolean symmetric();

        String name();

        /** An instance for another grading thread (players with scratch space need their own). */
        default Policy forThread() {
            return this;
        }
    }

    /** The policy of a deterministic player; the player is asked once per reached state. */
    public static Policy deterministic(Player player) {
        Player own = player.forThread();
        own.startGame(0);
        return new Policy() {
            @Override
            public void distribution(long board, int legal, double[] out) {
                int d = own.chooseMove(board);
                if (d < 0 || d > 3 || (legal >>> d & 1) == 0) {
                    throw new IllegalStateException("player " + own.name() + " chose the illegal move " + d
                            + " on board " + Long.toHexString(board));
                }
                java.util.Arrays.fill(out, 0);
                out[d] = 1;
            }

            @Override
            public boolean symmetric() {
                return false;
            }

            @Override
            public String name() {
                return own.name();
            }

            @Override
            public Policy forThread() {
                return deterministic(own);
            }
        };
    }

    /** The uniformly random policy over legal moves (what the {@code random} player plays). */
    public static Policy uniform(String name) {
        return new Policy() {
            @Override
            public void distribution(long board, int legal, double[] out) {
                double p = 1.0 / Integer.bitCount(legal);
                for (int d = 0; d < 4; d++) {
                    out[d] = (legal >>> d & 1) != 0 ? p : 0;
                }
            }

            @Override
            public boolean symmetric() {
                return true;
            }

            @Override
            public String name() {
                return name;
            }
        };
    }

    /** The result of a grading. */
    public record Grade(String policy, Shape shape, double expectedScore, double optimalExpectedScore,
                        double optimalShare, double expectedMoves, long statesVisited, double seconds) {
    }

    private PolicyGrader() {
    }

    /** Told after each age. */
    public interface Progress {
        void age(int age, int lastAge, long statesSoFar);
    }

    public static Grade grade(Solution solution, Policy policy) {
        return grade(solution, policy, 1, (a, l, n) -> { });
    }

    /**
     * Grades on {@code threads} threads: each age's reached states are split between them in fixed
     * ranges, so the result is the same for a given number of threads.
     */
    public static Grade grade(Solution solution, Policy policy, int threads, Progress progress) {
        long t0 = System.nanoTime();
        Shape shape = solution.shape();
        Normalizer normalizer = new Normalizer(shape);
        boolean sym = policy.symmetric();
        int last = solution.manifest().lastAge();
        // ring of three maps: ages a, a + 2, a + 4
        LongDoubleMap[] ring = {new LongDoubleMap(), new LongDoubleMap(), new LongDoubleMap()};
        for (InitialStates.Start s : InitialStates.of(shape)) {
            ring[ringIndex(s.age())].add(sym ? normalizer.normalize(s.board()) : s.board(), s.probability());
        }
        Worker[] workers = new Worker[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Worker(shape, t == 0 ? policy : policy.forThread());
        }
        long states = 0;
        for (int age = Manifest.FIRST_AGE; age <= last; age += 2) {
            LongDoubleMap here = ring[ringIndex(age)];
            states += here.size();
            try (Solution.AfterTable table = solution.afterTable(age)) {
                int slots = here.capacity();
                // One fixed range of slots per worker, drained in order: the sums do not depend on timing.
                int chunk = (slots + threads - 1) / threads;
                Parallel.forRange(threads, slots, chunk,
                        (w, from, to) -> workers[(int) (from / chunk)].run(here, (int) from, (int) to, table));
            }
            for (Worker w : workers) {
                w.drainInto(ring[ringIndex(age + 2)], ring[ringIndex(age + 4)]);
            }
            here.clear();
            progress.age(age, last, states);
        }
        double score = 0;
        double visits = 0;
        double optimal = 0;
        for (Worker w : workers) {
            score += w.score;
            visits += w.visits;
            optimal += w.optimal;
        }
        return new Grade(policy.name(), shape, score, solution.expectedFromStart(0), visits == 0 ? 1 : optimal / visits,
                visits, states, (System.nanoTime() - t0) / 1e9);
    }

    /** One thread's share of an age: its own policy, sums and maps of the next two ages. */
    private static final class Worker {
        private final Moves moves;
        private final Normalizer normalizer;
        private final Policy policy;
        private final long cellMask;
        private final boolean sym;
        private final LongDoubleMap next2 = new LongDoubleMap();
        private final LongDoubleMap next4 = new LongDoubleMap();
        private final double[] probs = new double[4];
        private final double[] q = new double[4];
        double score;
        double visits;
        double optimal;

        Worker(Shape shape, Policy policy) {
            this.moves = Moves.of(shape);
            this.normalizer = new Normalizer(shape);
            this.policy = policy;
            this.cellMask = shape.cellMask();
            this.sym = policy.symmetric();
        }

        void run(LongDoubleMap here, int from, int to, Solution.AfterTable table) {
            double pTwo = g2048.game.Spawns.P_TWO;
            double pFour = 1 - pTwo;
            for (int slot = from; slot < to; slot++) {
                long board = here.keyAt(slot);
                if (board == 0) {
                    continue;
                }
                double p = here.valueAt(slot);
                int legal = moves.legalMask(board);
                if (legal == 0) {
                    continue;
                }
                double best = Double.NEGATIVE_INFINITY;
                for (int d = 0; d < 4; d++) {
                    if ((legal >>> d & 1) != 0) {
                        q[d] = moves.reward(board, d) + table.value(normalizer.normalize(moves.move(board, d)));
                        if (Double.isNaN(q[d])) {
                            throw new IllegalStateException("board " + Long.toHexString(board) + " is missing from the solution");
                        }
                        best = Math.max(best, q[d]);
                    }
                }
                policy.distribution(board, legal, probs);
                visits += p;
                for (int d = 0; d < 4; d++) {
                    if (probs[d] == 0) {
                        continue;
                    }
                    double pd = p * probs[d];
                    score += pd * moves.reward(board, d);
                    if (q[d] >= best - OPTIMAL_TOLERANCE) {
                        optimal += pd;
                    }
                    long after = moves.move(board, d);
                    long empty = Board.emptyCells(after, cellMask);
                    double share = pd / Long.bitCount(empty);
                    while (empty != 0) {
                        int shift = Long.numberOfTrailingZeros(empty);
                        empty &= empty - 1;
                        long b2 = after | (1L << shift);
                        long b4 = after | (2L << shift);
                        next2.add(sym ? normalizer.normalize(b2) : b2, share * pTwo);
                        next4.add(sym ? normalizer.normalize(b4) : b4, share * pFour);
                    }
                }
            }
        }

        void drainInto(LongDoubleMap to2, LongDoubleMap to4) {
            for (int s = 0; s < next2.capacity(); s++) {
                if (next2.keyAt(s) != 0) {
                    to2.add(next2.keyAt(s), next2.valueAt(s));
                }
            }
            for (int s = 0; s < next4.capacity(); s++) {
                if (next4.keyAt(s) != 0) {
                    to4.add(next4.keyAt(s), next4.valueAt(s));
                }
            }
            next2.clear();
            next4.clear();
        }
    }

    private static int ringIndex(int age) {
        return (age >>> 1) % 3;
    }
}
