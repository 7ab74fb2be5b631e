package g2048.server;

import static g2048.settings.BadSetting.field;

import g2048.answers.JsonConventions;
import g2048.game.Shape;
import g2048.nn.BackendOptions;
import g2048.ntuple.NtupleModels;
import g2048.play.Answer;
import g2048.play.Answerer;
import g2048.play.LateModel;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.policy.PolicyFile;
import g2048.search.SearchConfig;
import g2048.settings.BadSetting;
import g2048.solver.Solution;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the server computes, over the models it loaded once and shares with every thread (an n-tuple
 * model, a policy network, a value network) and an optional solver database: a player's value of
 * each legal move and its choice. Each player served is an {@link Answerer}, as the command line's
 * {@code move} and a session answer (a player with a value function searches even at depth 1, so
 * that its values come with its choice); each calling thread keeps its own searches (their tables,
 * scratch space and network passes) so that concurrent requests share only read-only data.
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
     * where it runs ({@code device}, {@code backend}, as {@link PlayerSpec} names them), the
     * endgame tables that check every player's moves on 4x4 boards, and the n-tuple player's late
     * model with the tile it values boards from ({@code lateModel}, {@code lateFrom}, as {@link PlayerSpec} names them;
     * {@link LateModel#AUTO} is resolved for each request's depth, as {@code play} resolves it for its own).
     */
    public record Sources(Path model, Path db, Path policy, Path cnn, String device, BackendOptions backend,
                          Answerer.Tables tables, LateModel lateModel, int lateFrom) {

        public Sources {
            lateModel = lateModel == null ? LateModel.AUTO : lateModel;
        }

        /** The n-tuple model and the database only. */
        public static Sources of(Path model, Path db) {
            return new Sources(model, db, null, null, "auto", BackendOptions.NONE, null, LateModel.AUTO,
                    PlayerSpec.DEFAULT_LATE_FROM);
        }

        public Sources withPolicy(Path file) {
            return new Sources(model, db, file, cnn, device, backend, tables, lateModel, lateFrom);
        }

        /** With the value network {@code file} on the backend {@code name}, which reads {@code settings}. */
        public Sources withCnn(Path file, String name, BackendOptions settings) {
            return new Sources(model, db, policy, file, name, settings, tables, lateModel, lateFrom);
        }

        /** With endgame tables (null: none) checking every player's moves on 4x4 boards, as {@code move --tables} does. */
        public Sources withTables(Answerer.Tables endgame) {
            return new Sources(model, db, policy, cnn, device, backend, endgame, lateModel, lateFrom);
        }

        /**
         * With the n-tuple player's late model {@code file} (null: none) valuing the boards that hold a
         * tile of {@code from} or more ({@link PlayerSpec#withLateModel}).
         */
        public Sources withLateModel(Path file, int from) {
            return withLateModel(LateModel.of(file), from);
        }

        /** With the n-tuple player's late model {@code late} valuing the boards that hold a tile of {@code from} or more. */
        public Sources withLateModel(LateModel late, int from) {
            return new Sources(model, db, policy, cnn, device, backend, tables, late, from);
        }
    }

    /** The files of each player that reads some (the shipped model and network are none). */
    private final Map<PlayerKind, List<Path>> sourceOf = new EnumMap<>(PlayerKind.class);
    private final Map<PlayerKind, Answerer> answerers;
    private final Sources sources;
    private final String modelName;
    private final String policyName;
    /**
     * The late model a request of depth 2 or more plays when it differs from a depth-1 request's
     * ({@link LateModel#AUTO} with the shipped model), else null; its player is loaded by the first
     * such request, so that a server asked only at depth 1 does not pay for it (about 5 s and 200 MB).
     */
    private final LateModel deepLate;
    private Answerer deepNtuple;

    /** The files served from, as given: watched for change, and never named to a client but by their file names. */
    private final List<Path> files = new ArrayList<>();
    private FileWatch watch;

    private MoveService(Sources sources, Map<PlayerKind, Answerer> answerers) {
        this.sources = sources;
        this.answerers = answerers;
        this.modelName = !answerers.containsKey(PlayerKind.NTUPLE) ? null
                : sources.model() != null ? fileName(sources.model()) : JsonConventions.SHIPPED_MODEL;
        this.policyName = !answerers.containsKey(PlayerKind.POLICY) ? null
                : sources.policy() != null ? fileName(sources.policy()) : PolicyFile.SHIPPED_NAME;
        LateModel deep = resolvedLate(sources, 2);
        this.deepLate = answerers.containsKey(PlayerKind.NTUPLE) && !deep.equals(resolvedLate(sources, 1)) ? deep : null;
    }

    /** The n-tuple player's late model for a request of {@code depth}, as {@link LateModel#resolvedFor} chooses it. */
    private static LateModel resolvedLate(Sources sources, int depth) {
        List<Path> models = sources.model() == null ? List.of() : List.of(sources.model());
        return sources.lateModel().resolvedFor(PlayerKind.NTUPLE, models, SearchConfig.ofDepth(depth));
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
    public static MoveService open(Sources given) {
        Map<PlayerKind, Answerer> loaded = new EnumMap<>(PlayerKind.class);
        // the tables mapped once, shared by every player
        Sources sources = given.tables() == null ? given : given.withTables(given.tables().open());
        try {
            if (sources.db() != null) {
                loaded.put(PlayerKind.OPTIMAL, answerer(PlayerSpec.of(PlayerKind.OPTIMAL).withDb(sources.db()), null, sources));
            }
            // the shipped model comes from the class path (the models jar), as for every other command;
            // with a late model it is needed, and its absence said, rather than the late model dropped
            if (sources.model() != null || sources.lateModel().plays() || NtupleModels.defaultAvailable()) {
                loaded.put(PlayerKind.NTUPLE, answerer(PlayerSpec.of(PlayerKind.NTUPLE).withModel(sources.model())
                        .withLateModel(sources.lateModel(), sources.lateFrom()), Shape.S4x4, sources));
            }
            // as for the n-tuple model: the shipped network when none is named, none if that is absent
            if (sources.policy() != null || PolicyFile.defaultAvailable()) {
                try {
                    loaded.put(PlayerKind.POLICY, answerer(PlayerSpec.of(PlayerKind.POLICY).withModel(sources.policy()), Shape.S4x4, sources));
                } catch (RuntimeException e) {
                    throw BadSetting.causedBy(e, field("policy"), ": ", BadSetting.reason(e));
                }
            }
            if (sources.cnn() != null) {
                try {
                    loaded.put(PlayerKind.CNN, answerer(PlayerSpec.of(PlayerKind.CNN).withModel(sources.cnn())
                            .withDevice(sources.device(), sources.backend()), Shape.S4x4, sources));
                } catch (BadSetting e) {
                    throw e; // the device or its settings, named as they are
                } catch (RuntimeException e) {
                    throw BadSetting.causedBy(e, field("cnn"), ": ", BadSetting.reason(e));
                }
            }
            for (PlayerKind k : List.of(PlayerKind.LINES, PlayerKind.HEURISTIC, PlayerKind.RANDOM)) {
                loaded.put(k, answerer(PlayerSpec.of(k), null, sources));
            }
            MoveService service = new MoveService(sources, loaded);
            service.sourceOf.put(PlayerKind.NTUPLE, given(sources.model(), sources.lateModel().file()));
            service.sourceOf.put(PlayerKind.OPTIMAL, given(sources.db()));
            service.sourceOf.put(PlayerKind.POLICY, given(sources.policy()));
            service.sourceOf.put(PlayerKind.CNN, given(sources.cnn()));
            service.files.addAll(given(sources.model(), sources.lateModel().file(), sources.db(), sources.policy(), sources.cnn()));
            service.watch = new FileWatch(service.files);
            return service;
        } catch (RuntimeException e) {
            loaded.values().forEach(Answerer::close);
            if (sources.tables() != null) {
                sources.tables().opened().close();
            }
            throw e;
        }
    }

    /** The files of {@code paths} that were given, in order. */
    private static List<Path> given(Path... paths) {
        return java.util.Arrays.stream(paths).filter(java.util.Objects::nonNull).toList();
    }

    private static Answerer answerer(PlayerSpec spec, Shape shape, Sources sources) {
        return Answerer.open(spec, shape, SearchConfig.ofDepth(1), sources.tables());
    }

    /** The n-tuple player with {@link #deepLate}, loaded by the first request that needs it. */
    private synchronized Answerer deepNtuple() {
        if (deepNtuple == null) {
            deepNtuple = answerer(PlayerSpec.of(PlayerKind.NTUPLE).withModel(sources.model())
                    .withLateModel(deepLate, sources.lateFrom()), Shape.S4x4, sources);
        }
        return deepNtuple;
    }

    /** The players served: those whose model or database is loaded, and those that need none. */
    public List<PlayerKind> served() {
        return PLAYERS.stream().filter(answerers::containsKey).toList();
    }

    /** The n-tuple model's file name (never its path; the shipped one named so), or null when none is loaded. */
    public String modelName() {
        return modelName;
    }

    /** The n-tuple player's late model's file name (at the depths {@link #lateModelDepth} says), or null when it has none. */
    public String lateModelName() {
        if (!answerers.containsKey(PlayerKind.NTUPLE)) {
            return null;
        }
        LateModel late = deepLate != null ? deepLate : resolvedLate(sources, 1);
        return late.choice() == LateModel.Choice.SHIPPED ? NtupleModels.SHIPPED_LATE_NAME : late.fileName();
    }

    /** The least depth of a request the n-tuple player answers with its late model: 1, 2 ({@code auto}), or null when none. */
    public Integer lateModelDepth() {
        return lateModelName() == null ? null : deepLate != null ? 2 : 1;
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
        return solution() == null ? null : solution().shape();
    }

    Solution solution() {
        Answerer optimal = answerers.get(PlayerKind.OPTIMAL);
        return optimal == null ? null : optimal.solution();
    }

    /** What a player needs to be served, by the option that loads it. */
    private static final Map<PlayerKind, String> NEEDS = Map.of(
            PlayerKind.NTUPLE, "no n-tuple model is loaded (the shipped model is missing; start the server with --model FILE)",
            PlayerKind.OPTIMAL, "optimal needs a solver database (start the server with --db DIR)",
            PlayerKind.POLICY, "no policy network is loaded (the shipped network is missing; start the server"
                    + " with --policy FILE, a .g2pn written by 'train policy')",
            PlayerKind.CNN, "cnn needs a value network (start the server with --cnn FILE, a .g2nn written by 'train cnn')");

    /** A request's player and how it searches: {@code depth} null for the player's own. */
    record Served(Answerer answerer, SearchConfig search) {
    }

    /**
     * The player {@code player} searching to {@code depth} (null: its own depth) with tile-downgrading
     * {@code downgrade} ({@link SearchConfig#DOWNGRADE_AUTO} and 0 are what a player that does not
     * search takes); refused when it is not served or reads a file that changed.
     */
    Served served(String player, Integer depth, int downgrade) {
        PlayerKind kind = PLAYERS.stream().filter(k -> k.id().equals(player)).findFirst().orElseThrow(() -> BadRequest.of(
                "player: '" + Params.shorten(player) + "' is not served, expected one of "
                        + String.join(", ", served().stream().map(PlayerKind::id).toList())));
        Answerer a = answerers.get(kind);
        if (a == null) {
            throw BadRequest.of("player: " + NEEDS.get(kind));
        }
        sourceOf.getOrDefault(kind, List.of()).forEach(this::requireIntact);
        SearchConfig search = refused(() -> SearchConfig.ofDepth(depth == null ? 1 : depth).withDowngrade(downgrade));
        return new Served(kind == PlayerKind.NTUPLE && deepLate != null && search.depth() >= 2 ? deepNtuple() : a, search);
    }

    /**
     * The answer of {@code s} about {@code board}: a random player's choice follows from {@code seed};
     * the search is abandoned at the request's deadline ({@link RequestDeadline}), so that no request
     * holds a thread beyond its timeout.
     */
    Answer answer(Served s, long board, Shape shape, long seed) {
        return refused(() -> {
            Answer a = s.answerer().answer(board, shape, s.search(), seed, RequestDeadline.get());
            return a.named(name(a.player()));
        });
    }

    /** A game's player for {@code s} on boards of {@code shape}: its moves answered as {@link #answer} answers. */
    Answerer.Game game(Served s, Shape shape) {
        return refused(() -> s.answerer().game(shape, s.search()));
    }

    /**
     * What {@code work} gives, its refusals as a client is told them: a bad setting (each field named
     * as a request parameter, snake_case) a 400, a search out of time the 503 of a request out of time.
     */
    static <T> T refused(java.util.function.Supplier<T> work) {
        try {
            return work.get();
        } catch (BadSetting e) {
            throw BadRequest.of(e.message(BadSetting::snakeCase));
        } catch (Answerer.OutOfTime e) {
            throw RequestDeadline.outOfTime();
        }
    }

    /**
     * The player as the answers name it, as {@code move --json} and {@code play --json} do; files by
     * their names only (a client is not told the server's paths).
     */
    String name(String player) {
        String name = JsonConventions.player(player);
        for (Path f : files) {
            name = name.replace(f.toString(), f.getFileName().toString());
        }
        return name;
    }

    @Override
    public void close() {
        Answerer optimal = answerers.get(PlayerKind.OPTIMAL);
        if (optimal != null) {
            optimal.close();
        }
        // the models' tables, the networks and the endgame tables stay until the process ends: a search
        // still running on a timed-out request may read them
    }
}
