package g2048.play;

import static g2048.settings.BadSetting.field;

import g2048.nn.BackendOptions;
import g2048.eval.EnsembleEvaluator;
import g2048.eval.StagedEvaluator;
import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Shape;
import g2048.nn.Network;
import g2048.nn.Backends;
import g2048.nn.NetworkFile;
import g2048.nn.NetworkModel;
import g2048.nn.PolicyEvaluator;
import g2048.nn.TrainedNetwork;
import g2048.ntuple.Method;
import g2048.ntuple.ModelFileException;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TablePrecision;
import g2048.player.Player;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import g2048.policy.PolicyPlayer;
import g2048.search.ExpectimaxPlayer;
import g2048.search.GreedyPlayer;
import g2048.search.SearchConfig;
import g2048.settings.BadSetting;
import g2048.solver.OptimalPlayer;
import g2048.solver.Solution;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the player a {@link PlayerSpec} names: the one place that knows every kind of player, and
 * the one place that loads a player's model and checks it against the game. Bad input (a model for
 * another shape, a setting the player cannot take) is a {@link BadSetting} naming the spec's field
 * at fault ({@code models}, {@code depth}, ...).
 */
public final class Players {

    /** Every player's name, as typed. */
    public static final List<String> NAMES = PlayerKind.ids();

    /** The players backed by a value function: they search (greedy at depth 1, expectimax deeper). */
    public static final List<String> EVALUATOR_NAMES = PlayerKind.searchingIds();

    /**
     * The heuristic player's search: 2-ply, and 3-ply on boards with at most {@link #HEURISTIC_CROWDED}
     * empty cells, where the branching is small and a mistake costs the game; chance branches less
     * likely than 1e-3 are valued without further search. The table keeps chance nodes only: a leaf
     * costs the line heuristic 8 look-ups, less than a probe (measured 1.5× the moves per CPU second
     * of a table with leaves).
     */
    static final SearchConfig HEURISTIC_SEARCH = SearchConfig.ofDepth(2).withProbabilityCutoff(1e-3)
            .withTable(SearchConfig.DEFAULT_TT_LOG2_SLOTS, false);
    static final int HEURISTIC_CROWDED = 3;

    private Players() {
    }

    /**
     * The player {@code spec} names for games of {@code shape}. A player with a value function
     * searches as {@code search} says: greedy at depth 1 without a time budget, an
     * {@link ExpectimaxPlayer} otherwise. The others take only {@link SearchConfig#ofDepth ofDepth(1)}.
     */
    public static Player create(PlayerSpec spec, Shape shape, SearchConfig search) {
        PlayerKind player = spec.player();
        if (!player.searches()) {
            checkNoSearch(player, search);
        }
        if (player != PlayerKind.NTUPLE) {
            spec.model(); // refuses an ensemble
            refuseLateModel(spec);
        }
        return switch (player) {
            case NTUPLE -> ntuple(spec, shape, search);
            case LINES, CNN -> searching(evaluator(spec, shape, search), search);
            case RANDOM -> new RandomPlayer(shape);
            case HEURISTIC -> heuristic(shape);
            case OPTIMAL -> optimal(spec.db(), shape);
            case POLICY -> policy(spec.model(), spec.device(), shape);
        };
    }

    /**
     * The player {@code spec} names searching its value function as {@code search} says even at
     * depth 1, so that its choice comes with each move's value and the search's work
     * ({@link ExpectimaxPlayer#lastResult()}): what {@code move}, the server and a dataset's teacher
     * show; the heuristic player with its own search. Refused for the other players without a value function.
     */
    public static ExpectimaxPlayer searcher(PlayerSpec spec, Shape shape, SearchConfig search) {
        if (spec.player() == PlayerKind.HEURISTIC) {
            checkNoSearch(spec.player(), search);
            refuseLateModel(spec);
            return heuristic(shape);
        }
        return searcher(evaluator(spec, shape, search), search);
    }

    /** An expectimax search of {@code evaluator} as {@code search} says, suited to the evaluator's batching. */
    public static ExpectimaxPlayer searcher(Evaluator evaluator, SearchConfig search) {
        return new ExpectimaxPlayer(evaluator, search.suitedTo(evaluator));
    }

    /**
     * The value function of an evaluator-backed player ({@link PlayerKind#searches()}) for a search
     * as {@code search} says; refused for the others. A value network says on standard error which
     * backend it runs on.
     */
    public static Evaluator evaluator(PlayerSpec spec, Shape shape, SearchConfig search) {
        return evaluator(spec, shape, search, new ArrayList<>());
    }

