package g2048.server;

import static g2048.settings.BadSetting.field;

import g2048.eval.Evaluator;
import g2048.game.Shape;
import g2048.ntuple.NtupleModels;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.player.Player;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.settings.BadSetting;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the server computes, over one loaded n-tuple model and an optional solver database shared
 * by every thread: a player's value of each legal move and its choice. Players are built by
 * {@link Players}, as the command line builds them (a player with a value function searches even at
 * depth 1, so that its values come with its choice); each calling thread keeps its own players
 * (their tables and scratch space) so that concurrent requests share only read-only data.
 */
public final class MoveService implements AutoCloseable {

    /**
     * The players the server answers for, in the order its messages list them; {@code cnn} and
     * {@code policy} are not served (their networks need a file and a device of their own).
     */
    public static final List<PlayerKind> SERVED = List.of(PlayerKind.NTUPLE, PlayerKind.LINES, PlayerKind.HEURISTIC,
            PlayerKind.RANDOM, PlayerKind.OPTIMAL);

    /** The deepest search a request may ask for: deeper ones take seconds to minutes a move on 4×4. */
    public static final int MAX_DEPTH = 5;

    private final Evaluator ntuple;
    private final Shape ntupleShape;
    private final String modelName;
    private final Solution solution;
    private final Map<Shape, Evaluator> lines = new ConcurrentHashMap<>();
    private final ThreadLocal<Map<String, Player>> own = ThreadLocal.withInitial(HashMap::new);

    /** The files served from, watched for change: the model given (not the shipped one) and the database. */
    private final List<Path> files = new java.util.ArrayList<>();

    private MoveService(Evaluator ntuple, String modelName, Solution solution) {
        this.ntuple = ntuple;
        this.ntupleShape = ntuple == null ? null : ntuple.shape();
        this.modelName = modelName;
        this.solution = solution;
    }

    /**
     * Loads the n-tuple model in {@code model} (the shipped model when null; none if that is absent)
     * for 4×4 games and opens the solution in {@code db} (none when null). Bad files are an
     * {@link IllegalArgumentException} naming the option, as {@link Players} words them.
     */
    public static MoveService open(Path model, Path db) {
        Solution solution = null;
        if (db != null) {
            try {
                solution = Solution.open(db);
            } catch (IOException | IllegalArgumentException e) {
                throw BadSetting.causedBy(e, field("db"), ": ", BadSetting.reason(e));
            }
        }
        Evaluator evaluator = null;
        String name = null;
        // the shipped model comes from the class path (the models jar), as for every other command
        if (model != null || NtupleModels.defaultAvailable()) {
            try {
                evaluator = Players.evaluator(PlayerSpec.of(PlayerKind.NTUPLE).withModel(model), Shape.S4x4, SearchConfig.ofDepth(1));
            } catch (RuntimeException e) {
                if (solution != null) {
                    solution.close();
                }
                throw e;
            }
            name = model != null ? model.getFileName().toString() : NtupleModels.DEFAULT_MODEL;
        }
        MoveService service = new MoveService(evaluator, name, solution);
        if (model != null) {
            service.files.add(model);
        }
        if (db != null) {
            service.files.add(db);
        }
        return service;
    }

    /** The n-tuple model's file name (never its path), or null when none is loaded. */
    public String modelName() {
        return modelName;
    }

    /** The files answers are computed from, as given: watched for change while serving. */
    List<Path> files() {
        return List.copyOf(files);
    }

    /** The shape of the loaded solver database, or null when none is loaded. */
    public Shape solutionShape() {
        return solution == null ? null : solution.shape();
    }

    Solution solution() {
        return solution;
    }

    /**
     * The calling thread's player {@code player} on {@code shape}; {@code depth} is null for the
     * player's own depth and is refused for players that do not search.
     */
    Player player(String player, Shape shape, Integer depth, Integer downgrade) {
        PlayerKind kind = SERVED.stream().filter(k -> k.id().equals(player)).findFirst().orElseThrow(() -> BadRequest.of(
                "player: '" + Params.shorten(player) + "' is not served, expected one of "
                        + String.join(", ", SERVED.stream().map(PlayerKind::id).toList())));
        if (!kind.searches() && depth != null) {
            throw BadRequest.of("depth: player '" + player + "' does not take a depth (only ntuple and lines search to a depth)");
        }
        if (!kind.searches() && downgrade != null) {
            throw BadRequest.of("downgrade: player '" + player + "' does not search (only ntuple and lines take tile-downgrading)");
        }
        int d = depth == null ? 1 : depth;
        int t = downgrade == null ? 0 : downgrade;
        if (kind == PlayerKind.NTUPLE) {
            if (ntuple == null) {
                throw BadRequest.of("player: no n-tuple model is loaded (the shipped model is missing; start the server with --model FILE)");
            }
            if (!shape.equals(ntupleShape)) {
                throw BadRequest.of("player: the n-tuple model plays " + ntupleShape + " boards, this one is " + shape);
            }
        }
        if (kind == PlayerKind.OPTIMAL) {
            if (solution == null) {
                throw BadRequest.of("player: optimal needs a solver database (start the server with --db DIR)");
            }
            if (!shape.equals(solution.shape())) {
                throw BadRequest.of("player: the solver database solves " + solution.shape() + ", this board is " + shape);
            }
        }
        String key = player + '/' + shape + '/' + d + '/' + t;
        return own.get().computeIfAbsent(key, k -> build(kind, shape, SearchConfig.ofDepth(d).withDowngrade(t)));
    }

    private Player build(PlayerKind kind, Shape shape, SearchConfig search) {
        return switch (kind) {
            case NTUPLE -> deadlined(Players.searcher(ntuple.forThread(), search));
            case LINES -> deadlined(Players.searcher(lines.computeIfAbsent(shape,
                    s -> Players.evaluator(PlayerSpec.of(PlayerKind.LINES), s, SearchConfig.ofDepth(1))).forThread(), search));
            case HEURISTIC -> deadlined(Players.heuristic(shape).forThread());
            case OPTIMAL -> reachable(Players.optimal(solution));
            default -> Players.create(PlayerSpec.of(kind), shape, search).forThread();
        };
    }

    /**
     * The search {@code player} (this thread's) runs, as {@link Players} configures it, abandoned at the request's
     * deadline ({@link RequestDeadline}) so that no request holds a thread beyond its timeout.
     */
    private static Player deadlined(ExpectimaxPlayer player) {
        return Player.valuing(player.name(), (board, values) -> {
            SearchResult r = RequestDeadline.isSet() ? player.searchBy(board, RequestDeadline.get()) : player.search(board);
            if (r == null) {
                throw RequestDeadline.outOfTime();
            }
            for (int i = 0; i < 4; i++) {
                values[i] = r.value(i);
            }
            return r.best();
        });
    }

    /** The optimal player, a board outside the solution refused as a bad request naming the board. */
    private Player reachable(Player optimal) {
        return Player.valuing(optimal.name(), (board, values) -> {
            try {
                return optimal.chooseMove(board, values);
            } catch (IllegalArgumentException e) {
                throw BadRequest.of("board: not a reachable state of the solved " + solution.shape() + " game");
            }
        });
    }

    @Override
    public void close() {
        if (solution != null) {
            solution.close();
        }
        // the n-tuple model's tables stay mapped until the process ends: a search still running on a
        // timed-out request may read them
    }
}
