package g2048.cli;

import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;

/** The solution directory that {@code --db} names: opened, its refusals naming the option. */
final class SolutionOption {

    private SolutionOption() {
    }

    static Solution open(Path db) throws IOException {
        try {
            return Solution.open(db);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--db: " + Errors.text(e), e);
        }
    }
}
