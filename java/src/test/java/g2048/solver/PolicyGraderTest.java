package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Shape;
import g2048.player.Player;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exact grading against an independent policy evaluation by brute force (recursion over full boards). */
class PolicyGraderTest {

    private static final Shape SHAPE = Shape.S2x3;

    @TempDir
    static Path tmp;

    private static BruteForce bf;

    @BeforeAll
    static void solve() throws Exception {
        new Solver(SHAPE, tmp, 2).run(new SolverVsBruteForceTest.QuietProgress());
        bf = new BruteForce(SHAPE);
        bf.fromStart(bf::value, 0);
    }

    /** A deterministic player far from optimal: 2-ply expectimax over the line heuristic, 3-ply on crowded boards. */
    private static Player searching() {
        return new ExpectimaxPlayer(new LineHeuristicEvaluator(SHAPE), SearchConfig.ofDepth(2)).deeperWhenCrowded(2);
    }

    /** Expected optimal moves / expected moves of a deterministic policy, by recursion from the initial distribution. */
    private static double optimalShare(Player player) {
        Map<Long, double[]> memo = new HashMap<>();
        double n = bf.fromStart(b -> counts(b, player, memo)[0], 0);
        double o = bf.fromStart(b -> counts(b, player, memo)[1], 0);
        return o / n;
    }

    private static double[] counts(long s, Player player, Map<Long, double[]> memo) {
        double[] m = memo.get(s);
        if (m != null) {
            return m;
        }
        double best = Double.NEGATIVE_INFINITY;
        double[] q = new double[4];
        for (int d = 0; d < 4; d++) {
            long[] mv = bf.move(s, d);
            q[d] = mv[0] == s ? Double.NaN : mv[1] + bf.afterValue(mv[0]);
            if (!Double.isNaN(q[d])) {
                best = Math.max(best, q[d]);
            }
        }
        double[] out = {0, 0};
        if (best != Double.NEGATIVE_INFINITY) {
            int d = player.chooseMove(s);
            long[] mv = bf.move(s, d);
            int[] e = bf.empties(mv[0]);
            double n = 0;
            double o = 0;
            for (int cell : e) {
                double[] c2 = counts(mv[0] | (1L << (4 * cell)), player, memo);
                double[] c4 = counts(mv[0] | (2L << (4 * cell)), player, memo);
                n += 0.9 * c2[0] + 0.1 * c4[0];
                o += 0.9 * c2[1] + 0.1 * c4[1];
            }
            out[0] = 1 + n / e.length;
            out[1] = (q[d] >= best - 1e-6 ? 1 : 0) + o / e.length;
        }
        memo.put(s, out);
        return out;
    }

    @Test
    void optimalPlayerScoresTheOptimumWithOnlyOptimalMoves() throws Exception {
        try (Solution sol = Solution.open(tmp)) {
            PolicyGrader.Grade g = PolicyGrader.grade(sol, PolicyGrader.deterministic(new OptimalPlayer(sol)));
            assertEquals(sol.expectedFromStart(0), g.expectedScore(), 1e-4);
            assertEquals(bf.fromStart(bf::value, 0), g.expectedScore(), 1e-4);
            assertEquals(1.0, g.optimalShare(), 1e-12);
        }
    }

    @Test
    void uniformRandomPolicyMatchesBruteForcePolicyEvaluation() throws Exception {
        Map<Long, Double> memo = new HashMap<>();
        double want = bf.fromStart(b -> bf.policyValue(b, s -> -1, memo), 0);
        try (Solution sol = Solution.open(tmp)) {
            PolicyGrader.Grade g = PolicyGrader.grade(sol, PolicyGrader.uniform("random"));
            assertEquals(want, g.expectedScore(), 1e-9);
            assertTrue(g.expectedScore() < 0.8 * g.optimalExpectedScore(), "random play is far from optimal");
            assertTrue(g.optimalShare() > 0 && g.optimalShare() < 1, "share " + g.optimalShare());
        }
    }

    @Test
    void aSearchingPlayerMatchesBruteForcePolicyEvaluationAndShare() throws Exception {
        Player h = searching();
        Map<Long, Double> memo = new HashMap<>();
        double want = bf.fromStart(b -> bf.policyValue(b, s -> h.chooseMove(s), memo), 0);
        double wantShare = optimalShare(h);
        try (Solution sol = Solution.open(tmp)) {
            PolicyGrader.Grade g = PolicyGrader.grade(sol, PolicyGrader.deterministic(searching()));
            assertEquals(want, g.expectedScore(), 1e-9);
            assertEquals(wantShare, g.optimalShare(), 1e-9);
            assertTrue(g.expectedScore() <= g.optimalExpectedScore() + 1e-6);
            PolicyGrader.Grade g3 = PolicyGrader.grade(sol, PolicyGrader.deterministic(searching()), 3,
                    (a, l, n) -> { });
            assertEquals(g.expectedScore(), g3.expectedScore(), 1e-9, "three threads");
            assertEquals(g.optimalShare(), g3.optimalShare(), 1e-9, "three threads");
            assertEquals(g.statesVisited(), g3.statesVisited());
        }
    }
}
