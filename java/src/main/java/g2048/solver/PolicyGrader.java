package g2048.solver;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.play.Player;

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
        };
    }

    /** The uniformly random policy over legal moves (what {@link g2048.play.RandomPlayer} plays). */
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

    public static Grade grade(Solution solution, Policy policy) {
        long t0 = System.nanoTime();
        Shape shape = solution.shape();
        Moves moves = Moves.of(shape);
        Normalizer normalizer = new Normalizer(shape);
        boolean sym = policy.symmetric();
        long cellMask = shape.cellMask();
        int last = solution.manifest().lastAge();
        // ring of three maps: ages a, a + 2, a + 4
        LongDoubleMap[] ring = {new LongDoubleMap(), new LongDoubleMap(), new LongDoubleMap()};
        for (InitialStates.Start s : InitialStates.of(shape)) {
            ring[ringIndex(s.age())].add(sym ? normalizer.normalize(s.board()) : s.board(), s.probability());
        }
        double score = 0;
        double visits = 0;
        double optimal = 0;
        long states = 0;
        double[] probs = new double[4];
        double[] q = new double[4];
        double pFour = 1 - g2048.game.Spawns.P_TWO;
        for (int age = Manifest.FIRST_AGE; age <= last; age += 2) {
            LongDoubleMap here = ring[ringIndex(age)];
            LongDoubleMap next2 = ring[ringIndex(age + 2)];
            LongDoubleMap next4 = ring[ringIndex(age + 4)];
            states += here.size();
            for (int slot = 0; slot < here.capacity(); slot++) {
                long board = here.keyAt(slot);
                if (board == 0) {
                    continue;
                }
                double p = here.valueAt(slot);
                int legal = solution.moveValues(board, q);
                if (legal == 0) {
                    continue;
                }
                double best = Double.NEGATIVE_INFINITY;
                for (int d = 0; d < 4; d++) {
                    if ((legal >>> d & 1) != 0) {
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
                        next2.add(sym ? normalizer.normalize(b2) : b2, share * g2048.game.Spawns.P_TWO);
                        next4.add(sym ? normalizer.normalize(b4) : b4, share * pFour);
                    }
                }
            }
            here.clear();
        }
        return new Grade(policy.name(), shape, score, solution.expectedFromStart(0), visits == 0 ? 1 : optimal / visits,
                visits, states, (System.nanoTime() - t0) / 1e9);
    }

    private static int ringIndex(int age) {
        return (age >>> 1) % 3;
    }
}