    /**
     * As {@link #evaluator(PlayerSpec, Shape, SearchConfig)}, the n-tuple models loaded added to
     * {@code loaded} for the caller to close (those loaded before a refusal too); {@code shape} null
     * for an n-tuple player takes its models' own shape.
     */
    public static Evaluator evaluator(PlayerSpec spec, Shape shape, SearchConfig search, List<NtupleModel> loaded) {
        if (spec.player() != PlayerKind.NTUPLE) {
            spec.model(); // refuses an ensemble
            refuseLateModel(spec);
        }
        return switch (spec.player()) {
            case LINES -> new LineHeuristicEvaluator(shape);
            case NTUPLE -> {
                Evaluator values;
                if (spec.models().size() > 1) {
                    values = ensemble(spec, shape, search, loaded);
                } else {
                    NtupleModel model = ntupleModel(spec.model(), shape, spec.table());
                    values = closingOnFailure(List.of(model), () -> afterstateValues(model, spec.table(), search));
                    loaded.add(model);
                }
                checkLateFrom(spec.lateFrom());
                LateModel late = spec.lateModel().resolvedFor(spec.player(), spec.models(), search);
                yield late.plays() ? staged(spec, late, values, search, loaded) : values;
            }
            case CNN -> network(spec, shape, System.err);
            default -> throw new BadSetting(field("player"), ": " + fixedSearch(spec.player())
                    + "; a search takes a value function: " + String.join(", ", EVALUATOR_NAMES));
        };
    }

    /**
     * The {@code heuristic} player: needs no model and plays every shape. Expectimax over the line
     * heuristic ({@link LineHeuristicEvaluator}, the {@code lines} player's value) with the depth
     * chosen by how crowded the board is ({@link #HEURISTIC_SEARCH}). Measured on 4×4
     * ({@code play --player heuristic --games 200 --threads 2}): mean 68,929, 2048 in 96.5% of games,
     * 8192 in 16.5%.
     */
    public static ExpectimaxPlayer heuristic(Shape shape) {
        return new ExpectimaxPlayer(new LineHeuristicEvaluator(shape), HEURISTIC_SEARCH)
                .deeperWhenCrowded(HEURISTIC_CROWDED).named("heuristic");
    }

    /** Why {@code player}, which has no value function, takes no search settings. */
    public static String fixedSearch(PlayerKind player) {
        return switch (player) {
            case HEURISTIC -> "player 'heuristic' searches at its own depth (2-ply, 3-ply on crowded boards) over the lines value";
            case POLICY -> "player 'policy' plays its network's most probable legal move without searching";
            default -> "player '" + player + "' does not search";
        };
    }

    /**
     * The n-tuple model in {@code file} (the shipped model when null), to play from its tables at
     * {@code table} ({@link NtupleModels#load(Path, TablePrecision)}), refused unless it was trained
     * on {@code shape}.
     */
    public static NtupleModel ntupleModel(Path file, Shape shape, TablePrecision table) {
        if (file == null && !NtupleModels.defaultAvailable()) {
            throw new BadSetting(field("player"), " ntuple: the shipped model " + NtupleModels.DEFAULT_RESOURCE
                    + " is not on the class path; name one with ", field("models"), " PATH or choose ", field("player"), " heuristic");
        }
        if (file != null) {
            ModelMemory.check(List.of(file), table);
        }
        NtupleModel model = file != null ? NtupleModels.load(file, table) : NtupleModels.loadDefault();
        if (shape != null && !model.shape().equals(shape)) {
            model.close();
            throw shapeRefused(model, file == null, shape);
        }
        return model;
    }

    /** A model of another shape than the board's refused: the shipped one named as such (nobody typed it), and the players that play the board. */
    private static BadSetting shapeRefused(NtupleModel model, boolean shipped, Shape shape) {
        if (shipped) {
            return new BadSetting(field("player"), " ntuple: the shipped model " + NtupleModels.DEFAULT_MODEL + " plays "
                    + model.shape() + " boards, the board is " + shape + "; " + anyShape(shape) + ", or ntuple with ",
                    field("models"), " a model trained on " + shape);
        }
        return new BadSetting(field("models"), " " + model.source() + " was trained on " + model.shape()
                + ", the board is " + shape + "; " + anyShape(shape));
    }

    /** The players that play a board of {@code shape} whatever it is, in words. */
    static String anyShape(Shape shape) {
        List<String> ids = PlayerKind.anyShapeIds();
        return "players of any shape, " + shape + " too: " + String.join(", ", ids);
    }

