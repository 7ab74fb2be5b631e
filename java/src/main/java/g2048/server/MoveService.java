package g2048.server;

import static g2048.settings.BadSetting.field;

import g2048.answers.JsonConventions;
import g2048.eval.Evaluator;
import g2048.game.Shape;
import g2048.nn.BackendOptions;
import g2048.ntuple.NtupleModels;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.player.Player;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyPlayer;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.settings.BadSetting;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the server computes, over the models it loaded once and shares with every thread (an n-tuple
 * model, a policy network, a value network) and an optional solver database: a player's value of
 * each legal move and its choice. Players are built by {@link Players}, as the command line builds
 * them (a player with a value function searches even at depth 1, so that its values come with its
 * choice); each calling thread keeps its own players (their tables, scratch space and network
 * passes) so that concurrent requests share only read-only data.
 */
public final class MoveService implements AutoCloseable {

    /** Every player the server can answer for, in the order its messages list them; each needs what it plays from. */
    public static final List<PlayerKind> PLAYERS = List.of(PlayerKind.NTUPLE, PlayerKind.LINES, PlayerKind.HEURISTIC,
            PlayerKind.RANDOM, PlayerKind.OPTIMAL, PlayerKind.POLICY, PlayerKind.CNN);

    /** The deepest search a request may ask for: deeper ones take seconds to minutes a move on 4×4. */
    public static final int MAX_DEPTH = 5;

    /**
     * What the server plays from, each null for none: the n-tuple model (null: the shipped one), the
     * solver database, the policy network ({@code .g2pn}; null: the shipped one), the value network ({@code .g2nn}) and
     * where it runs ({@code device}, {@code backend}, as {@link PlayerSpec} names them).
     */
    public record Sources(Path model, Path db, Path policy, Path cnn, String device, BackendOptions backend) {

        /** The n-tuple model and the database only. */
        public static Sources of(Path model, Path db) {
            return new Sources(model, db, null, null, "auto", BackendOptions.NONE);
        }

        public Sources withPolicy(Path file) {
            return new Sources(model, db, file, cnn, device, backend);
        }

        /** With the value network {@code file} on the backend {@code name}, which reads {@code settings}. */
        public Sources withCnn(Path file, String name, BackendOptions settings) {
            return new Sources(model, db, policy, file, name, settings);
        }
    }

    private final Evaluator ntuple;
    private final Shape ntupleShape;
    private final String modelName;
    private final Solution solution;
    private final PolicyPlayer policy;
    private final String policyName;
    private final Evaluator cnn;
    private final Sources sources;
    private final Map<Shape, Evaluator> lines = new ConcurrentHashMap<>();
    private final ThreadLocal<Map<String, Player>> own = ThreadLocal.withInitial(HashMap::new);

    /** The files served from, as given: watched for change, and never named to a client but by their file names. */
    private final List<Path> files = new ArrayList<>();
    private FileWatch watch;

    private MoveService(Sources sources, Evaluator ntuple, String modelName, Solution solution, PolicyPlayer policy, Evaluator cnn) {
        this.sources = sources;
        this.ntuple = ntuple;
        this.ntupleShape = ntuple == null ? null : ntuple.shape();
        this.modelName = modelName;
        this.solution = solution;
        this.policy = policy;
        this.policyName = policy == null ? null : sources.policy() != null ? fileName(sources.policy()) : PolicyFile.SHIPPED_NAME;
        this.cnn = cnn;
    }

    /** {@link #open(Sources)} of an n-tuple model (null: the shipped one) and a database (null: none). */
    public static MoveService open(Path model, Path db) {
        return open(Sources.of(model, db));
    }

