package g2048.cli;

import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TablePrecision;
import g2048.play.HeuristicPlayer;
import g2048.play.RandomPlayer;
import g2048.player.Player;
import g2048.search.ExpectimaxPlayer;
import g2048.search.GreedyPlayer;
import g2048.search.SearchConfig;
import java.nio.file.Path;
import java.util.List;

/** Builds the player a command line names; the one place that knows every kind of player. */
final class Players {

    static final List<String> NAMES = List.of("ntuple", "heuristic", "random", "lines", "cnn", "optimal");

    /** The players backed by a value function: they search (greedy at depth 1, expectimax deeper). */
    static final List<String> EVALUATOR_NAMES = List.of("ntuple", "lines", "cnn");

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
        boolean greedy = search.depth() == 1 && search.timeBudgetNanos() == 0;
        if (options.player.equals("ntuple") && greedy) {
            return NtuplePlayers.create(options, shape); // 1-ply, Q-learning models included
        }
        Evaluator evaluator = evaluator(options, shape);
        if (evaluator != null) {
            return greedy ? new GreedyPlayer(evaluator) : new ExpectimaxPlayer(evaluator, search.suitedTo(evaluator));
        }
        if (options.depth != 1) {
            throw new Errors.BadInput("--depth: player '" + options.player + "' does not search; --depth applies to "
                    + String.join(", ", EVALUATOR_NAMES));
        }
        return switch (options.player) {
            case "random" -> new RandomPlayer(shape);
            case "heuristic" -> new HeuristicPlayer(shape);
            case "optimal" -> optimal(options, shape);
            default -> throw unknown(options);
        };
    }

    /** The value function of an evaluator-backed player; null for a player without one. */
    static Evaluator evaluator(PlayerOptions options, Shape shape) {
        return switch (options.player) {
            case "lines" -> new LineHeuristicEvaluator(shape);
            case "ntuple" -> ntupleEvaluator(options, shape);
            case "cnn" -> {
                if (!shape.equals(Shape.S4x4)) {
                    // the shape may come from --shape, a board or a database: name none of them
                    throw new Errors.BadInput("--player cnn: value networks play 4x4 boards only, this board is " + shape);
                }
                yield options.devices.open(options.model, shape, System.err);
            }
            default -> {
                if (!NAMES.contains(options.player)) {
                    throw unknown(options);
                }
                yield null;
            }
        };
    }

    /** The afterstate value of an n-tuple model (the shipped one unless --model names one). */
    private static Evaluator ntupleEvaluator(PlayerOptions options, Shape shape) {
        Path file = options.model != null ? options.model : NtupleModels.defaultModelPath();
        if (options.model == null && !file.toFile().exists()) {
            throw new Errors.BadInput("--player ntuple: the shipped model " + file
                    + " is missing; name one with --model PATH");
        }
        NtupleModel model = NtupleModels.load(file);
        if (!model.shape().equals(shape)) {
            throw new Errors.BadInput("--model " + file + " was trained on " + model.shape() + ", the board is " + shape);
        }
        if (model.method() == Method.Q_LEARNING) {
            // reached at depth 1 too (move, bench search, --time-ms): then --depth is not the cure
            throw new Errors.BadInput("--model " + file + " is a q-learning model: it values actions, not afterstates, so it"
                    + " has no afterstate values to search with; " + (options.depth > 1 ? "it plays at --depth 1 only"
                    : "it plays only greedily, in play and grade without --time-ms"));
        }
        return evaluator(model, options);
    }

    /** The evaluator of {@code model} at the precision --table names. */
    static Evaluator evaluator(NtupleModel model, PlayerOptions options) {
        TablePrecision precision;
        try {
            precision = TablePrecision.parse(options.table);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--table: " + e.getMessage(), e);
        }
        try {
            return model.evaluator(precision);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--table " + options.table + ": " + e.getMessage(), e);
        }
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
