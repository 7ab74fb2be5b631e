package g2048.cli;

import g2048.game.Shape;
import g2048.play.HeuristicPlayer;
import g2048.play.Player;
import g2048.play.RandomPlayer;
import java.util.List;

/** Builds the player a command line names; the one place that knows every kind of player. */
final class Players {

    static final List<String> NAMES = List.of("random", "heuristic", "ntuple", "optimal");

    private Players() {
    }

    /** The names {@code --player} accepts, for help and completion. */
    static final class Names implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return NAMES.iterator();
        }
    }

    static Player create(PlayerOptions options, Shape shape) {
        return switch (options.player) {
            case "random" -> new RandomPlayer(shape);
            case "heuristic" -> new HeuristicPlayer(shape);
            case "ntuple" -> NtuplePlayers.create(options, shape);
            case "optimal" -> optimal(options, shape);
            default -> throw new Errors.BadInput("--player: unknown player '" + options.player
                    + "', expected one of " + String.join(", ", NAMES));
        };
    }

    /** The optimal player of a solution (--db); the solution is kept open for the life of the process. */
    private static Player optimal(PlayerOptions options, Shape shape) {
        if (options.db == null) {
            throw new Errors.BadInput("--db: missing, --player optimal needs a solution directory written by 'g2048 solve'");
        }
        g2048.solver.Solution sol;
        try {
            sol = g2048.solver.Solution.open(options.db);
        } catch (java.io.IOException e) {
            throw new Errors.BadInput("--db: " + e.getMessage(), e);
        }
        if (!sol.shape().equals(shape)) {
            sol.close();
            throw new Errors.BadInput("--db: " + options.db + " solves " + sol.shape() + ", the game is " + shape + " (use --shape " + sol.shape() + ")");
        }
        return new g2048.solver.OptimalPlayer(sol);
    }
}
