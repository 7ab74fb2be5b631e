package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import g2048.game.Symmetries;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The age-partitioned solver against the brute-force reference on 2x2 and 2x3 (and 3x2, the same game transposed). */
class SolverVsBruteForceTest {

    private static final double EPS = 1e-6;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"2x2", "2x3", "3x2"})
    void sameCountsValuesAndExpectedScores(String shapeName) throws Exception {
        Shape shape = Shape.parse(shapeName);
        Solver.Outcome outcome = new Solver(shape, tmp, 2).run(new QuietProgress());
        assertEquals(Solver.Outcome.SOLVED, outcome);

        BruteForce bf = new BruteForce(shape);
        double e22 = bf.fromStart(bf::value, 4);
        double e24 = bf.fromStart(bf::value, 6);
        double e44 = bf.fromStart(bf::value, 8);
        double eRandom = bf.fromStart(bf::value, 0);

        Symmetries sym = new Symmetries(shape);
        Set<Long> states = new HashSet<>();
        for (long s : bf.stateValues.keySet()) {
            states.add(sym.normalize(s));
        }
        Set<Long> afters = new HashSet<>();
        for (long a : bf.afterstates) {
            afters.add(sym.normalize(a));
        }
        Manifest m = Manifest.read(tmp);
        List<AgeStats> ages = AgeStats.read(tmp, m);
        AgeStats.Totals totals = AgeStats.Totals.of(ages);
        assertEquals(states.size(), totals.states(), "reachable states after normalisation");
        assertEquals(afters.size(), totals.afterstates(), "reachable afterstates after normalisation");
        long terminal = bf.stateValues.keySet().stream().filter(s -> isTerminal(bf, s)).map(sym::normalize).distinct().count();
        assertEquals(terminal, totals.terminal(), "terminal states");

        try (Solution sol = Solution.open(tmp)) {
            assertEquals(e22, sol.expectedFromStart(4), EPS);
            assertEquals(e24, sol.expectedFromStart(6), EPS);
            assertEquals(e44, sol.expectedFromStart(8), EPS);
            assertEquals(eRandom, sol.expectedFromStart(0), EPS);
            // Every reachable state and afterstate, in every orientation, has the brute-force value.
            for (Map.Entry<Long, Double> e : bf.stateValues.entrySet()) {
                for (int g = 0; g < sym.count(); g++) {
                    long image = sym.apply(g, e.getKey());
                    assertEquals(e.getValue(), bf.value(image), 1e-9, "symmetric boards, brute force");
                    assertEquals(e.getValue(), sol.stateValue(image), EPS, "state " + Long.toHexString(image));
                }
            }
            for (Map.Entry<Long, Double> e : bf.afterValues.entrySet()) {
                assertEquals(e.getValue(), sol.afterstateValue(e.getKey()), EPS, "afterstate " + Long.toHexString(e.getKey()));
            }
            // Boards that are not reachable states are not found.
            assertTrue(Double.isNaN(sol.stateValue(0L)));
            assertTrue(Double.isNaN(sol.stateValue(1L)));
            assertFalse(Double.isNaN(sol.stateValue(bf.stateValues.keySet().iterator().next())));
        }
    }

    private static boolean isTerminal(BruteForce bf, long s) {
        for (int d = 0; d < 4; d++) {
            if (bf.move(s, d)[0] != s) {
                return false;
            }
        }
        return true;
    }

    static final class QuietProgress implements Solver.Progress {
        int forward;
        int backward;

        @Override
        public void forwardAge(int age, long states, long afterstates, long terminal, double seconds) {
            forward++;
        }

        @Override
        public void backwardAge(int age, double best, double seconds) {
            backward++;
        }
    }
}
