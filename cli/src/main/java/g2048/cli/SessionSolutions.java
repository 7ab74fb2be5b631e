package g2048.cli;

import g2048.game.BoardText;
import g2048.game.Shape;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The solutions a session's {@code solve-query} requests opened, each once and kept open until the session ends. */
final class SessionSolutions implements AutoCloseable {

    private final Map<Path, Solution> open = new HashMap<>();

    /** The solution in {@code db}, opened at its first request; a bad directory is refused naming {@code db}. */
    Solution open(Path db) throws IOException {
        Solution sol = open.get(db);
        if (sol == null) {
            try {
                sol = Solution.open(db);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("db: " + e.getMessage(), e);
            }
            open.put(db, sol);
        }
        return sol;
    }

    /** Refuses board {@code b} of {@code shape} unless it is a state of {@code sol} (in {@code db}), which {@code solve query} answers. */
    static void check(Solution sol, Path db, long b, Shape shape) {
        if (!shape.equals(sol.shape())) {
            throw new IllegalArgumentException("board: a " + shape + " board, the solution in " + db + " is " + sol.shape());
        }
        if (Double.isNaN(sol.stateValue(b))) {
            throw new IllegalArgumentException("board: " + BoardText.format(b, shape) + " is not a reachable state of " + shape
                    + " (not in the solution)");
        }
    }

    @Override
    public void close() {
        open.values().forEach(Solution::close);
    }
}
