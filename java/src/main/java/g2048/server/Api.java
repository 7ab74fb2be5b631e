package g2048.server;

import g2048.game.Board;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.search.SearchConfig;
import g2048.solver.Solution;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * The JSON API's answers, one method per endpoint, each from its parameters to its JSON text.
 * Runs on a search thread; a {@link BadRequest} names the parameter at fault.
 */
final class Api {

    static final Set<String> MOVE_PARAMS = Set.of("board", "player", "depth", "downgrade", "seed");
    static final Set<String> GAME_PARAMS = Set.of("seed", "player", "depth", "downgrade", "max_moves", "shape");
    static final Set<String> SOLVE_PARAMS = Set.of("board");

    /** The longest trace a request may ask for; a 4×4 game of the shipped model at 3-ply runs about 10,000 moves. */
    static final int MAX_MOVES = 100_000;
    static final int MAX_MOVES_DEPTH_4 = 2_000;
    static final int MAX_MOVES_DEPTH_5 = 100;

    private final MoveService service;

    Api(MoveService service) {
        this.service = service;
    }

    /** {@code /move}: every legal move's value for the board and the player's choice. */
    String move(Params p) {
        BoardText.Parsed parsed = board(p.required("board"));
        Shape shape = parsed.shape();
        long board = parsed.board();
        String player = p.text("player", "ntuple");
        MoveService.Decider decider = service.decider(player, shape, depth(p), downgrade(p));
        decider.startGame(p.longValue("seed", 0));
        MoveService.Decision d = decider.decide(board);
        Moves moves = Moves.of(shape);
        JsonText j = new JsonText().begin()
                .field("board", BoardText.format(board, shape))
                .field("shape", shape.toString())
                .field("player", player);
        depthField(j, p, player);
        j.array("moves");
        for (Direction dir : Direction.ALL) {
            int i = dir.ordinal();
            long after = moves.move(board, i);
            boolean legal = after != board;
            j.begin().field("move", String.valueOf(dir.letter())).field("legal", legal);
            if (legal) {
                j.field("reward", moves.reward(board, i))
                        .field("afterstate", BoardText.format(after, shape))
                        .field("value", d.values()[i]);
            }
            j.end();
        }
        j.endArray();
        j.field("move", letter(d.move()));
        return j.field("search_us", d.nanos() / 1e3).end().toString();
    }

    /**
     * {@code /game}: the trace of game 0 of a run seeded {@code seed}, as {@code g2048 play --seed S}
     * plays it: the same spawns, moves and score, move by move, up to {@code max_moves} moves.
     */
    String game(Params p) {
        long seed = p.longValue("seed", 1);
        Shape shape = shape(p.text("shape", "4x4"));
        String player = p.text("player", "ntuple");
        Integer depth = depth(p);
        int cap = maxMovesAt(depth == null ? 1 : depth);
        if (p.has("max_moves") && p.longValue("max_moves", 0) > cap && cap < MAX_MOVES) {
            throw BadRequest.of("max_moves: " + p.longValue("max_moves", 0) + " is more than the " + cap
                    + " moves a game at depth " + depth + " may ask for (the work of one request is bounded)");
        }
        int maxMoves = p.intValue("max_moves", cap, 0, MAX_MOVES);
        MoveService.Decider decider = service.decider(player, shape, depth, downgrade(p));
        Solution exact = service.solution() != null && service.solution().shape().equals(shape) ? service.solution() : null;
        Moves moves = Moves.of(shape);
        long cellMask = shape.cellMask();
        long gameSeed = Rng.gameSeed(seed, 0);
        long t0 = System.nanoTime();

        // the loop of play.GameRunner.play, recording each step
        Rng rng = new Rng(gameSeed);
        decider.startGame(gameSeed);
        long board = Spawns.initial(shape, rng);
        JsonText j = new JsonText().begin()
                .field("seed", seed)
                .field("game_seed", gameSeed)
                .field("shape", shape.toString())
                .field("player", player);
        depthField(j, p, player);
        j.field("start", BoardText.format(board, shape)).array("steps");
        long score = 0;
        int n = 0;
        double[] q = new double[4];
        while (!moves.isTerminal(board) && n < maxMoves) {
            if (Thread.currentThread().isInterrupted()) {
                throw new CancellationException("timed out");
            }
            RequestDeadline.check();
            MoveService.Decision d = decider.decide(board);
            int m = d.move();
            long after = m < 0 || m > 3 ? board : moves.move(board, m);
            if (after == board) {
                throw new IllegalStateException("player " + player + " chose an illegal move " + m);
            }
            j.begin().field("board", BoardText.format(board, shape));
            values(j, "values", d.values());
            if (exact != null) {
                exact.moveValues(board, q);
                values(j, "optimal_values", q);
            }
            long reward = moves.reward(board, m);
            score += reward;
            long next = Spawns.spawn(after, cellMask, rng);
            int cell = Long.numberOfTrailingZeros(next ^ after) >>> 2;
            j.field("move", letter(m)).field("reward", reward)
                    .field("afterstate", BoardText.format(after, shape))
                    .object("spawn").field("row", cell / 4).field("col", cell % 4)
                    .field("tile", Board.tileValue(Board.code(next, cell))).end()
                    .field("score", score)
                    .field("search_us", d.nanos() / 1e3).end();
            board = next;
            n++;
        }
        j.endArray();
        boolean over = moves.isTerminal(board);
        return j.field("moves_played", n)
                .field("score", score)
                .field("max_tile", Board.tileValue(Board.maxCode(board)))
                .field("final_board", BoardText.format(board, shape))
                .field("game_over", over)
                .field("elapsed_ms", (System.nanoTime() - t0) / 1e6)
                .end().toString();
    }

