package g2048.cli;

import g2048.answers.ApplyAnswer;
import g2048.answers.JsonConventions;
import g2048.answers.MoveAnswer;
import g2048.answers.SolveAnswer;
import g2048.game.BoardText;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.play.Answer;
import g2048.play.Answerer;
import g2048.play.LateModel;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.search.SearchConfig;
import g2048.server.http.ClientText;
import g2048.settings.BadSetting;
import g2048.solver.Solution;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The state of {@code g2048 session} and its answer to each request (schemas/session.schema.json):
 * the player with its model loaded once, the search settings, the game, the solutions opened.
 * Every answer is one JSON line: {@code {"reply": REQUEST, "result": {...}}}, or
 * {@code {"reply": "error", "request": REQUEST, "error": "field: what"}} after which the session
 * goes on unchanged.
 */
final class Session implements AutoCloseable {

    /** The players of a session: every player but optimal, whose solutions a session names request by request (solve-query). */
    static final List<PlayerKind> KINDS = List.of(PlayerKind.NTUPLE, PlayerKind.LINES, PlayerKind.HEURISTIC, PlayerKind.CNN,
            PlayerKind.POLICY);
    /** Their names, as requests and --player give them. */
    static final List<String> PLAYERS = KINDS.stream().map(PlayerKind::id).toList();

    /**
     * The command line's player: the tables, device and backend every player of the session takes,
     * and the late model, which the ntuple player alone takes ({@link #spec}).
     */
    private final PlayerSpec devices;
    private final Answerer.Tables tables;
    /** The command line's settings: those a player chosen by {@code set} starts from. */
    private final SearchConfig start;
    private final SearchConfig base;
    private Answerer answerer;
    private int depth;
    private double timeMs;
    private boolean timeBank;
    private int downgrade;
    /**
     * The player of the game's steps, kept from step to step of one game so that its time bank
     * carries over; made at the game's first step, dropped by new-game and set.
     */
    private Answerer.Game stepper;
    private SessionGame game;
    private final SessionSolutions solutions = new SessionSolutions();
    private boolean quit;

    /** A session of the player {@code spec} names, searching as {@code search} says (loaded here, once). */
    Session(PlayerSpec spec, SearchConfig search) {
        this(spec, search, null);
    }

    /**
     * As {@link #Session(PlayerSpec, SearchConfig)}, with endgame tables (null: none) checking every
     * player's moves on 4x4 boards, mapped once for the session.
     */
    Session(PlayerSpec spec, SearchConfig search, Answerer.Tables tables) {
        sessionPlayer(spec.player().id());
        this.devices = spec;
        this.start = search;
        this.base = search.withDepth(1).withTimeBudgetNanos(0).withDowngrade(0);
        config(spec.player(), search.depth(), search.timeBudgetNanos() / 1e6, search.timeBank(), search.downgrade());
        this.tables = tables == null ? null : tables.open();
        try {
            answerer = open(spec, search);
        } catch (RuntimeException e) {
            closeTables();
            throw e;
        }
        adopt(search.depth(), search.timeBudgetNanos() / 1e6, search.timeBank(), search.downgrade());
    }

    /**
     * Takes these settings for the player, those of a player that does not search being none (depth
     * 1, no time, downgrade 0), so that the settings read the same however the player was chosen.
     */
    private void adopt(int d, double t, boolean bank, int g) {
        boolean own = answerer.kind().searches();
        depth = own ? d : 1;
        timeMs = own ? t : 0;
        timeBank = own && bank;
        downgrade = own ? g : 0;
        stepper = null;
    }

    boolean quit() {
        return quit;
    }

    /** The answer to one request line. */
    String answer(String line) {
        String request = null;
        try {
            RequestLine r = RequestLine.parse(line);
            String c = r.command();
            request = c;
            // the reply is written whole or not at all: a request that fails is answered with its error alone
            JsonWriter reply = JsonConventions.writer().begin().field("reply", c);
            switch (c) {
                case "move" -> move(r, reply.object("result")).end();
                case "apply" -> apply(r, reply.object("result")).end();
                case "new-game" -> newGame(r, reply.object("result")).end();
                case "step" -> step(r, reply.object("result")).end();
                case "set" -> set(r, reply.object("result")).end();
                case "solve-query" -> solveQuery(r, reply.object("result")).end();
                case "quit" -> {
                    r.only(Set.of());
                    quit = true;
                }
                default -> throw new IllegalArgumentException("cmd: unknown request '" + ClientText.shorten(c) + "', expected one of move,"
                        + " apply, new-game, step, set, solve-query, quit");
            }
            return reply.end().toString();
        } catch (RuntimeException | IOException e) {
            return error(request, e);
        }
    }

    /**
     * The reply to a request that failed ({@code request} null when it was unreadable): its error in
     * one line, each field the engine names under its name in requests ({@link #field}).
     */
    static String error(String request, Exception e) {
        return JsonConventions.writer().begin().field("reply", "error").field("request", request)
                .field("error", Errors.message(e, Session::field)).end().toString();
    }

