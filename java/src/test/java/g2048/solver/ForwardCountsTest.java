package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.ReferenceGame;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * On the larger shapes, the forward pass stopped by {@code maxAge} against a breadth-first search
 * over full boards with the reference rules: the same states, afterstates and terminal states per
 * age after normalisation.
 */
class ForwardCountsTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"3x3, 32", "2x4, 36", "4x2, 32", "3x4, 20", "4x3, 20"})
    void forwardCountsMatchABreadthFirstSearch(String shapeName, int maxAge) throws Exception {
        Shape shape = Shape.parse(shapeName);
        assertEquals(Solver.Outcome.STOPPED_AT_MAX_AGE,
                new Solver(shape, tmp, 2).maxAge(maxAge).run(new SolverVsBruteForceTest.QuietProgress()));
        List<AgeStats> ages = AgeStats.read(tmp, Manifest.read(tmp));
        assertEquals(maxAge, ages.get(ages.size() - 1).age());

        Symmetries sym = new Symmetries(shape);
        TreeMap<Integer, Set<Long>> states = new TreeMap<>();
        TreeMap<Integer, Set<Long>> afters = new TreeMap<>();
        TreeMap<Integer, Set<Long>> terminal = new TreeMap<>();
        Set<Long> seen = new HashSet<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        int n = shape.cells();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int ti = 1; ti <= 2 && i != j; ti++) {
                    for (int tj = 1; tj <= 2; tj++) {
                        long b = ((long) ti << (4 * (4 * (i / shape.cols()) + i % shape.cols())))
                                | ((long) tj << (4 * (4 * (j / shape.cols()) + j % shape.cols())));
                        if (seen.add(b)) {
                            queue.add(b);
                        }
                    }
                }
            }
        }
        while (!queue.isEmpty()) {
            long s = queue.poll();
            int age = (int) g2048.game.Board.tileSum(s);
            states.computeIfAbsent(age, k -> new HashSet<>()).add(sym.normalize(s));
            boolean any = false;
            for (int d = 0; d < 4; d++) {
                long a = ReferenceGame.move(s, shape, d)[0];
                if (a == s) {
                    continue;
                }
                any = true;
                afters.computeIfAbsent(age, k -> new HashSet<>()).add(sym.normalize(a));
                for (int cell : ReferenceGame.empties(a, shape)) {
                    for (int t = 1; t <= 2; t++) {
                        long next = a | ((long) t << (4 * cell));
                        if (age + (1 << t) <= maxAge && seen.add(next)) {
                            queue.add(next);
                        }
                    }
                }
            }
            if (!any) {
                terminal.computeIfAbsent(age, k -> new HashSet<>()).add(sym.normalize(s));
            }
        }
        for (AgeStats a : ages) {
            assertEquals(states.getOrDefault(a.age(), Set.of()).size(), a.states(), shape + " states of age " + a.age());
            assertEquals(afters.getOrDefault(a.age(), Set.of()).size(), a.afterstates(), shape + " afterstates of age " + a.age());
            assertEquals(terminal.getOrDefault(a.age(), Set.of()).size(), a.terminal(), shape + " terminal of age " + a.age());
        }
    }
}