    /**
     * Loads what {@code sources} names: the n-tuple model for 4×4 games and the policy network (the
     * shipped ones when none is named; none if they are absent), the solution, the value network. Bad files are
     * an {@link IllegalArgumentException} naming the field ({@code models}, {@code db}, {@code policy},
     * {@code cnn}), as {@link Players} words them.
     */
    public static MoveService open(Sources sources) {
        List<AutoCloseable> opened = new ArrayList<>();
        try {
            Solution solution = null;
            if (sources.db() != null) {
                try {
                    solution = Solution.open(sources.db());
                } catch (IOException | IllegalArgumentException e) {
                    throw BadSetting.causedBy(e, field("db"), ": ", BadSetting.reason(e));
                }
                opened.add(solution);
            }
            Evaluator evaluator = null;
            String name = null;
            // the shipped model comes from the class path (the models jar), as for every other command
            if (sources.model() != null || NtupleModels.defaultAvailable()) {
                evaluator = Players.evaluator(PlayerSpec.of(PlayerKind.NTUPLE).withModel(sources.model()), Shape.S4x4,
                        SearchConfig.ofDepth(1));
                name = sources.model() != null ? sources.model().getFileName().toString() : JsonConventions.SHIPPED_MODEL;
            }
            PolicyPlayer policy = null;
            // as for the n-tuple model: the shipped network when none is named, none if that is absent
            if (sources.policy() != null || PolicyFile.defaultAvailable()) {
                try {
                    policy = Players.policy(sources.policy(), Shape.S4x4);
                } catch (RuntimeException e) {
                    throw BadSetting.causedBy(e, field("policy"), ": ", BadSetting.reason(e));
                }
            }
            Evaluator cnn = null;
            if (sources.cnn() != null) {
                try {
                    cnn = Players.evaluator(PlayerSpec.of(PlayerKind.CNN).withModel(sources.cnn())
                            .withDevice(sources.device(), sources.backend()), Shape.S4x4, SearchConfig.ofDepth(1));
                } catch (BadSetting e) {
                    throw e; // the device or its settings, named as they are
                } catch (RuntimeException e) {
                    throw BadSetting.causedBy(e, field("cnn"), ": ", BadSetting.reason(e));
                }
            }
            MoveService service = new MoveService(sources, evaluator, name, solution, policy, cnn);
            for (Path p : new Path[] {sources.model(), sources.db(), sources.policy(), sources.cnn()}) {
                if (p != null) {
                    service.files.add(p);
                }
            }
            service.watch = new FileWatch(service.files);
            return service;
        } catch (RuntimeException e) {
            for (AutoCloseable c : opened) {
                try {
                    c.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** The players served: those whose model or database is loaded, and those that need none. */
    public List<PlayerKind> served() {
        return PLAYERS.stream().filter(k -> switch (k) {
            case NTUPLE -> ntuple != null;
            case OPTIMAL -> solution != null;
            case POLICY -> policy != null;
            case CNN -> cnn != null;
            default -> true;
        }).toList();
    }

    /** The n-tuple model's file name (never its path; the shipped one named so), or null when none is loaded. */
    public String modelName() {
        return modelName;
    }

    /** The policy network's file name (the shipped one named so), or null when none is loaded. */
    public String policyName() {
        return policyName;
    }

    /** The value network's file name, or null when none is loaded. */
    public String cnnName() {
        return fileName(sources.cnn());
    }

    private static String fileName(Path p) {
        return p == null ? null : p.getFileName().toString();
    }

    /** The files answers are computed from, as given, compared with what was loaded while serving. */
    FileWatch watch() {
        return watch;
    }

    /** The file a player reads, as given; null for a player that reads none, or the shipped model or network. */
    private Path source(PlayerKind kind) {
        return switch (kind) {
            case NTUPLE -> sources.model();
            case OPTIMAL -> sources.db();
            case POLICY -> sources.policy();
            case CNN -> sources.cnn();
            default -> null;
        };
    }

    /**
     * Refuses (503) a request that would read {@code source}, a file that no longer matches what was
     * loaded; the requests that read other files, or none, are answered as before.
     */
    void requireIntact(Path source) {
        String why = source == null ? null : watch.changed(source);
        if (why != null) {
            throw new BadRequest(503, "unavailable: " + why);
        }
    }

    /** {@link #requireIntact} of the solver database. */
    void requireIntactDatabase() {
        requireIntact(sources.db());
    }

    /** The shape of the loaded solver database, or null when none is loaded. */
    public Shape solutionShape() {
        return solution == null ? null : solution.shape();
    }

    Solution solution() {
        return solution;
    }

    /** The calling thread's player of a request, and the name answers give it. */
    record Served(PlayerKind kind, Player player, String name) {
    }

    /**
     * The calling thread's player {@code player} on {@code shape}; {@code depth} is null for the
     * player's own depth and is refused for players that do not search, as is a {@code downgrade} threshold
     * ({@link SearchConfig#DOWNGRADE_AUTO} and 0 they take). Searching players (and the
     * heuristic) are {@link ExpectimaxPlayer}s, the policy player a {@link PolicyPlayer}.
     */
    Served served(String player, Shape shape, Integer depth, int downgrade) {
        PlayerKind kind = PLAYERS.stream().filter(k -> k.id().equals(player)).findFirst().orElseThrow(() -> BadRequest.of(
                "player: '" + Params.shorten(player) + "' is not served, expected one of "
                        + String.join(", ", served().stream().map(PlayerKind::id).toList())));
        if (!kind.searches() && depth != null) {
            throw BadRequest.of("depth: player '" + player + "' does not take a depth (only " + searchingIds() + " search to a depth)");
        }
        if (!kind.searches() && downgrade > 0) {
            throw BadRequest.of("downgrade: player '" + player + "' does not search (only " + searchingIds()
                    + " take tile-downgrading)");
        }
        checkLoaded(kind, shape);
        requireIntact(source(kind));
        int d = depth == null ? 1 : depth;
        String key = player + '/' + shape + '/' + d + '/' + downgrade;
        Player p = own.get().computeIfAbsent(key, k -> build(kind, shape, SearchConfig.ofDepth(d).withDowngrade(downgrade)));
        return new Served(kind, p, name(kind, p));
    }

    private static String searchingIds() {
        List<String> ids = PLAYERS.stream().filter(PlayerKind::searches).map(PlayerKind::id).toList();
        return String.join(", ", ids.subList(0, ids.size() - 1)) + " and " + ids.getLast();
    }

    /** Refuses a player whose model or database was not loaded, naming the option that loads it, or a board it cannot play. */
    private void checkLoaded(PlayerKind kind, Shape shape) {
        switch (kind) {
            case NTUPLE -> {
                if (ntuple == null) {
                    throw BadRequest.of("player: no n-tuple model is loaded (the shipped model is missing; start the server with --model FILE)");
                }
                if (!shape.equals(ntupleShape)) {
                    throw BadRequest.of("player: the n-tuple model plays " + ntupleShape + " boards, this one is " + shape);
                }
            }
            case OPTIMAL -> {
                if (solution == null) {
                    throw BadRequest.of("player: optimal needs a solver database (start the server with --db DIR)");
                }
                if (!shape.equals(solution.shape())) {
                    throw BadRequest.of("player: the solver database solves " + solution.shape() + ", this board is " + shape);
                }
            }
            case POLICY -> {
                if (policy == null) {
                    throw BadRequest.of("player: no policy network is loaded (the shipped network is missing; start the server"
                            + " with --policy FILE, a .g2pn written by 'train policy')");
                }
                fourByFour("the policy network", shape);
            }
            case CNN -> {
                if (cnn == null) {
                    throw BadRequest.of("player: cnn needs a value network (start the server with --cnn FILE, a .g2nn"
                            + " written by 'train cnn')");
                }
                fourByFour("the value network", shape);
            }
            default -> {
            }
        }
    }

    private static void fourByFour(String what, Shape shape) {
        if (!shape.equals(Shape.S4x4)) {
            throw BadRequest.of("player: " + what + " plays 4x4 boards, this one is " + shape);
        }
    }

    private Player build(PlayerKind kind, Shape shape, SearchConfig search) {
        return switch (kind) {
            case NTUPLE -> Players.searcher(ntuple.forThread(), search);
            case LINES -> Players.searcher(lines.computeIfAbsent(shape,
                    s -> Players.evaluator(PlayerSpec.of(PlayerKind.LINES), s, SearchConfig.ofDepth(1))).forThread(), search);
            case CNN -> Players.searcher(cnn.forThread(), search);
            case HEURISTIC -> Players.heuristic(shape).forThread();
            case OPTIMAL -> Players.optimal(solution);
            case POLICY -> policy.forThread();
            case RANDOM -> Players.create(PlayerSpec.of(kind), shape, search).forThread();
        };
    }

    /**
     * The player as the answers name it, as {@code move --json} and {@code play --json} do: a search
     * by its value function, the heuristic, random and optimal players by their names, the policy
     * player by its network; files by their names only (a client is not told the server's paths).
     */
    private String name(PlayerKind kind, Player p) {
        String name = switch (kind) {
            case NTUPLE, LINES, CNN -> ((ExpectimaxPlayer) p).evaluator().describe();
            case OPTIMAL -> "optimal (" + fileName(sources.db()) + ")";
            default -> p.name();
        };
        name = JsonConventions.player(name);
        for (Path f : files) {
            name = name.replace(f.toString(), f.getFileName().toString());
        }
        return name;
    }

    /**
     * The search of {@code board} by this thread's {@code player}, abandoned at the request's deadline
     * ({@link RequestDeadline}) so that no request holds a thread beyond its timeout.
     */
    static SearchResult search(ExpectimaxPlayer player, long board) {
        SearchResult r = RequestDeadline.isSet() ? player.searchBy(board, RequestDeadline.get()) : player.search(board);
        if (r == null) {
            throw RequestDeadline.outOfTime();
        }
        return r;
    }

    /**
     * The player of a request's game: a search stopped at the request's deadline, the optimal player
     * refusing a board outside the solution as a bad request naming the board.
     */
    Player playing(Served s) {
        if (s.player() instanceof ExpectimaxPlayer e) {
            return Player.valuing(e.name(), (board, values) -> {
                SearchResult r = search(e, board);
                for (int i = 0; i < 4; i++) {
                    values[i] = r.value(i);
                }
                return r.best();
            });
        }
        if (s.kind() == PlayerKind.OPTIMAL) {
            return Player.valuing(s.player().name(), (board, values) -> {
                try {
                    return s.player().chooseMove(board, values);
                } catch (IllegalArgumentException e) {
                    throw BadRequest.of("board: not a reachable state of the solved " + solution.shape() + " game");
                }
            });
        }
        return s.player();
    }

    @Override
    public void close() {
        if (solution != null) {
            solution.close();
        }
        // the models' tables and networks stay until the process ends: a search still running on a
        // timed-out request may read them
    }
}
