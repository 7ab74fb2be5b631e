package g2048.api;

import g2048.eval.Evaluator;
import g2048.eval.StagedEvaluator;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TablePrecision;
import g2048.play.Answer;
import g2048.play.Answerer;
import g2048.play.GameResult;
import g2048.play.GameRunner;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.play.Summary;
import g2048.player.Player;
import g2048.search.SearchConfig;
import g2048.solver.Solution;
import g2048.solver.Solver;
import g2048.tables.Coverage;
import g2048.tables.TablePlayer;
import g2048.tables.TableSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A player ready to use: choose a move for a board (with each move's value), play seeded games,
 * read their statistics, search deeper without loading the model again.
 * <pre>{@code
 * try (Engine engine = Engine.shipped()) {               // the shipped six-tuple n-tuple model, greedy
 *     Direction move = engine.chooseMove("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0");
 *     MoveChoice values = engine.choose("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0"); // with every move's value
 *     GameResult game = engine.playGame(42);            // reproducible from its seed
 *     Summary run = engine.play(100, 7, 2);              // 100 games, seed 7, 2 threads
 *     try (Engine deeper = engine.withSearch(SearchConfig.ofDepth(3))) { // the same tables, 3-ply
 *         deeper.chooseMove("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0");
 *     }
 * }
 * }</pre>
 * <p><b>Players.</b> {@link #shipped()}, {@link #model(Path, int)} and {@link #ensemble} play n-tuple
 * models; {@link #staged} one model below a tile and a second, late model from it; {@link #heuristic}
 * the line heuristic without a model; {@link #policy} a policy network.
 * <p><b>Threading.</b> Every method may be called from any number of threads at once: each thread
 * that chooses moves gets its own instance of the player (a search's scratch space and table), and
 * the model's tables are shared, read-only. An engine over a model holds the model's off-heap tables
 * (hundreds of MiB for the shipped one) until it and every engine made from it by
 * {@link #withSearch} are closed; closing one engine while other threads still use that same
 * engine is the caller's error (it is refused where it can be seen, never a crash).
 */
public final class Engine implements AutoCloseable {

    private final Shape shape;
    private final Player player;
    private final SharedModels models;
    /** The player of another search over the same models. */
    private final Function<SearchConfig, Player> rebuild;
    private final ThreadLocal<Player> own;
    private final Moves moves;
    private final SearchConfig search;
    /** The answers about one board ({@link #choose}), as {@code move} and the server give them. */
    private final Answerer answers;
    /** What the endgame tables checked and decided, null without tables ({@link #withTables}). */
    private final Coverage coverage;
    /** Set by {@link #close()}: a model's tables are freed with the last user, and reading freed memory could crash the JVM. */
    private volatile boolean closed;

    private Engine(Shape shape, SharedModels models, Function<SearchConfig, Player> rebuild, SearchConfig search) {
        this(shape, models, rebuild, search, null);
    }

    private Engine(Shape shape, SharedModels models, Function<SearchConfig, Player> rebuild, SearchConfig search,
                   Coverage coverage) {
        this.shape = shape;
        this.search = search;
        this.coverage = coverage;
        this.models = models;
        this.rebuild = rebuild;
        this.player = rebuild.apply(search);
        this.own = ThreadLocal.withInitial(player::forThread);
        this.moves = Moves.of(shape);
        this.answers = Answerer.of(player, shape);
    }

    /** Models shared by an engine and those made from it by {@link #withSearch}: closed with the last of them. */
    private static final class SharedModels {
        private final List<NtupleModel> models;
        /** What else the engines hold and free with the models: endgame tables. */
        private final List<AutoCloseable> others = new ArrayList<>();
        private int users = 1;

        SharedModels(List<NtupleModel> models) {
            this.models = List.copyOf(models);
        }

        synchronized SharedModels share() {
            if (users == 0) {
                throw new IllegalStateException("the engine's models are closed");
            }
            users++;
            return this;
        }

        synchronized void hold(AutoCloseable other) {
            others.add(other);
        }

        synchronized void release() {
            if (--users == 0) {
                models.forEach(NtupleModel::close);
                for (AutoCloseable o : others) {
                    try {
                        o.close();
                    } catch (Exception e) {
                        throw new IllegalStateException("closing " + o + ": " + e.getMessage(), e);
                    }
                }
            }
        }
    }

    /**
     * The shipped six-tuple n-tuple model (from the class path: {@code io.g2048:g2048-models}), greedy, with
     * tile-downgrading from 24576 ({@link SearchConfig#DOWNGRADE_AUTO}).
     */
    public static Engine shipped() {
        return shipped(1);
    }

    /**
     * The shipped model searching {@code depth} plies: 1 is greedy (reward + value of the afterstate),
     * 2 and more expectimax over the spawns (3 takes about a millisecond a move on one core).
     */
    public static Engine shipped(int depth) {
        return shipped(SearchConfig.ofDepth(depth));
    }

    /**
     * The shipped model searching as {@code search} says, e.g.
     * {@code SearchConfig.ofDepth(3).withDowngrade(0)} for 3-ply without tile-downgrading. At a fixed
     * depth of 2 or more it plays as {@code play} does there: with the shipped late model valuing the
     * boards that hold a 16384 ({@link g2048.play.LateModel#AUTO}); an engine made from it by
     * {@link #withSearch} keeps the models it has.
     */
    public static Engine shipped(SearchConfig search) {
        PlayerSpec spec = PlayerSpec.of(PlayerKind.NTUPLE);
        if (spec.lateModel().resolvedFor(PlayerKind.NTUPLE, List.of(), search).plays()) {
            return evaluated(spec, search);
        }
        return over(List.of(NtupleModels.loadDefault()), search);
    }

    /** The n-tuple model in {@code file} (written by training, {@code .g2n} or {@code .g2nz}) at {@code depth}. */
    public static Engine model(Path file, int depth) {
        return model(file, SearchConfig.ofDepth(depth));
    }

    /** The n-tuple model in {@code file} searching as {@code search} says. */
    public static Engine model(Path file, SearchConfig search) {
        return over(List.of(NtupleModels.load(file)), search);
    }

    /**
     * An ensemble: the n-tuple models in {@code files} (at least two, afterstate-valued, of one
     * shape), playing the mean of their values, searching as {@code search} says.
     */
    public static Engine ensemble(List<Path> files, SearchConfig search) {
        if (files.size() < 2) {
            throw new IllegalArgumentException("an ensemble needs at least two model files, got " + files.size());
        }
        List<NtupleModel> loaded = new ArrayList<>();
        try {
            for (Path f : files) {
                loaded.add(NtupleModels.load(f));
            }
        } catch (RuntimeException e) {
            loaded.forEach(NtupleModel::close);
            throw e;
        }
        return over(loaded, search);
    }

    /**
     * Two n-tuple models by stage of the game, as {@code play --late-model} plays them: the model in
     * {@code model} (the shipped one when null) values the afterstates without a tile of
     * {@code lateFrom} or more, the model in {@code lateModel} those with one (a network trained where
     * games are won or lost), its values levelled on the first model's own greedy games where they
     * first make that tile ({@link StagedEvaluator#aligned}), searching as {@code search} says.
     * Tile-downgrading {@link SearchConfig#DOWNGRADE_AUTO auto} is then off: the late model values
     * the boards downgrading would bend. E.g. {@code Engine.staged(null, Path.of("late.g2n"), 16384,
     * SearchConfig.ofDepth(3))}.
     *
     * @throws IllegalArgumentException when {@code lateModel} is null, {@code lateFrom} is not a tile
     *         from 4 to 32768, a file is missing or not an afterstate-valued model, or the two models
     *         play different shapes
     */
    public static Engine staged(Path model, Path lateModel, int lateFrom, SearchConfig search) {
        if (lateModel == null) {
            throw new IllegalArgumentException("lateModel: missing, the model file of the late stage");
        }
        return evaluated(PlayerSpec.of(PlayerKind.NTUPLE).withModel(model).withLateModel(lateModel, lateFrom), search);
    }

    /** The n-tuple player {@code spec} names, its value function built once and searched as each engine says. */
    private static Engine evaluated(PlayerSpec spec, SearchConfig search) {
        List<NtupleModel> loaded = new ArrayList<>();
        try {
            // the shape null: the first model's own, which the late model must share
            Evaluator values = Players.evaluator(spec, null, search, loaded);
            return new Engine(values.shape(), new SharedModels(loaded), s -> Players.searching(values, s), search);
        } catch (RuntimeException e) {
            loaded.forEach(NtupleModel::close);
            throw e;
        }
    }

    /** The line heuristic on {@code shape} (rows x columns, e.g. {@code "3x3"}) at {@code depth}: no model needed. */
    public static Engine heuristic(String shape, int depth) {
        Shape s = Shape.parse(shape);
        return new Engine(s, new SharedModels(List.of()), search -> Players.create(PlayerSpec.of(PlayerKind.LINES), s, search),
                SearchConfig.ofDepth(depth));
    }

    /**
     * A policy network playing its most probable legal move, without search, on 4x4: the network in
     * {@code file} (a {@code .g2pn} written by {@code train policy}), or the shipped POLICY5 network
     * when {@code file} is null. {@link #choose} gives each legal move's probability as its value;
     * {@link #withSearch} takes depth 1 alone.
     */
    public static Engine policy(Path file) {
        Player network;
        try {
            network = Players.policy(file, Shape.S4x4);
        } catch (UncheckedIOException e) {
            // a missing or damaged file is bad input, as for every model file of this API
            throw new IllegalArgumentException(e.getCause().getMessage(), e.getCause());
        }
        return new Engine(Shape.S4x4, new SharedModels(List.of()), search -> {
            if (!Players.untouched(search)) {
                throw new IllegalArgumentException("a policy network plays its most probable move and does not search: "
                        + search.describe());
            }
            return network;
        }, SearchConfig.ofDepth(1));
    }

    /** The n-tuple player over {@code models} as {@link Players} builds it; the models are closed if it is refused. */
    private static Engine over(List<NtupleModel> models, SearchConfig search) {
        try {
            return new Engine(models.getFirst().shape(), new SharedModels(models),
                    s -> Players.ntuple(models, TablePrecision.AUTO, s), search);
        } catch (RuntimeException e) {
            models.forEach(NtupleModel::close);
            throw e;
        }
    }

    /**
     * This engine's player searching as {@code search} says, over the same tables (nothing is
     * loaded again): e.g. {@code withSearch(SearchConfig.ofDepth(3))}, or a time budget. Close it
     * too; the tables are freed with the last engine that uses them.
     *
     * @throws IllegalArgumentException when the player cannot search so (a Q-learning model deeper than 1 ply)
     */
    public Engine withSearch(SearchConfig search) {
        open();
        SharedModels shared = models.share();
        try {
            return new Engine(shape, shared, rebuild, search, coverage);
        } catch (RuntimeException e) {
            shared.release();
            throw e;
        }
    }

    /**
     * {@link #withTables(Path, double, double)} with the command line's defaults: threshold
     * {@link TablePlayer#DEFAULT_THRESHOLD}, margin {@link TablePlayer#DEFAULT_MARGIN} (the table's
     * best moves, ties to this engine's player).
     */
    public Engine withTables(Path dir) {
        return withTables(dir, TablePlayer.DEFAULT_THRESHOLD, TablePlayer.DEFAULT_MARGIN);
    }

    /**
     * This engine's player with the endgame tables of {@code dir} (written by {@code g2048 tables
     * build}) checking its moves ({@link TablePlayer}): where a table matches the board and its best
     * move's success probability is at least {@code threshold}, the player's move stands if its own
     * probability is within {@code margin} of the best, else the table overrules it. The tables are
     * mapped once and freed with the models; {@link #tablesCoverage()} counts what they did. Close it too.
     *
     * @throws IllegalArgumentException when the board is not 4x4, or {@code dir} holds no table or a damaged one
     */
    public Engine withTables(Path dir, double threshold, double margin) {
        open();
        if (!shape.equals(Shape.S4x4)) {
            throw new IllegalArgumentException("endgame tables are for 4x4 boards, this engine plays " + shape);
        }
        TableSet tables;
        try {
            tables = TableSet.open(dir);
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Coverage counted = new Coverage();
        SharedModels shared = models.share();
        shared.hold(tables);
        try {
            return new Engine(shape, shared, s -> new TablePlayer(rebuild.apply(s), tables, threshold, margin, counted),
                    search, counted);
        } catch (RuntimeException e) {
            shared.release();
            throw e;
        }
    }

    /** What the endgame tables checked and decided in this engine's games and moves, null without tables. */
    public Coverage tablesCoverage() {
        return coverage;
    }

    /** The board's shape this engine plays (4x4 for the shipped model). */
    public Shape shape() {
        return shape;
    }

    /** The player itself, for {@link GameRunner} or a {@link g2048.solver.PolicyGrader}. */
    public Player player() {
        return player;
    }

    /** One line naming the player, e.g. {@code ntuple 4x6 td-afterstate ... greedy}. */
    public String describe() {
        return player.name();
    }

    /**
     * The move for {@code board}, written as rows separated by {@code /}, cells by {@code ,} (tile
     * values, {@code 0} or {@code .} for empty), or null when no move is legal.
     *
     * @throws IllegalArgumentException when the text is not a board of this engine's shape
     */
    public Direction chooseMove(String board) {
        return chooseMove(parse(board));
    }

    private long parse(String board) {
        BoardText.Parsed parsed = BoardText.parse(board);
        if (!parsed.shape().equals(shape)) {
            throw new IllegalArgumentException("board " + board.strip() + " is " + parsed.shape() + ", this player plays "
                    + shape);
        }
        return parsed.board();
    }

    /** The move for a board in the engine's bit layout ({@link g2048.game.Board}), or null when no move is legal. */
    public Direction chooseMove(long board) {
        int d = open().chooseMove(board);
        return d < 0 ? null : Direction.ALL[d];
    }

    /**
     * The move for {@code board} (written as for {@link #chooseMove(String)}) with each legal move's
     * value, the depth searched and the time taken.
     *
     * @throws IllegalArgumentException when the text is not a board of this engine's shape
     */
    public MoveChoice choose(String board) {
        return choose(parse(board));
    }

    /** As {@link #choose(String)} for a board in the engine's bit layout. */
    public MoveChoice choose(long board) {
        open();
        Answer a = answers.answer(board, shape, search);
        int legal = moves.legalMask(board);
        double[] values = a.values().clone();
        if (a.probabilities() != null) {
            // a policy network has no values: each legal move's probability stands in their place
            for (int m = 0; m < 4; m++) {
                values[m] = (legal >>> m & 1) != 0 ? a.probabilities()[m] : Double.NaN;
            }
        }
        int depth = a.search() != null ? a.search().depth() : 1;
        return new MoveChoice(a.move() < 0 ? null : Direction.ALL[a.move()], legal, values, depth, a.nanos());
    }

    /** Plays one game from {@code seed} (its spawns and the player's chances follow from it alone). */
    public GameResult playGame(long seed) {
        Player p = open();
        return new GameRunner(shape).play(p, 0, Rng.gameSeed(seed, 0), new Rng(0), null);
    }

    /**
     * Plays {@code games} games on {@code threads} threads: game i uses the seed
     * {@code Rng.gameSeed(seed, i)}, so the results do not depend on the threads. The summary has the
     * games' mean, sd, max and reach rates ({@link Summary#stats()}), moves per second and the
     * latency of a move.
     */
    public Summary play(int games, long seed, int threads) {
        open();
        return new GameRunner(shape).run(player, games, threads, seed, null);
    }

    /** The calling thread's player, refused once the engine is closed. */
    private Player open() {
        if (closed) {
            throw new IllegalStateException("engine " + player.name() + " is closed");
        }
        return own.get();
    }

    /**
     * Frees the model's tables, unless an engine made by {@link #withSearch} still uses them. Later
     * calls are refused; closing twice does nothing more.
     */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            models.release();
        }
    }

    /**
     * Solves {@code shape} (at most 12 cells: 2x2 … 4x3) exactly into {@code dir} (created; an
     * unfinished solve there is resumed, a finished one reused) on {@code threads} threads, and opens
     * the result. 2x3 takes well under a second, 3x3 about half a minute.
     *
     * @throws IOException when the directory cannot be written or holds damaged files
     */
    public static Solution solve(String shape, Path dir, int threads) throws IOException {
        Solver solver = new Solver(Shape.parse(shape), dir, threads);
        Solver.Outcome outcome = solver.run(Solver.Progress.quiet());
        if (outcome != Solver.Outcome.SOLVED) {
            throw new IllegalStateException("the solve of " + shape + " in " + dir + " stopped before the end: " + outcome);
        }
        return Solution.open(dir);
    }
}