    /**
     * The most moves a game at {@code depth} may play in one request: the work of a search grows
     * about 100-fold a ply, so deep games are short (their default length too).
     */
    static int maxMovesAt(int depth) {
        return depth <= 3 ? MAX_MOVES : depth == 4 ? MAX_MOVES_DEPTH_4 : MAX_MOVES_DEPTH_5;
    }

    /** {@code /solve}: the exact value of each legal move and of the board, from the loaded database. */
    String solve(Params p) {
        Solution s = service.solution();
        if (s == null) {
            throw new BadRequest(404, "no solver database is loaded (start the server with --db DIR)");
        }
        BoardText.Parsed parsed = board(p.required("board"));
        if (!parsed.shape().equals(s.shape())) {
            throw BadRequest.of("board: a " + parsed.shape() + " board, the database solves " + s.shape());
        }
        long b = parsed.board();
        double value = s.stateValue(b);
        if (Double.isNaN(value)) {
            throw BadRequest.of("board: " + BoardText.format(b, s.shape()) + " is not a reachable state of " + s.shape()
                    + " (a state has at least two tiles and a reachable tile sum)");
        }
        double[] q = new double[4];
        int legal = s.moveValues(b, q);
        int best = s.bestMove(b);
        JsonText j = new JsonText().begin().field("board", BoardText.format(b, s.shape()))
                .field("shape", s.shape().toString()).field("value", value).array("moves");
        for (Direction dir : Direction.ALL) {
            int i = dir.ordinal();
            boolean isLegal = (legal >>> i & 1) != 0;
            j.begin().field("move", String.valueOf(dir.letter())).field("legal", isLegal);
            if (isLegal) {
                j.field("value", q[i]);
            }
            j.end();
        }
        return j.endArray().field("move", letter(best)).end().toString();
    }

    private static void values(JsonText j, String key, double[] v) {
        j.object(key);
        for (Direction dir : Direction.ALL) {
            j.field(String.valueOf(dir.letter()), v[dir.ordinal()]);
        }
        j.end();
    }

    /**
     * The depth searched: the one asked for, 1 by default; null for players that do not search to a
     * depth. Then the tile-downgrading threshold, null when off.
     */
    private static void depthField(JsonText j, Params p, String player) {
        if (player.equals("ntuple") || player.equals("lines")) {
            j.field("depth", p.longValue("depth", 1));
        } else {
            j.nullField("depth");
        }
        Integer downgrade = downgrade(p);
        if (downgrade == null) {
            j.nullField("downgrade");
        } else {
            j.field("downgrade", downgrade);
        }
    }

    /** The tile-downgrading threshold asked for, null when absent or 0 (off). */
    private static Integer downgrade(Params p) {
        if (!p.has("downgrade")) {
            return null;
        }
        int t = p.intValue("downgrade", 0, 0, SearchConfig.MAX_DOWNGRADE);
        if (t != 0 && t < SearchConfig.MIN_DOWNGRADE) {
            throw BadRequest.of("downgrade: " + t + " is out of range, expected 0 (off) or " + SearchConfig.MIN_DOWNGRADE
                    + ".." + SearchConfig.MAX_DOWNGRADE);
        }
        return t == 0 ? null : t;
    }

    private static Integer depth(Params p) {
        return p.has("depth") ? p.intValue("depth", 1, 1, MoveService.MAX_DEPTH) : null;
    }

    private static String letter(int move) {
        return move < 0 ? null : String.valueOf(Direction.ALL[move].letter());
    }

    private static BoardText.Parsed board(String text) {
        try {
            return BoardText.parse(text);
        } catch (IllegalArgumentException e) {
            // BoardText's messages name the board already ("board cell (1,2) ...")
            String m = e.getMessage();
            throw BadRequest.of(m.startsWith("board") ? m : "board: " + m);
        }
    }

    private static Shape shape(String text) {
        try {
            return Shape.parse(text);
        } catch (IllegalArgumentException e) {
            throw BadRequest.of("shape: " + e.getMessage());
        }
    }
}
