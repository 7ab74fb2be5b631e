package g2048.play;

import static g2048.settings.BadSetting.field;

import g2048.eval.Evaluator;
import g2048.game.BoardText;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.player.Player;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyPlayer;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.settings.BadSetting;
import g2048.solver.Solution;
import g2048.tables.Coverage;
import g2048.tables.TablePlayer;
import g2048.tables.TableSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one way from a player and a board to an {@link Answer}, for {@code move}, a session, the
 * server and the library alike: built once from a {@link PlayerSpec} (its model loaded once, by
 * {@link Players}), then asked about any number of boards, from any number of threads. Each thread
 * keeps its own searches (their transposition tables, scratch space and network passes) for the
 * settings it was asked with, so that a request builds nothing; the model is shared, read-only.
 *
 * <p>With endgame tables ({@link Tables}), a 4x4 board that a table matches with a best move of at
 * least the threshold's success probability is checked as {@link TablePlayer} checks a move: the
 * player's move stands within the margin of the table's best, else the table decides.
 */
public final class Answerer implements AutoCloseable {

    /** No deadline: the search runs to its end. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    /** The most searches of distinct settings a thread keeps (each holds its own table). */
    private static final int KEPT = 16;

    /**
     * Endgame tables checking the player's moves: those in {@code dir} (written by {@code tables build}),
     * deciding where their best move's success probability is at least {@code threshold}, the player's
     * move standing within {@code margin} of it; {@code opened} the tables mapped already, shared by
     * several answerers and closed by whoever opened them ({@link #open()}), or null for each answerer
     * to map and close its own.
     */
    public record Tables(Path dir, double threshold, double margin, TableSet opened) {

        public Tables(Path dir, double threshold, double margin) {
            this(dir, threshold, margin, null);
        }

        /** These tables mapped once, for several answerers to share; the caller closes {@link #opened()}. */
        public Tables open() {
            try {
                return new Tables(dir, threshold, margin, TableSet.open(dir));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public Tables {
            if (!(threshold >= 0 && threshold <= 1)) {
                throw new BadSetting(field("tablesThreshold"), ": expected a probability in [0, 1], got " + threshold);
            }
            if (!(margin >= 0 && margin <= 1)) {
                throw new BadSetting(field("tablesMargin"), ": expected a probability in [0, 1], got " + margin);
            }
        }
    }

    /** A search abandoned at its deadline: the answer was not found in time. */
    public static final class OutOfTime extends CancellationException {
        OutOfTime() {
            super("out of time");
        }
    }

    /** What was asked for; null for an answerer of a player built already ({@link #of}). */
    private final PlayerSpec spec;
    private final PlayerKind kind;
    /** The player built already, of {@link #of}; null when built here. */
    private final Player given;
    /** The one shape the player plays (its model's, its network's, its solution's), null for any. */
    private final Shape shape;
    /** The value function of ntuple and cnn, shared by the threads; null for the others. */
    private final Evaluator evaluator;
    private final PolicyPlayer policy;
    private final Solution solution;
    private final TableSet tables;
    /** Whether the tables were mapped here, and so are closed with this answerer. */
    private final boolean ownsTables;
    private final Tables tableSettings;
    private final List<NtupleModel> models;
    private final Map<Shape, Evaluator> lines = new ConcurrentHashMap<>();
    private final ThreadLocal<Map<Object, Player>> own = ThreadLocal.withInitial(() -> new LinkedHashMap<>(KEPT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, Player> eldest) {
            return size() > KEPT;
        }
    });

    private Answerer(PlayerSpec spec, Player given, Shape shape, Evaluator evaluator, PolicyPlayer policy, Solution solution,
                     TableSet tables, boolean ownsTables, Tables tableSettings, List<NtupleModel> models) {
        this.spec = spec;
        this.kind = spec == null ? null : spec.player();
        this.given = given;
        this.shape = shape;
        this.evaluator = evaluator;
        this.policy = policy;
        this.solution = solution;
        this.tables = tables;
        this.ownsTables = ownsTables;
        this.tableSettings = tableSettings;
        this.models = models;
    }

