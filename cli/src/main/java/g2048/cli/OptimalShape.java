package g2048.cli;

import g2048.game.Shape;
import g2048.solver.Solution;
import java.io.IOException;

/** The shape a command plays when none is given: the one its solution solves for the optimal player, else 4x4. */
final class OptimalShape {

    private OptimalShape() {
    }

    static Shape of(PlayerOptions options) {
        if (!"optimal".equals(options.player) || options.db == null) {
            return Shape.S4x4;
        }
        try (Solution sol = SolutionOption.open(options.db)) {
            return sol.shape();
        } catch (IOException e) {
            throw new Errors.BadInput("--db: " + options.db + ": " + e.getMessage(), e);
        }
    }
}
