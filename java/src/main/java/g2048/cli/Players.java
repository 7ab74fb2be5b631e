package g2048.cli;

import g2048.game.Shape;
import g2048.play.HeuristicPlayer;
import g2048.play.Player;
import g2048.play.RandomPlayer;
import java.util.List;

/** Builds the player a command line names; the one place that knows every kind of player. */
final class Players {

    static final List<String> NAMES = List.of("random", "heuristic", "ntuple");

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
            default -> throw new Errors.BadInput("--player: unknown player '" + options.player
                    + "', expected one of " + String.join(", ", NAMES));
        };
    }
}