    /**
     * The mean of the afterstate values of the n-tuple models {@code spec} names (an ensemble:
     * every model loaded, each from the tables {@code table} picks; q-learning models refused).
     */
    private static Evaluator ensemble(PlayerSpec spec, Shape shape, SearchConfig search, List<NtupleModel> opened) {
        // each file loaded once: one named again (by any path) shares it, and still counts again in the mean
        java.util.Map<Object, Path> distinct = new java.util.LinkedHashMap<>();
        for (Path file : spec.models()) {
            distinct.putIfAbsent(ModelMemory.identity(file), file);
        }
        ModelMemory.check(distinct.values(), spec.table());
        List<NtupleModel> loaded = new ArrayList<>();
        java.util.Map<Object, Evaluator> shared = new java.util.HashMap<>();
        try {
            List<Evaluator> members = new ArrayList<>();
            for (Path file : spec.models()) {
                Object key = ModelMemory.identity(file);
                Evaluator member = shared.get(key);
                if (member == null) {
                    // without a shape, the first model's: the others must share it
                    NtupleModel model = ntupleModel(file, shape != null ? shape : loaded.isEmpty() ? null
                            : loaded.getFirst().shape(), spec.table());
                    loaded.add(model);
                    member = afterstateValues(model, spec.table(), search);
                    shared.put(key, member);
                }
                members.add(member);
            }
            opened.addAll(loaded);
            return new EnsembleEvaluator(members);
        } catch (RuntimeException e) {
            loaded.forEach(NtupleModel::close);
            throw e;
        }
    }

    /**
     * {@code early} below the spec's late tile and its late model from it, levelled on the early
     * player's own hand-offs ({@link StagedEvaluator#aligned}); the late model is added to {@code loaded}.
     */
    private static Evaluator staged(PlayerSpec spec, LateModel lateModel, Evaluator early, SearchConfig search,
                                    List<NtupleModel> loaded) {
        int from = spec.lateFrom();
        NtupleModel model = lateModel(lateModel, early.shape(), spec.table());
        return closingOnFailure(List.of(model), () -> {
            Evaluator late = afterstateValues(model, spec.table(), search);
            Evaluator staged = StagedEvaluator.aligned(early, late, Integer.numberOfTrailingZeros(from), LATE_LEVEL_SEED);
            loaded.add(model);
            return staged;
        });
    }

    /**
     * The late model in {@code file}, to play from its tables at {@code table}; refused, naming
     * {@code lateModel}, unless it is an n-tuple model of afterstate values trained on {@code shape},
     * the first model's.
     */
    private static NtupleModel lateModel(LateModel late, Shape shape, TablePrecision table) {
        NtupleModel model;
        try {
            if (late.choice() == LateModel.Choice.SHIPPED) {
                model = NtupleModels.loadShippedLate();
            } else {
                ModelMemory.check(List.of(late.file()), table, "lateModel");
                model = NtupleModels.load(late.file(), table);
            }
        } catch (ModelFileException e) {
            throw BadSetting.causedBy(e, field("lateModel"), ": " + e.getMessage());
        }
        String refused = !model.shape().equals(shape)
                ? " was trained on " + model.shape() + ", the first model on " + shape + " (the two stages value one shape)"
                : model.method() == Method.Q_LEARNING ? " is a q-learning model: it values actions, not the afterstates a stage values"
                : null;
        if (refused != null) {
            model.close();
            throw new BadSetting(field("lateModel"), " " + model.source() + refused);
        }
        return model;
    }

    /** Refuses a late tile that is not a power of two from 4 to 32768. */
    private static void checkLateFrom(int from) {
        if (from < 4 || from > 32768 || Integer.bitCount(from) != 1) {
            throw new BadSetting(field("lateFrom"), ": expected a tile, a power of two from 4 to 32768, got " + from);
        }
    }

    /** The seed of the greedy games that level a late model ({@link #staged}): fixed, so that a player is the same in every run. */
    static final long LATE_LEVEL_SEED = 0x1A7E;

    /** Refuses a late model for a player other than ntuple, which alone values afterstates by stage. */
    static void refuseLateModel(PlayerSpec spec) {
        if (spec.lateModel().plays()) {
            throw new BadSetting(field("lateModel"), ": only the ntuple player values the late game with a second"
                    + " model, the player is '" + spec.player() + "'");
        }
    }

    /** The ntuple player of a spec: its models loaded and checked against the shape, then {@link #ntuple(List, TablePrecision, SearchConfig)}. */
    private static Player ntuple(PlayerSpec spec, Shape shape, SearchConfig search) {
        if (spec.lateModel().resolvedFor(spec.player(), spec.models(), search).plays()) {
            return searching(evaluator(spec, shape, search), search);
        }
        if (spec.models().size() > 1) {
            return searching(ensemble(spec, shape, search, new ArrayList<>()), search);
        }
        NtupleModel model = ntupleModel(spec.model(), shape, spec.table());
        return closingOnFailure(List.of(model), () -> ntuple(List.of(model), spec.table(), search));
    }