    /**
     * The answers of the player {@code spec} names: its model, network or solution loaded and
     * checked once, for boards of {@code shape} (null: those of its model's shape, or any shape for a
     * player without one), searching as {@code search} says unless a question says otherwise (the
     * settings are checked against the player here, so that a bad one is refused before any board);
     * with {@code tables} (null: none) checking its moves on 4x4 boards.
     */
    public static Answerer open(PlayerSpec spec, Shape shape, SearchConfig search, Tables tables) {
        PlayerKind kind = spec.player();
        if (!kind.searches()) {
            Players.checkNoSearch(kind, search);
        }
        if (kind != PlayerKind.NTUPLE) {
            spec.model(); // refuses an ensemble
            Players.refuseLateModel(spec);
        }
        List<NtupleModel> models = new ArrayList<>();
        Solution solution = null;
        TableSet opened = null;
        try {
            Evaluator evaluator = switch (kind) {
                case NTUPLE -> Players.evaluator(spec, shape, search, models);
                case CNN -> Players.evaluator(spec, shape != null ? shape : Shape.S4x4, search, models);
                default -> null;
            };
            PolicyPlayer policy = kind == PlayerKind.POLICY
                    ? Players.policy(spec.model(), spec.device(), shape != null ? shape : Shape.S4x4) : null;
            if (kind == PlayerKind.OPTIMAL) {
                solution = Players.solution(spec.db(), null);
            }
            Shape own = evaluator != null ? evaluator.shape() : policy != null ? Shape.S4x4
                    : solution != null ? solution.shape() : null;
            if (tables != null && tables.opened() == null) {
                opened = TableSet.open(tables.dir());
            }
            return new Answerer(spec, null, own, evaluator, policy, solution,
                    tables == null ? null : opened != null ? opened : tables.opened(), opened != null, tables, models);
        } catch (IOException e) {
            close(models, solution, null);
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            close(models, solution, opened);
            throw e;
        }
    }

    /**
     * The answers of {@code player}, built already for boards of {@code shape} (the library's engines,
     * over models they hold): its own choice, searched or not, and its values; it takes the settings
     * it was built with, whatever a question says. Closing it closes nothing of the player's.
     */
    public static Answerer of(Player player, Shape shape) {
        return new Answerer(null, player, shape, null, null, null, null, false, null, List.of());
    }

    /** The player's kind; null for an answerer {@link #of} a player. */
    public PlayerKind kind() {
        return kind;
    }

    /** The spec it was built from. */
    public PlayerSpec spec() {
        return spec;
    }

    /** The one shape the player plays (its model's, its network's or its solution's), or null when it plays any. */
    public Shape shape() {
        return shape;
    }

    /** The solution the optimal player plays from, null for the others. */
    public Solution solution() {
        return solution;
    }

    /**
     * Refuses {@code search} unless the player takes it: a player that does not search takes none
     * ({@link SearchConfig#ofDepth ofDepth(1)}).
     */
    public void check(SearchConfig search) {
        if (kind != null && !kind.searches()) {
            Players.checkNoSearch(kind, search);
        }
    }

    /** The name of the shipped model the player plays when no file is named (ntuple's, policy's), else null. */
    public String shippedModel() {
        if (spec == null || spec.model() != null || spec.models().size() > 1) {
            return null;
        }
        return kind == PlayerKind.NTUPLE ? NtupleModels.SHIPPED_NAME : kind == PlayerKind.POLICY ? PolicyFile.SHIPPED_NAME : null;
    }

    /** Whether endgame tables check the moves. */
    public boolean withTables() {
        return tables != null;
    }

    /** The answer about {@code board}, searched as {@code search} says, by the calling thread's own search. */
    public Answer answer(long board, Shape boardShape, SearchConfig search) {
        return answer(board, boardShape, search, 0, NO_DEADLINE);
    }

    /**
     * As {@link #answer(long, Shape, SearchConfig)}: a random player's choice follows from {@code seed},
     * and the search is abandoned at {@code deadline} (a {@link System#nanoTime()} instant, or
     * {@link #NO_DEADLINE}) with an {@link OutOfTime}. Every answer starts with an empty time bank.
     */
    public Answer answer(long board, Shape boardShape, SearchConfig search, long seed, long deadline) {
        Player p = own(boardShape, search);
        p.startGame(seed);
        return answer(p, board, boardShape, deadline);
    }

    /**
     * A game's player on boards of {@code boardShape}, searching as {@code search} says: its answers
     * go through the same path as {@link #answer}. With a time bank it is a search of its own, so that
     * the bank carries from move to move of the game alone; otherwise the calling thread's, which
     * only that thread may use.
     */
    public Game game(Shape boardShape, SearchConfig search) {
        Player p = search.timeBank() ? build(boardShape, search).forThread() : own(boardShape, search);
        return new Game(p, boardShape);
    }

    /** The player of one game: its moves' answers, one search from move to move. */
    public final class Game {
        private final Player player;
        private final Shape boardShape;

        private Game(Player player, Shape boardShape) {
            this.player = player;
            this.boardShape = boardShape;
        }

        /** The answer about {@code board}, a position of this game, by the game's own search. */
        public Answer answer(long board, long deadline) {
            return Answerer.this.answer(player, board, boardShape, deadline);
        }

        /** What the game's time bank holds: unspent time of earlier moves, negative after an overrun; 0 without a search. */
        public long bankNanos() {
            return player instanceof ExpectimaxPlayer e ? e.bankNanos() : 0;
        }

        /** The search's configuration, null for a player that does not search. */
        public SearchConfig config() {
            return player instanceof ExpectimaxPlayer e ? e.config() : null;
        }

        /** The player as answers name it. */
        public String name() {
            return Answerer.this.name(player);
        }

