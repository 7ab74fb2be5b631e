package g2048.cli;

import g2048.game.Shape;
import g2048.play.HeuristicPlayer;
import g2048.play.Player;
import g2048.play.RandomPlayer;
import java.util.List;

/** Builds the player a command line names; the one place that knows every kind of player. */
final class Players {

    static final List<String> NAMES = List.of("random", "heuristic", "cnn");

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
            case "cnn" -> {
                if (options.depth != 1) {
                    throw new Errors.BadInput("--depth: the cnn player plays greedy (depth 1) here, got " + options.depth);
                }
                yield new g2048.search.GreedyPlayer(g2048.nn.Devices.open(options.model, options.device, shape, System.err));
            }
            default -> throw new Errors.BadInput("--player: unknown player '" + options.player
                    + "', expected one of " + String.join(", ", NAMES));
        };
    }
}