    /**
     * The ntuple player over models already loaded (the caller closes them): several play the mean
     * of their afterstate values; one Q-learning model plays greedily from its action networks; the
     * others search their values from the tables {@code table} picks. The models must share one shape.
     */
    public static Player ntuple(List<NtupleModel> models, TablePrecision table, SearchConfig search) {
        NtupleModel model = models.getFirst();
        for (NtupleModel m : models) {
            if (!m.shape().equals(model.shape())) {
                throw new BadSetting(field("models"), " " + m.source() + " was trained on " + m.shape() + ", "
                        + model.source() + " on " + model.shape() + " (the models of an ensemble share one shape)");
            }
        }
        if (models.size() > 1) {
            List<Evaluator> members = new ArrayList<>();
            for (NtupleModel m : models) {
                members.add(afterstateValues(m, table, search));
            }
            return searching(new EnsembleEvaluator(members), search);
        }
        if (model.method() != Method.Q_LEARNING || !greedy(search)) {
            return searching(afterstateValues(model, table, search), search);
        }
        if (search.downgrade() > 0) {
            throw new BadSetting(field("downgrade"), ": ", field("models"), " " + model.source() + " is a q-learning model,"
                    + " which plays from its action networks without a search to downgrade");
        }
        if (table != TablePrecision.AUTO && table != TablePrecision.FLOAT32) {
            throw new BadSetting(field("table"), " " + table.text() + ": ", field("models"), " " + model.source()
                    + " is a q-learning model, which plays from its float32 action networks");
        }
        // the action networks choose; each thread needs its own policy (scratch space)
        return Player.perThread(model.describe() + ", greedy", model::policy);
    }

    /**
     * The afterstate values of {@code model} from the tables {@code table} names; refused for
     * Q-learning models, saying what they play instead of {@code search}.
     */
    static Evaluator afterstateValues(NtupleModel model, TablePrecision table, SearchConfig search) {
        if (model.method() == Method.Q_LEARNING) {
            // reached at depth 1 too (move, bench search, a time budget): then the depth is not the cure
            throw new BadSetting(field("models"), " " + model.source() + " is a q-learning model: it values actions,"
                    + " not afterstates, so it has no afterstate values to search with; ", search.depth() > 1
                    ? new BadSetting("it plays at ", field("depth"), " 1 only")
                    : new BadSetting("it plays only greedily, in play and grade without ", field("timeMs")));
        }
        try {
            return model.evaluator(table);
        } catch (IllegalArgumentException e) {
            throw BadSetting.causedBy(e, field("table"), " " + table.text() + ": ", BadSetting.reason(e));
        }
    }

    /**
     * The value network in the spec's model file on the backend its device names (from the
     * registry); what it chose and how its check went go to {@code notes}.
     */
    private static Evaluator network(PlayerSpec spec, Shape shape, PrintStream notes) {
        if (!shape.equals(Shape.S4x4)) {
            // the shape may come from the game's shape, a board or a database: name none of them
            throw new BadSetting(field("player"), " cnn: value networks play 4x4 boards only, this board is " + shape + "; " + anyShape(shape));
        }
        Path model = spec.model();
        if (model == null) {
            throw new BadSetting(field("models"), ": the cnn player needs a network file (.g2nn), e.g. one written by 'train cnn'");
        }
        var choice = Backends.installed().choose(spec.device(),
                spec.backend(), notes);
        TrainedNetwork t;
        try {
            t = NetworkFile.load(model);
        } catch (IOException e) {
            throw new UncheckedIOException(model + ": " + e.getMessage(), e);
        }
        return choice.open(new NetworkModel(new Network(t.spec()), t.weights(), model.getFileName().toString()), notes);
    }

    private static boolean greedy(SearchConfig search) {
        return search.depth() == 1 && search.timeBudgetNanos() == 0;
    }

    /** The player of {@code evaluator}: greedy at depth 1 without a time budget, expectimax as {@code search} says otherwise. */
    public static Player searching(Evaluator evaluator, SearchConfig search) {
        return greedy(search) ? new GreedyPlayer(evaluator, search.downgrade()) : searcher(evaluator, search);
    }