        /** The game as a {@link Player}, for a game loop: each choice is this game's answer, by {@code deadline}. */
        public Player asPlayer(long deadline) {
            return new Player() {
                @Override
                public int chooseMove(long board) {
                    return chooseMove(board, new double[4]);
                }

                @Override
                public int chooseMove(long board, double[] values) {
                    Answer a = answer(board, deadline);
                    System.arraycopy(a.values(), 0, values, 0, 4);
                    return a.move();
                }

                @Override
                public void startGame(long gameSeed) {
                    player.startGame(gameSeed);
                }

                @Override
                public String name() {
                    return Game.this.name();
                }
            };
        }
    }

    /** The calling thread's player for boards of {@code boardShape} searched as {@code search} says, built at its first use. */
    private Player own(Shape boardShape, SearchConfig search) {
        if (shape != null && !boardShape.equals(shape)) {
            throw new BadSetting(field("board"), ": a " + boardShape + " board, the player plays " + shape);
        }
        check(search);
        // players that do not search take one configuration: ofDepth(1)
        Object key = List.of(boardShape, kind == null || !kind.searches() ? SearchConfig.ofDepth(1) : search);
        Map<Object, Player> mine = own.get();
        Player p = mine.get(key);
        if (p == null) {
            p = build(boardShape, search).forThread();
            mine.put(key, p);
        }
        return p;
    }

    /** The shared player: each thread makes its own of it ({@link Player#forThread()}). */
    private Player build(Shape boardShape, SearchConfig search) {
        if (given != null) {
            return given;
        }
        return switch (kind) {
            case NTUPLE, CNN -> Players.searcher(evaluator, search);
            case LINES -> Players.searcher(lines.computeIfAbsent(boardShape,
                    s -> Players.evaluator(PlayerSpec.of(PlayerKind.LINES), s, search)), search);
            case HEURISTIC -> Players.heuristic(boardShape);
            case POLICY -> policy;
            case OPTIMAL -> Players.optimal(solution);
            case RANDOM -> new RandomPlayer(boardShape);
        };
    }

    /** The answer of {@code p}, checked by the tables where one matches. */
    private Answer answer(Player p, long board, Shape boardShape, long deadline) {
        long started = System.nanoTime();
        TableSet.Decision d = tables != null && boardShape.equals(Shape.S4x4) ? tables.decide(board, tableSettings.threshold()) : null;
        Answer mine = played(p, board, boardShape, deadline);
        if (tables == null) {
            return mine;
        }
        if (d == null) {
            return mine.checkedBy(null);
        }
        double[] values = mine.probabilities() != null ? mine.probabilities() : mine.values();
        int checked = TablePlayer.check(d, mine.move(), values, tableSettings.margin());
        if (checked == mine.move()) {
            return mine.checkedBy(d);
        }
        return new Answer(board, boardShape, "tables " + Coverage.name(d.table()), null, d.probabilities(), null, checked,
                System.nanoTime() - started, true, d, mine);
    }

    /** The player's own answer. */
    private Answer played(Player p, long board, Shape boardShape, long deadline) {
        if (p instanceof ExpectimaxPlayer e) {
            SearchResult r = deadline == NO_DEADLINE ? e.search(board) : e.searchBy(board, deadline);
            if (r == null) {
                throw new OutOfTime();
            }
            double[] values = new double[4];
            for (int i = 0; i < 4; i++) {
                values[i] = r.value(i);
            }
            return new Answer(board, boardShape, name(p), Answer.Searched.of(e.configFor(board), r), values, null,
                    r.best(), r.nanos(), false, null, null);
        }
        long t0 = System.nanoTime();
        double[] values = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        if (p instanceof PolicyPlayer net) {
            double[] probabilities = net.probabilities(board);
            int best = net.chooseMove(board);
            return new Answer(board, boardShape, name(p), null, values, probabilities, best, System.nanoTime() - t0,
                    false, null, null);
        }
        if (solution != null && Double.isNaN(solution.stateValue(board))) {
            throw new BadSetting(field("board"), ": " + BoardText.format(board, boardShape) + " is not a reachable state of "
                    + boardShape + " (not in the solution in " + spec.db() + ")");
        }
        int best = p.chooseMove(board, values);
        int legal = Moves.of(boardShape).legalMask(board);
        for (int i = 0; i < 4; i++) {
            values[i] = (legal >>> i & 1) != 0 ? values[i] : Double.NaN;
        }
        return new Answer(board, boardShape, name(p), null, values, null, best, System.nanoTime() - t0, false, null, null);
    }

    /** The player as answers name it: a search by its value function, the others by their names, optimal by its solution. */
    private String name(Player p) {
        if (kind == PlayerKind.OPTIMAL) {
            return "optimal (" + spec.db() + ")";
        }
        return p instanceof ExpectimaxPlayer e && kind != PlayerKind.HEURISTIC ? e.evaluator().describe() : p.name();
    }

    @Override
    public void close() {
        close(models, solution, ownsTables ? tables : null);
    }

    private static void close(List<NtupleModel> models, Solution solution, TableSet tables) {
        models.forEach(NtupleModel::close);
        if (solution != null) {
            solution.close();
        }
        if (tables != null) {
            tables.close();
        }
    }
}
