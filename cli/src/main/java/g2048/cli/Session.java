package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.answers.MoveAnswer;
import g2048.answers.SolveAnswer;
import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TablePrecision;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyPlayer;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
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
    private final Map<Path, Solution> solutions = new HashMap<>();
    private boolean quit;

    /** A session of the player {@code spec} names, searching as {@code search} says (loaded here, once). */
    Session(PlayerSpec spec, SearchConfig search) {
        this.devices = spec;
        this.base = search.withDepth(1).withTimeBudgetNanos(0).withDowngrade(0);
        this.depth = search.depth();
        this.timeMs = search.timeBudgetNanos() / 1e6;
        this.timeBank = search.timeBank();
        this.downgrade = search.downgrade();
        config(depth, timeMs, timeBank, downgrade);
        usePlayer(spec.player().id(), spec.model());
        if (!searches(player) && (depth != 1 || timeMs != 0 || downgrade > 0)) {
            this.depth = 1;
            throw new IllegalArgumentException("--depth, --time-ms, --time-bank and --downgrade: " + ownChoice(player));
        }
    }

    boolean quit() {
        return quit;
    }

    /** The answer to one request line. */
    String answer(String line) {
        String request = null;
        try {
            Map<String, Object> r = RequestLine.parse(line);
            Object cmd = r.remove("cmd");
            if (!(cmd instanceof String c)) {
                throw new IllegalArgumentException("cmd: missing, expected one of move, apply, new-game, step, set,"
                        + " solve-query, quit");
            }
            request = c;
            String result = switch (c) {
                case "move" -> move(r);
                case "apply" -> apply(r);
                case "new-game" -> newGame(r);
                case "step" -> step(r);
                case "set" -> set(r);
                case "solve-query" -> solveQuery(r);
                case "quit" -> {
                    only(r, Set.of());
                    quit = true;
                    yield null;
                }
                default -> {
                    throw new IllegalArgumentException("cmd: unknown request '" + c + "', expected one of move, apply,"
                            + " new-game, step, set, solve-query, quit");
                }
            };
            String reply = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("reply", c).end().toString();
            return result == null ? reply : member(reply, "result", result.toString());
        } catch (RuntimeException | IOException e) {
            return new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("reply", "error").field("request", request).field("error", Errors.message(e))
                    .end().toString();
        }
    }

    /** {@code move}: every legal move's value and the choice (move.schema.json), on a board or the game's. */
    private String move(Map<String, Object> r) {
        only(r, Set.of("board", "depth", "time_ms", "time_bank", "downgrade"));
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
    private Searched search(long b, Shape shape, Map<String, Object> r, boolean step) {
        if (!searches(player) && SEARCH_FIELDS.stream().anyMatch(r::containsKey)) {
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
                double t = number(r, "time_ms", timeMs);
                searcher = Players.searcher(e, config(integer(r, "depth", depth), t,
                        bool(r, "time_bank", timeBank && t > 0), downgrade(r, downgrade)));
            }
            name = JsonConventions.player(e.describe());
        }
        SearchResult result = searcher.search(b);
        return new Searched(MoveAnswer.searched(b, shape, name, searcher.configFor(b), result).toString(),
                result.best());
    }

    /** {@code apply}: with a board, each move's afterstate without spawns (apply.schema.json); else the game's moves, each with a spawn. */
    private String apply(Map<String, Object> r) {
        only(r, Set.of("board", "moves"));
        String letters = string(r, "moves");
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
        if (r.containsKey("board")) {
            Position p = position(r);
            long b = p.board;
            Shape shape = p.shape;
            Moves moves = Moves.of(shape);
            JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("shape", shape.toString()).field("board", BoardText.format(b, shape))
                    .beginArray("steps");
            long total = 0;
            for (int i = 0; i < dirs.length; i++) {
                long after = moves.move(b, dirs[i]);
                if (after == b) {
                    throw new IllegalArgumentException("moves: move " + (i + 1) + " (" + Direction.ALL[dirs[i]] + ") is illegal on "
                            + BoardText.format(b, shape) + ": it changes nothing");
                }
                int reward = moves.reward(b, dirs[i]);
                total += reward;
                b = after;
                j.begin().field("move", JsonConventions.move(dirs[i])).field("afterstate", BoardText.format(b, shape))
                        .field("reward", reward).end();
            }
            return j.endArray().field("total_reward", total).end().toString();
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
    private String newGame(Map<String, Object> r) {
        only(r, Set.of("seed", "shape"));
        long seed = integer(r, "seed", 0, Long.MIN_VALUE, Long.MAX_VALUE);
        String s = string(r, "shape");
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
    private String step(Map<String, Object> r) {
        only(r, Set.of());
        SessionGame g = game();
        if (g.over()) {
            throw new IllegalArgumentException("step: the game is over (score " + g.score + "); start one with new-game");
        }
        Searched choice = search(g.board, g.shape, Map.of(), true);
        int reward = g.play(choice.best);
        JsonWriter out = g.json().field("played", JsonConventions.move(choice.best)).field("reward", reward);
        // what the game's time bank holds after this move: unspent time of earlier moves, negative after an overrun
        out = stepper != null && timeBank ? out.field("time_bank_ms", stepper.bankNanos() / 1e6) : out.nullField("time_bank_ms");
        return member(out.end().toString(), "choice", choice.json);
    }

    /** {@code set}: the player, its model, the depth, time budget and downgrade threshold for the requests after it. */
    private String set(Map<String, Object> r) {
        only(r, Set.of("player", "model", "depth", "time_ms", "time_bank", "downgrade"));
        int d = integer(r, "depth", depth);
        double t = number(r, "time_ms", timeMs);
        boolean k = bool(r, "time_bank", timeBank && t > 0);
        int g = downgrade(r, downgrade);
        config(d, t, k, g); // refuses bad values before anything changes
        String p = r.containsKey("player") ? string(r, "player") : player;
        Path m = r.containsKey("model") ? Path.of(string(r, "model")) : r.containsKey("player") ? null : model;
        if (!searches(p) && (d != 1 || t != 0 || g > 0) && SEARCH_FIELDS.stream().anyMatch(r::containsKey)) {
            throw new IllegalArgumentException(SEARCH_FIELD_NAMES + ": " + ownChoice(p));
        }
        if (!p.equals(player) || !java.util.Objects.equals(m, model)) {
            usePlayer(p, m);
        }
        if (!searches(p)) {
            d = 1;
            t = 0;
            k = false;
            g = 0;
        }
        depth = d;
        timeMs = t;
        timeBank = k;
        downgrade = g;
        stepper = null;
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
    private String solveQuery(Map<String, Object> r) throws IOException {
        only(r, Set.of("db", "board"));
        String dir = string(r, "db");
        if (dir == null) {
            throw new IllegalArgumentException("db: missing, a solution directory written by 'g2048 solve'");
        }
        Path db = Path.of(dir);
        Solution sol = solutions.get(db);
        if (sol == null) {
            try {
                sol = Solution.open(db);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("db: " + e.getMessage(), e);
            }
            solutions.put(db, sol);
        }
        Position p = position(r);
        long b = p.board;
        Shape shape = p.shape;
        if (!shape.equals(sol.shape())) {
            throw new IllegalArgumentException("board: a " + shape + " board, the solution in " + db + " is " + sol.shape());
        }
        if (Double.isNaN(sol.stateValue(b))) {
            throw new IllegalArgumentException("board: " + BoardText.format(b, shape) + " is not a reachable state of " + shape
                    + " (not in the solution)");
        }
        return SolveAnswer.of(sol, b).toString();
    }

    // ---- settings and players

    private void usePlayer(String p, Path m) {
        if (!PLAYERS.contains(p)) {
            throw new IllegalArgumentException("player: '" + p + "' is not a session player, expected one of "
                    + String.join(", ", PLAYERS));
        }
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
        return !p.equals("heuristic") && !p.equals("policy");
    }

    /** Why {@code p}, a player that does not search, takes no search settings. */
    private static String ownChoice(String p) {
        return p.equals("policy") ? "player 'policy' plays its network's most probable legal move without searching"
                : "player '" + p + "' searches at its own depth";
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
    private Position position(Map<String, Object> r) {
        if (!r.containsKey("board")) {
            SessionGame g = game();
            return new Position(g.board, g.shape);
        }
        try {
            BoardText.Parsed p = BoardText.parse(string(r, "board"));
            return new Position(p.board(), p.shape());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("board: " + e.getMessage(), e);
        }
    }

    /** {@code object} (a JSON object's text) with the member {@code key}: {@code value} (JSON text) added at its end. */
    private static String member(String object, String key, String value) {
        return object.substring(0, object.length() - 1) + ",\"" + key + "\":" + value + "}";
    }

    private static void only(Map<String, Object> r, Set<String> allowed) {
        for (String k : r.keySet()) {
            if (!allowed.contains(k)) {
                throw new IllegalArgumentException(k + ": not a field of this request" + (allowed.isEmpty() ? ""
                        : ", expected " + String.join(", ", allowed.stream().sorted().toList())));
            }
        }
    }

    private static String string(Map<String, Object> r, String key) {
        Object v = r.get(key);
        if (v != null && !(v instanceof String)) {
            throw new IllegalArgumentException(key + ": expected a string, got " + v);
        }
        return (String) v;
    }

    private static boolean bool(Map<String, Object> r, String key, boolean absent) {
        Object v = r.get(key);
        if (v == null) {
            return absent;
        }
        if (!(v instanceof Boolean b)) {
            throw new IllegalArgumentException(key + ": expected true or false, got " + v);
        }
        return b;
    }

    private static double number(Map<String, Object> r, String key, double absent) {
        Object v = r.get(key);
        if (v == null) {
            return absent;
        }
        if (!(v instanceof Double d)) {
            throw new IllegalArgumentException(key + ": expected a number, got " + v);
        }
        return d;
    }

    /** A request's tile-downgrading threshold: {@code "auto"}, 0 (off) or a tile sum; {@code absent} when not given. */
    private static int downgrade(Map<String, Object> r, int absent) {
        Object v = r.get("downgrade");
        if ("auto".equals(v)) {
            return SearchConfig.DOWNGRADE_AUTO;
        }
        boolean integral = v instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e9;
        int g = integral ? (int) (double) (Double) v : absent;
        if (v != null && (!integral || g != 0 && (g < SearchConfig.MIN_DOWNGRADE || g > SearchConfig.MAX_DOWNGRADE))) {
            throw new IllegalArgumentException("downgrade: expected \"auto\", 0 (off) or a tile sum " + SearchConfig.MIN_DOWNGRADE
                    + ".." + SearchConfig.MAX_DOWNGRADE + ", got " + v);
        }
        return g;
    }

    private static int integer(Map<String, Object> r, String key, int absent) {
        return (int) integer(r, key, absent, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    private static long integer(Map<String, Object> r, String key, long absent, long min, long max) {
        double d = number(r, key, absent);
        if (d != Math.rint(d) || d < min || d > max || Math.abs(d) > 0x1p53) {
            throw new IllegalArgumentException(key + ": expected an integer, got " + r.get(key));
        }
        return (long) d;
    }

    @Override
    public void close() {
        solutions.values().forEach(Solution::close);
        if (loaded != null) {
            loaded.close();
        }
    }
}
