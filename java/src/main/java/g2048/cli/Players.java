package g2048.cli;

import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Shape;
import g2048.play.HeuristicPlayer;
import g2048.play.Player;
import g2048.play.RandomPlayer;
import g2048.search.ExpectimaxPlayer;
import g2048.search.GreedyPlayer;
import g2048.search.SearchConfig;
import java.util.List;

/** Builds the player a command line names; the one place that knows every kind of player. */
final class Players {

    static final List<String> NAMES = List.of("random", "heuristic", "lines");

    /** The players backed by a value function: they search (greedy at depth 1, expectimax deeper). */
    static final List<String> EVALUATOR_NAMES = List.of("lines");

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
        return create(options, shape, SearchOptions.defaults(checkedDepth(options)));
    }

    /**
     * The player, searching as {@code search} says when it has a value function: greedy at depth 1
     * without a time budget, an {@link ExpectimaxPlayer} otherwise.
     */
    static Player create(PlayerOptions options, Shape shape, SearchConfig search) {
        Evaluator evaluator = evaluator(options, shape);
        if (evaluator != null) {
            return search.depth() == 1 && search.timeBudgetNanos() == 0
                    ? new GreedyPlayer(evaluator) : new ExpectimaxPlayer(evaluator, search);
        }
        if (options.depth != 1) {
            throw new Errors.BadInput("--depth: player '" + options.player + "' does not search; --depth applies to "
                    + String.join(", ", EVALUATOR_NAMES));
        }
        return switch (options.player) {
            case "random" -> new RandomPlayer(shape);
            case "heuristic" -> new HeuristicPlayer(shape);
            default -> throw unknown(options);
        };
    }

    /** The value function of an evaluator-backed player; null for a player without one. */
    static Evaluator evaluator(PlayerOptions options, Shape shape) {
        return switch (options.player) {
            case "lines" -> new LineHeuristicEvaluator(shape);
            default -> {
                if (!NAMES.contains(options.player)) {
                    throw unknown(options);
                }
                yield null;
            }
        };
    }

    private static Errors.BadInput unknown(PlayerOptions options) {
        return new Errors.BadInput("--player: unknown player '" + options.player
                + "', expected one of " + String.join(", ", NAMES));
    }

    private static int checkedDepth(PlayerOptions options) {
        if (options.depth < 1 || options.depth > SearchConfig.MAX_DEPTH) {
            throw new Errors.BadInput("--depth: expected 1.." + SearchConfig.MAX_DEPTH + ", got " + options.depth);
        }
        return options.depth;
    }
}
