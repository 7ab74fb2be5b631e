package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.answers.MoveAnswer;
import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyPlayer;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.server.http.ClientText;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state of {@code g2048 session} and its answer to each request (schemas/session.schema.json):
 * the player with its model loaded once, the search settings, the game, the solutions opened.
 * Every answer is one JSON line: {@code {"reply": REQUEST, "result": {...}}}, or
 * {@code {"reply": "error", "request": REQUEST, "error": "field: what"}} after which the session
 * goes on unchanged.
 */
final class Session implements AutoCloseable {

    /** The players of a session: those that search, showing each move's value, and policy, showing each move's probability. */
    static final List<String> PLAYERS = List.of("ntuple", "lines", "heuristic", "cnn", "policy");
    /** The fields of a request that set how a player searches. */
    private static final List<String> SEARCH_FIELDS = List.of("depth", "time_ms", "time_bank", "downgrade");
    private static final String SEARCH_FIELD_NAMES = "depth, time_ms, time_bank and downgrade";

    private final PlayerSpec devices;
    /** The command line's settings: those a player chosen by {@code set} starts from. */
    private final SearchConfig start;
    private final SearchConfig base;
    private String player;
    private Path model;
    private int depth;
    private double timeMs;
    private boolean timeBank;
    private int downgrade;
    /**
     * The search that chooses the game's steps, kept from step to step of one game so that its time
     * bank carries over; made at the game's first step, dropped by new-game and set.
     */
    private ExpectimaxPlayer stepper;
    /** The value function of ntuple and cnn (one shape); null for lines and heuristic, which play any shape. */
    private Evaluator evaluator;
    /** The network of policy (4x4 only); null for the other players. */
    private PolicyPlayer policy;
    private NtupleModel loaded;
    private final Map<Shape, Evaluator> lines = new HashMap<>();
    private SessionGame game;
    private final SessionSolutions solutions = new SessionSolutions();
    private boolean quit;

    /** A session of the player {@code spec} names, searching as {@code search} says (loaded here, once). */
    Session(PlayerSpec spec, SearchConfig search) {
        this.devices = spec;
        this.start = search;
        this.base = search.withDepth(1).withTimeBudgetNanos(0).withDowngrade(0);
        config(search.depth(), search.timeBudgetNanos() / 1e6, search.timeBank(), search.downgrade());
        usePlayer(spec.player().id(), spec.model());
        if (!searches(player) && (search.depth() != 1 || search.timeBudgetNanos() != 0 || search.downgrade() > 0)) {
            throw new IllegalArgumentException("--depth, --time-ms, --time-bank and --downgrade: " + ownChoice(player));
        }
        adopt(search.depth(), search.timeBudgetNanos() / 1e6, search.timeBank(), search.downgrade());
    }

