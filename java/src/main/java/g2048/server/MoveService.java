package g2048.server;

import g2048.eval.Evaluator;
import g2048.game.Shape;
import g2048.ntuple.NtupleModels;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.play.RandomPlayer;
import g2048.player.BestMove;
import g2048.search.Expectimax;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the server computes, over one loaded n-tuple model and an optional solver database shared
 * by every thread: a player's value of each legal move and its choice. Players are built by
 * {@link Players}, as the command line builds them; each calling thread keeps its own searches
 * (their tables and scratch space) so that concurrent requests share only read-only data.
 */
public final class MoveService implements AutoCloseable {

    /** The players the server answers for; {@code cnn} is not served (its network needs a device of its own). */
    public static final List<String> PLAYERS = List.of("ntuple", "lines", "heuristic", "random", "optimal");

    /** The deepest search a request may ask for: deeper ones take seconds to minutes a move on 4×4. */
    public static final int MAX_DEPTH = 5;

    /** One decision: each direction's value (NaN when illegal or when the player has no values) and the move, -1 at game over. */
    public record Decision(double[] values, int move, long nanos) {
    }

    /** A player as a request names it, ready to decide on the calling thread. */
    interface Decider {
        void startGame(long gameSeed);

        Decision decide(long board);
    }

    private final Evaluator ntuple;
    private final Shape ntupleShape;
    private final String modelName;
    private final Solution solution;
    private final Map<Shape, Evaluator> lines = new ConcurrentHashMap<>();
    private final ThreadLocal<Map<String, Decider>> own = ThreadLocal.withInitial(HashMap::new);

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
                throw new IllegalArgumentException("--db: " + e.getMessage(), e);
            }
        }
        Evaluator evaluator = null;
        String name = null;
        // the shipped model comes from the class path (the models jar), as for every other command
        if (model != null || NtupleModels.defaultAvailable()) {
            try {
                evaluator = Players.evaluator(PlayerSpec.of("ntuple").withModel(model), Shape.S4x4, SearchConfig.ofDepth(1));
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
     * The calling thread's decider for {@code player} on {@code shape}; {@code depth} is null for the
     * player's own depth and is refused for players that do not search.
     */
    Decider decider(String player, Shape shape, Integer depth, Integer downgrade) {
        if (!PLAYERS.contains(player)) {
            throw BadRequest.of("player: '" + Params.shorten(player) + "' is not served, expected one of " + String.join(", ", PLAYERS));
        }
        boolean searches = player.equals("ntuple") || player.equals("lines");
        if (!searches && depth != null) {
            throw BadRequest.of("depth: player '" + player + "' does not take a depth (only ntuple and lines search to a depth)");
        }
        if (!searches && downgrade != null) {
            throw BadRequest.of("downgrade: player '" + player + "' does not search (only ntuple and lines take tile-downgrading)");
        }
        int d = depth == null ? 1 : depth;
        int t = downgrade == null ? 0 : downgrade;
        if (player.equals("ntuple")) {
            if (ntuple == null) {
                throw BadRequest.of("player: no n-tuple model is loaded (the shipped model is missing; start the server with --model FILE)");
            }
            if (!shape.equals(ntupleShape)) {
                throw BadRequest.of("player: the n-tuple model plays " + ntupleShape + " boards, this one is " + shape);
            }
        }
        if (player.equals("optimal")) {
            if (solution == null) {
                throw BadRequest.of("player: optimal needs a solver database (start the server with --db DIR)");
            }
            if (!shape.equals(solution.shape())) {
                throw BadRequest.of("player: the solver database solves " + solution.shape() + ", this board is " + shape);
            }
        }
        String key = player + '/' + shape + '/' + d + '/' + t;
        return own.get().computeIfAbsent(key, k -> build(player, shape, SearchConfig.ofDepth(d).withDowngrade(t)));
    }

    private Decider build(String player, Shape shape, SearchConfig search) {
        return switch (player) {
            case "ntuple" -> searching(ntuple.forThread(), search);
            case "lines" -> searching(lines.computeIfAbsent(shape,
                    s -> Players.evaluator(PlayerSpec.of("lines"), s, SearchConfig.ofDepth(1))).forThread(), search);
            case "heuristic" -> heuristic((ExpectimaxPlayer) Players.heuristic(shape));
            case "random" -> random(new RandomPlayer(shape));
            case "optimal" -> optimal(solution);
            default -> throw new IllegalStateException(player);
        };
    }

    /** Expectimax as {@code config} says (depth 1 = reward + V(afterstate)), as {@link Players} searches. */
    private static Decider searching(Evaluator evaluator, SearchConfig config) {
        Expectimax search = new Expectimax(evaluator, config.suitedTo(evaluator));
        SearchResult r = new SearchResult();
        return new Decider() {
            @Override
            public void startGame(long gameSeed) {
            }

            @Override
            public Decision decide(long board) {
                long t0 = System.nanoTime();
                if (RequestDeadline.isSet()) {
                    if (!search.searchBy(board, r, RequestDeadline.get())) {
                        throw RequestDeadline.outOfTime();
                    }
                } else {
                    search.search(board, r);
                }
                long nanos = System.nanoTime() - t0;
                double[] v = new double[4];
                for (int i = 0; i < 4; i++) {
                    v[i] = r.value(i);
                }
                return new Decision(v, r.best(), nanos);
            }
        };
    }

    private static Decider heuristic(ExpectimaxPlayer player) {
        return new Decider() {
            @Override
            public void startGame(long gameSeed) {
                player.startGame(gameSeed);
            }

            @Override
            public Decision decide(long board) {
                long t0 = System.nanoTime();
                int move = player.chooseMove(board);
                long nanos = System.nanoTime() - t0;
                SearchResult r = player.lastResult();
                double[] v = new double[4];
                for (int i = 0; i < 4; i++) {
                    v[i] = r.value(i);
                }
                return new Decision(v, move, nanos);
            }
        };
    }

    private static Decider random(RandomPlayer player) {
        return new Decider() {
            @Override
            public void startGame(long gameSeed) {
                player.startGame(gameSeed);
            }

            @Override
            public Decision decide(long board) {
                long t0 = System.nanoTime();
                int move = player.chooseMove(board);
                double[] v = new double[4];
                Arrays.fill(v, Double.NaN);
                return new Decision(v, move, System.nanoTime() - t0);
            }
        };
    }

    private static Decider optimal(Solution solution) {
        return new Decider() {
            @Override
            public void startGame(long gameSeed) {
            }

            @Override
            public Decision decide(long board) {
                long t0 = System.nanoTime();
                double[] v = new double[4];
                int legal = solution.moveValues(board, v);
                for (int d = 0; d < 4; d++) {
                    if ((legal >>> d & 1) != 0 && Double.isNaN(v[d])) {
                        throw BadRequest.of("board: not a reachable state of the solved " + solution.shape() + " game");
                    }
                }
                int move = BestMove.of(v, legal);
                return new Decision(v, move, System.nanoTime() - t0);
            }
        };
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