    /** Refuses search settings other than the defaults for a player that does not take them, naming those given. */
    static void checkNoSearch(PlayerKind player, SearchConfig search) {
        String why = fixedSearch(player);
        String applies = String.join(", ", EVALUATOR_NAMES);
        if (search.depth() != 1) {
            throw new BadSetting(field("depth"), ": " + why + "; ", field("depth"), " applies to " + applies);
        }
        SearchConfig plain = SearchConfig.ofDepth(1);
        List<String> given = new ArrayList<>();
        if (search.timeBudgetNanos() != 0) {
            given.add("timeMs");
        }
        if (search.probabilityCutoff() != 0) {
            given.add("cutoff");
        }
        if (search.ttLog2Slots() != plain.ttLog2Slots()) {
            given.add("ttBits");
        }
        if (search.ttLeaves() != plain.ttLeaves() && search.ttLog2Slots() != 0) {
            given.add("ttLeaves");
        }
        if (search.batchedLeaves()) {
            given.add("batched");
        }
        if (search.downgrade() > 0) {
            given.add("downgrade");
        }
        if (!given.isEmpty()) {
            List<Object> parts = new ArrayList<>();
            for (int i = 0; i < given.size(); i++) {
                parts.add(i == 0 ? "" : i == given.size() - 1 ? " and " : ", ");
                parts.add(field(given.get(i)));
            }
            parts.add(": " + why + "; " + (given.size() == 1 ? "it applies" : "they apply") + " to " + applies);
            throw new BadSetting(parts.toArray());
        }
    }

    /**
     * Whether {@code search} is {@link SearchConfig#ofDepth ofDepth(1)}, the one a player without a
     * search takes: tile-downgrading off counts as its default, auto, since neither applies.
     */
    public static boolean untouched(SearchConfig search) {
        SearchConfig s = search.downgrade() == 0 ? search.withDowngrade(SearchConfig.DOWNGRADE_AUTO) : search;
        return s.equals(SearchConfig.ofDepth(1));
    }

    /**
     * The {@code policy} player: the policy network in {@code model} (a {@code .g2pn} file written by
     * {@code train policy}; the shipped network when null) playing its most probable legal move.
     */
    public static PolicyPlayer policy(Path model, Shape shape) {
        return policy(model, Backends.AUTO, shape);
    }

    /** As {@link #policy(Path, Shape)}, on the backend {@code device} names (from the registry). */
    public static PolicyPlayer policy(Path model, String device, Shape shape) {
        if (!shape.equals(Shape.S4x4)) {
            throw new BadSetting(field("player"), " policy: policy networks play 4x4 boards only, this board is " + shape + "; " + anyShape(shape));
        }
        if (model == null && !PolicyFile.defaultAvailable()) {
            throw new BadSetting(field("player"), " policy: the shipped network " + PolicyFile.DEFAULT_RESOURCE
                    + " is not on the class path; name one with ", field("models"), " PATH (a .g2pn written by 'train policy')");
        }
        PolicyModel m;
        try {
            m = PolicyFile.loadOrDefault(model);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String source = model != null ? model.getFileName().toString() : PolicyFile.SHIPPED_NAME;
        PolicyEvaluator logits = Backends.installed().openPolicy(device, new NetworkModel(new Network(m.spec()), m.weights(), source));
        return new PolicyPlayer(logits, "policy " + m.spec().name() + " (" + source + "), greedy");
    }

    /** The optimal player of a solution; the solution is kept open for the life of the process. */
    private static Player optimal(Path db, Shape shape) {
        return new OptimalPlayer(solution(db, shape));
    }

    /** The solution in {@code db}, opened, refused unless it solves {@code shape} (null: any). */
    static Solution solution(Path db, Shape shape) {
        if (db == null) {
            throw new BadSetting(field("db"), ": missing, ", field("player"), " optimal needs a solution directory written by 'g2048 solve'");
        }
        Solution solution;
        try {
            solution = Solution.open(db);
        } catch (IOException | IllegalArgumentException e) {
            throw BadSetting.causedBy(e, field("db"), ": ", BadSetting.reason(e));
        }
        if (shape != null && !solution.shape().equals(shape)) {
            solution.close();
            throw new BadSetting(field("db"), ": " + db + " solves " + solution.shape() + ", the game is " + shape
                    + " (use ", field("shape"), " " + solution.shape() + ")");
        }
        return solution;
    }

    /** The optimal player of an open solution (the caller keeps it open while the player plays). */
    public static Player optimal(Solution solution) {
        return new OptimalPlayer(solution);
    }

    private static <T> T closingOnFailure(List<NtupleModel> models, java.util.function.Supplier<T> build) {
        try {
            return build.get();
        } catch (RuntimeException e) {
            models.forEach(NtupleModel::close);
            throw e;
        }
    }
}