    /**
     * Takes these settings for the player, those of a player that does not search being none (depth
     * 1, no time, downgrade 0), so that the settings read the same however the player was chosen.
     */
    private void adopt(int d, double t, boolean bank, int g) {
        boolean own = searches(player);
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
            String result = switch (c) {
                case "move" -> move(r);
                case "apply" -> apply(r);
                case "new-game" -> newGame(r);
                case "step" -> step(r);
                case "set" -> set(r);
                case "solve-query" -> solveQuery(r);
                case "quit" -> {
                    r.only(Set.of());
                    quit = true;
                    yield null;
                }
                default -> {
                    throw new IllegalArgumentException("cmd: unknown request '" + ClientText.shorten(c) + "', expected one of move, apply,"
                            + " new-game, step, set, solve-query, quit");
                }
            };
            String reply = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("reply", c).end().toString();
            return result == null ? reply : member(reply, "result", result.toString());
        } catch (RuntimeException | IOException e) {
            return error(request, e);
        }
    }

    /** The reply to a request that failed ({@code request} null when it was unreadable): its error in one line. */
    static String error(String request, Exception e) {
        return new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("reply", "error").field("request", request)
                .field("error", Errors.message(e)).end().toString();
    }

    /** {@code move}: every legal move's value and the choice (move.schema.json), on a board or the game's. */
    private String move(RequestLine r) {
        r.only(Set.of("board", "depth", "time_ms", "time_bank", "downgrade"));
        Position p = position(r);
        return search(p.board, p.shape, r, false).json;
    }

    /** A search's answer and its choice. */
    private record Searched(String json, int best) {
    }

    /**
     * The search of {@code b} with the session's settings, or the request's for this search only; for
     * the policy player, its network's probabilities and choice (as {@code move --player policy --json}).
     * A game's {@code step} searches with the game's own searcher, whose time bank goes on from step
     * to step; any other search starts with an empty bank.
     */
    private Searched search(long b, Shape shape, RequestLine r, boolean step) {
        if (!searches(player) && SEARCH_FIELDS.stream().anyMatch(r::has)) {
            throw new IllegalArgumentException(SEARCH_FIELD_NAMES + ": " + ownChoice(player));
        }
        if (policy != null) {
            if (!shape.equals(Shape.S4x4)) {
                throw new IllegalArgumentException("board: a " + shape + " board, the player plays 4x4");
            }
            long t0 = System.nanoTime();
            double[] p = policy.probabilities(b);
            int best = policy.chooseMove(b);
            double[] none = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
            return new Searched(MoveAnswer.unsearched(b, shape, policy.name(), none, p, best, System.nanoTime() - t0).toString(), best);
        }
        Evaluator e = evaluatorFor(shape);
        ExpectimaxPlayer searcher;
        String name;
        if (player.equals("heuristic")) {
            searcher = Players.heuristic(shape);
            name = "heuristic";
        } else {
            if (step) {
                if (stepper == null) {
                    stepper = Players.searcher(e, config(depth, timeMs, timeBank, downgrade));
                }
                searcher = stepper;
            } else {
                double t = r.number("time_ms", timeMs);
                searcher = Players.searcher(e, config(r.integer("depth", depth), t,
                        r.bool("time_bank", timeBank && t > 0), r.downgrade(downgrade)));
            }
            name = JsonConventions.player(e.describe());
        }
        SearchResult result = searcher.search(b);
        return new Searched(MoveAnswer.searched(b, shape, name, searcher.configFor(b), result).toString(),
                result.best());
    }

    /** {@code apply}: with a board, each move's afterstate without spawns (apply.schema.json); else the game's moves, each with a spawn. */
    private String apply(RequestLine r) {
        r.only(Set.of("board", "moves"));
        String letters = r.string("moves");
        if (letters == null || letters.isEmpty()) {
            throw new IllegalArgumentException("moves: missing, expected letters U R D L, e.g. RDLU");
        }
        int[] dirs = new int[letters.length()];
        for (int i = 0; i < dirs.length; i++) {
            try {
                dirs[i] = Direction.ofLetter(letters.charAt(i)).ordinal();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("moves: character " + (i + 1) + " " + e.getMessage(), e);
            }
        }
        if (r.has("board")) {
            Position p = position(r);
            return SessionGame.afterstates(p.board, p.shape, dirs);
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
        return trial.json().field("played", letters).field("reward", reward).end().toString();
    }

    /** {@code new-game}: a game of the player's shape (or {@code shape}) from {@code seed} (default 0). */
    private String newGame(RequestLine r) {
        r.only(Set.of("seed", "shape"));
        long seed = r.integer("seed", 0, Long.MIN_VALUE, Long.MAX_VALUE);
        String s = r.string("shape");
        Shape shape;
        try {
            shape = s != null ? Shape.parse(s) : playerShape() != null ? playerShape() : Shape.S4x4;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("shape: " + e.getMessage(), e);
        }
        if (playerShape() != null && !shape.equals(playerShape())) {
            throw new IllegalArgumentException("shape: " + shape + ", the player plays " + playerShape());
        }
        game = new SessionGame(shape, seed);
        stepper = null;
        return game.json().end().toString();
    }

    /** {@code step}: the engine chooses the game's move with the session's settings, plays it, a tile spawns. */
    private String step(RequestLine r) {
        r.only(Set.of());
        SessionGame g = game();
        if (g.over()) {
            throw new IllegalArgumentException("step: the game is over (score " + g.score + "); start one with new-game");
        }
        Searched choice = search(g.board, g.shape, RequestLine.EMPTY, true);
        int reward = g.play(choice.best);
        JsonWriter out = g.json().field("played", JsonConventions.move(choice.best)).field("reward", reward);
        // what the game's time bank holds after this move: unspent time of earlier moves, negative after an overrun
        out = stepper != null && timeBank ? out.field("time_bank_ms", stepper.bankNanos() / 1e6) : out.nullField("time_bank_ms");
        return member(out.end().toString(), "choice", choice.json);
    }

    /**
     * {@code set}: the player, its model, the depth, time budget and downgrade threshold for the
     * requests after it. A new player starts from the command line's settings (none for a player
     * that does not search), not from the last player's, unless the request sets them.
     */
    private String set(RequestLine r) {
        r.only(Set.of("player", "model", "depth", "time_ms", "time_bank", "downgrade"));
        String p = r.has("player") ? sessionPlayer(r.string("player")) : player;
        boolean other = !p.equals(player);
        double startMs = start.timeBudgetNanos() / 1e6;
        int d = r.integer("depth", other ? start.depth() : depth);
        double t = r.number("time_ms", other ? startMs : timeMs);
        boolean k = r.bool("time_bank", (other ? start.timeBank() : timeBank) && t > 0);
        int g = r.downgrade(other ? start.downgrade() : downgrade);
        config(d, t, k, g); // refuses bad values before anything changes
        Path m = r.has("model") ? Path.of(r.string("model")) : other ? null : model;
        if (!searches(p) && SEARCH_FIELDS.stream().anyMatch(r::has) && (d != 1 || t != 0 || g > 0)) {
            throw new IllegalArgumentException(SEARCH_FIELD_NAMES + ": " + ownChoice(p));
        }
        if (other || !java.util.Objects.equals(m, model)) {
            usePlayer(p, m);
        }
        adopt(d, t, k, g);
        return settings().toString();
    }

    /** The settings, as {@code set} answers and the session's first line shows them. */
    JsonWriter settings() {
        String shipped = switch (player) {
            case "ntuple" -> JsonConventions.SHIPPED_MODEL;
            case "policy" -> PolicyFile.SHIPPED_NAME;
            default -> null;
        };
        JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("player", player)
                .field("model", model != null ? model.toString() : shipped)
                .field("shape", playerShape() != null ? playerShape().toString() : null)
                .field("depth", depth).field("time_ms", timeMs).field("time_bank", timeBank);
        return (downgrade == SearchConfig.DOWNGRADE_AUTO ? j.field("downgrade", "auto") : j.field("downgrade", downgrade)).end();
    }

    /** {@code solve-query}: each legal move's exact value from a solution written by {@code g2048 solve} (solve-query.schema.json). */
    private String solveQuery(RequestLine r) throws IOException {
        r.only(Set.of("db", "board"));
        String dir = r.string("db");
        if (dir == null) {
            throw new IllegalArgumentException("db: missing, a solution directory written by 'g2048 solve'");
        }
        Solution sol = solutions.open(Path.of(dir));
        Position p = position(r);
        return SessionSolutions.answer(sol, Path.of(dir), p.board, p.shape);
    }

    // ---- settings and players

    /** {@code p}, refused unless it is a player of sessions. */
    static String sessionPlayer(String p) {
        if (!PLAYERS.contains(p)) {
            throw new IllegalArgumentException("player: '" + ClientText.shorten(p) + "' is not a session player, expected one of "
                    + String.join(", ", PLAYERS));
        }
        return p;
    }

    private void usePlayer(String p, Path m) {
        Evaluator e = null;
        NtupleModel n = null;
        PolicyPlayer net = null;
        switch (p) {
            case "ntuple" -> {
                n = m == null ? NtupleModels.loadDefault() : NtupleModels.load(m);
                if (n.method() == Method.Q_LEARNING) {
                    n.close();
                    throw new IllegalArgumentException("model: " + m + " is a q-learning model: it values actions, not afterstates");
                }
                try {
                    e = n.evaluator(devices.table()).forThread();
                } catch (IllegalArgumentException x) {
                    n.close();
                    throw new IllegalArgumentException("table: " + x.getMessage(), x);
                }
            }
            case "cnn" -> e = Players.evaluator(PlayerSpec.of(PlayerKind.CNN).withModel(m).withTable(devices.table())
                    .withDevice(devices.device(), devices.backend()), Shape.S4x4, SearchConfig.ofDepth(1)).forThread();
            case "policy" -> {
                try {
                    net = Players.policy(m, Shape.S4x4);
                } catch (java.io.UncheckedIOException x) {
                    throw new IllegalArgumentException("model: " + Errors.message(x), x);
                }
            }
            default -> {
                if (m != null) {
                    throw new IllegalArgumentException("model: player '" + p + "' takes no model");
                }
            }
        }
        if (loaded != null) {
            loaded.close();
        }
        loaded = n;
        evaluator = e;
        policy = net;
        player = p;
        model = m;
    }

    private SearchConfig config(int d, double t, boolean bank, int g) {
        if (d < 1 || d > SearchConfig.MAX_DEPTH) {
            throw new IllegalArgumentException("depth: expected 1.." + SearchConfig.MAX_DEPTH + ", got " + d);
        }
        if (!(t >= 0) || t > 3_600_000) {
            throw new IllegalArgumentException("time_ms: expected 0..3600000 ms, got " + t);
        }
        if (bank && t == 0) {
            throw new IllegalArgumentException("time_bank: needs time_ms, the mean time per move");
        }
        SearchOptions.checkBounded(d, t, "depth", "time_ms");
        return base.withDepth(d).withTimeBudgetNanos(Math.round(t * 1e6)).withTimeBank(bank).withDowngrade(g);
    }

    /** Whether {@code p} searches (and so takes depth, time_ms and downgrade). */
    private static boolean searches(String p) {
        return PlayerKind.parse(p).searches();
    }

    /** Why {@code p}, a player that does not search, takes no search settings. */
    private static String ownChoice(String p) {
        return Players.fixedSearch(PlayerKind.parse(p));
    }

    /** The one shape the player plays (its model's), or null for players of any shape. */
    private Shape playerShape() {
        return evaluator != null ? evaluator.shape() : policy != null ? Shape.S4x4 : null;
    }

    private Evaluator evaluatorFor(Shape shape) {
        if (evaluator != null) {
            if (!shape.equals(evaluator.shape())) {
                throw new IllegalArgumentException("board: a " + shape + " board, the player plays " + evaluator.shape());
            }
            return evaluator;
        }
        return lines.computeIfAbsent(shape, LineHeuristicEvaluator::new);
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

    /** {@code object} (a JSON object's text) with the member {@code key}: {@code value} (JSON text) added at its end. */
    private static String member(String object, String key, String value) {
        return object.substring(0, object.length() - 1) + ",\"" + key + "\":" + value + "}";
    }

    @Override
    public void close() {
        solutions.close();
        if (loaded != null) {
            loaded.close();
        }
    }
}