    /** The request field of the engine's field {@code name}: snake_case ({@code timeMs} is {@code time_ms}), {@code models} is {@code model}. */
    static String field(String name) {
        return name.equals("models") ? "model" : BadSetting.snakeCase(name);
    }

    /** {@code move}: every legal move's value and the choice (move.schema.json), on a board or the game's. */
    private JsonWriter move(RequestLine r, JsonWriter result) {
        r.only(Set.of("board", "depth", "time_ms", "time_bank", "downgrade"));
        Position p = position(r);
        double t = r.number("time_ms", timeMs);
        SearchConfig search = config(answerer.kind(), r.integer("depth", depth), t, r.bool("time_bank", timeBank && t > 0), r.downgrade(downgrade));
        return MoveAnswer.into(result, answerer.answer(p.board, p.shape, search));
    }

    /** {@code apply}: with a board, each move's afterstate without spawns (apply.schema.json); else the game's moves, each with a spawn. */
    private JsonWriter apply(RequestLine r, JsonWriter result) {
        r.only(Set.of("board", "moves"));
        String letters = r.string("moves");
        int[] dirs = ApplyAnswer.directions(letters);
        if (r.has("board")) {
            Position p = position(r);
            return ApplyAnswer.into(result, p.board, p.shape, dirs);
        }
        SessionGame g = game();
        // all or nothing: the moves are tried on a copy of the game first
        SessionGame trial = g.copy();
        long reward = 0;
        for (int i = 0; i < dirs.length; i++) {
            try {
                reward += trial.play(dirs[i]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("moves: move " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        game = trial;
        return trial.fields(result).field("played", letters).field("reward", reward);
    }

    /** {@code new-game}: a game of the player's shape (or {@code shape}) from {@code seed} (default 0). */
    private JsonWriter newGame(RequestLine r, JsonWriter result) {
        r.only(Set.of("seed", "shape"));
        long seed = r.integer("seed", 0, Long.MIN_VALUE, Long.MAX_VALUE);
        String s = r.string("shape");
        Shape shape;
        try {
            shape = s != null ? Shape.parse(s) : answerer.shape() != null ? answerer.shape() : Shape.S4x4;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("shape: " + e.getMessage(), e);
        }
        if (answerer.shape() != null && !shape.equals(answerer.shape())) {
            throw new IllegalArgumentException("shape: " + shape + ", the player plays " + answerer.shape());
        }
        game = new SessionGame(shape, seed);
        stepper = null;
        return game.fields(result);
    }

    /** {@code step}: the engine chooses the game's move with the session's settings, plays it, a tile spawns. */
    private JsonWriter step(RequestLine r, JsonWriter result) {
        r.only(Set.of());
        SessionGame g = game();
        if (g.over()) {
            throw new IllegalArgumentException("step: the game is over (score " + g.score + "); start one with new-game");
        }
        if (stepper == null) {
            stepper = answerer.game(g.shape, config(answerer.kind(), depth, timeMs, timeBank, downgrade));
        }
        Answer choice = stepper.answer(g.board, Answerer.NO_DEADLINE);
        int reward = g.play(choice.move());
        g.fields(result).field("played", JsonConventions.move(choice.move())).field("reward", reward);
        // what the game's time bank holds after this move: unspent time of earlier moves, negative after an overrun
        if (timeBank) {
            result.field("time_bank_ms", stepper.bankNanos() / 1e6);
        } else {
            result.nullField("time_bank_ms");
        }
        return MoveAnswer.into(result.object("choice"), choice).end();
    }

    /**
     * {@code set}: the player, its model, the depth, time budget and downgrade threshold for the
     * requests after it. A new player starts from the command line's settings (none for a player
     * that does not search), not from the last player's, unless the request sets them.
     */
    private JsonWriter set(RequestLine r, JsonWriter result) {
        r.only(Set.of("player", "model", "depth", "time_ms", "time_bank", "downgrade"));
        PlayerKind p = r.has("player") ? sessionPlayer(r.string("player")) : answerer.kind();
        boolean other = p != answerer.kind();
        // a new player starts from the command line's settings, none for a player that does not search
        SearchConfig from = !other ? config(answerer.kind(), depth, timeMs, timeBank, downgrade) : p.searches() ? start : SearchConfig.ofDepth(1).withDowngrade(0);
        double startMs = from.timeBudgetNanos() / 1e6;
        int d = r.integer("depth", from.depth());
        double t = r.number("time_ms", startMs);
        boolean k = r.bool("time_bank", from.timeBank() && t > 0);
        int g = r.downgrade(from.downgrade());
        SearchConfig search = config(p, d, t, k, g); // refuses bad values before anything changes
        Path current = answerer.spec().model();
        Path m = r.has("model") ? Path.of(r.string("model")) : other ? null : current;
        // late model auto is chosen by the settings: the player is built again when that choice changes
        boolean otherLate = !lateModel(answerer.spec(), search).equals(lateModel(answerer.spec(), currentSearch()));
        if (other || otherLate || !java.util.Objects.equals(m, current)) {
            Answerer next = open(spec(p, m), search);
            answerer.close();
            answerer = next;
        } else {
            answerer.check(search);
        }
        adopt(d, t, k, g);
        return settings(result);
    }

    /**
     * The player {@code kind} with the model {@code model} (null: its default) and the command line's
     * other settings: its late model goes with the ntuple player, whatever model that plays, and with
     * no other, so that a session started with one can still switch to any player.
     */
    private PlayerSpec spec(PlayerKind kind, Path model) {
        LateModel lateModel = kind == PlayerKind.NTUPLE ? devices.lateModel() : LateModel.NONE;
        return devices.withPlayer(kind).withModel(model).withLateModel(lateModel, devices.lateFrom());
    }

    /** The late model {@code spec}'s player plays with when it searches as {@code search} ({@code auto} resolved). */
    private static LateModel lateModel(PlayerSpec spec, SearchConfig search) {
        return spec.lateModel().resolvedFor(spec.player(), spec.models(), search);
    }

    /** The settings of the session's current player, as its requests search by default. */
    private SearchConfig currentSearch() {
        return config(answerer.kind(), depth, timeMs, timeBank, downgrade);
    }

    /** The settings as an object, as {@code set} answers and the session's first line shows them. */
    JsonWriter settings() {
        return settings(JsonConventions.writer().begin()).end();
    }

    /** The first line of the session, once the player is loaded: {@code {"reply":"ready","result":SETTINGS}}. */
    String ready() {
        return settings(JsonConventions.writer().begin().field("reply", "ready").object("result")).end().end().toString();
    }

    /** The settings' fields, written into the object {@code j} has open. */
    private JsonWriter settings(JsonWriter j) {
        Path model = answerer.spec().model();
        LateModel late = lateModel(answerer.spec(), currentSearch());
        Shape shape = answerer.shape();
        j.field("player", answerer.kind().id())
                .field("model", model != null ? model.toString() : answerer.shippedModel())
                .field("late_model", late.plays() ? late.describe() : null);
        if (late.plays()) {
            j.field("late_from", answerer.spec().lateFrom());
        } else {
            j.nullField("late_from");
        }
        j.field("shape", shape != null ? shape.toString() : null)
                .field("depth", depth).field("time_ms", timeMs).field("time_bank", timeBank);
        return downgrade == SearchConfig.DOWNGRADE_AUTO ? j.field("downgrade", "auto") : j.field("downgrade", downgrade);
    }

    /** {@code solve-query}: each legal move's exact value from a solution written by {@code g2048 solve} (solve-query.schema.json). */
    private JsonWriter solveQuery(RequestLine r, JsonWriter result) throws IOException {
        r.only(Set.of("db", "board"));
        String dir = r.string("db");
        if (dir == null) {
            throw new IllegalArgumentException("db: missing, a solution directory written by 'g2048 solve'");
        }
        Solution sol = solutions.open(Path.of(dir));
        Position p = position(r);
        SessionSolutions.check(sol, Path.of(dir), p.board, p.shape);
        return SolveAnswer.into(result, sol, p.board);
    }

    // ---- settings and players

    /** The session player named {@code p}, refused unless it is one. */
    static PlayerKind sessionPlayer(String p) {
        if (!PLAYERS.contains(p)) {
            throw new IllegalArgumentException("player: '" + ClientText.shorten(p) + "' is not a session player, expected one of "
                    + String.join(", ", PLAYERS));
        }
        return PlayerKind.parse(p);
    }

    /** The answers of the player {@code spec} names, loaded; a model file that cannot be read is refused naming {@code model}. */
    private Answerer open(PlayerSpec spec, SearchConfig search) {
        try {
            return Answerer.open(spec, null, search, tables);
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException("model: " + Errors.message(e), e);
        }
    }

    /** The search of these settings over the command line's others (cutoff, table); those of a player that does not search are none. */
    private SearchConfig config(PlayerKind kind, int d, double t, boolean bank, int g) {
        SearchConfig from = kind.searches() ? base : SearchConfig.ofDepth(1);
        return from.withDepth(d).withTimeBudgetNanos(SearchConfig.nanosOfMs(t)).withTimeBank(bank).withDowngrade(g).boundedForOneBoard();
    }

    private SessionGame game() {
        if (game == null) {
            throw new IllegalArgumentException("game: none yet; start one with new-game");
        }
        return game;
    }

    // ---- request fields

    /** A board and its shape. */
    private record Position(long board, Shape shape) {
    }

    /** The request's board, or the game's when it names none. */
    private Position position(RequestLine r) {
        if (!r.has("board")) {
            SessionGame g = game();
            return new Position(g.board, g.shape);
        }
        // BoardText's messages name the board already ("board cell (1,2) ...")
        BoardText.Parsed p = BoardText.parse(r.string("board"));
        return new Position(p.board(), p.shape());
    }

    @Override
    public void close() {
        solutions.close();
        answerer.close();
        closeTables();
    }

    private void closeTables() {
        if (tables != null) {
            tables.opened().close();
        }
    }
}
