package g2048.server;

import g2048.answers.JsonConventions;
import g2048.answers.MoveAnswer;
import g2048.answers.SolveAnswer;
import g2048.game.Board;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.play.GameResult;
import g2048.play.Answerer;
import g2048.play.GameRunner;
import g2048.player.Player;
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

    /**
     * {@code /move}: every direction's value for the board and the player's choice, as
     * {@code move --json} writes them ({@link MoveAnswer}, {@code schemas/move.schema.json}).
     */
    String move(Params p) {
        BoardText.Parsed parsed = board(p.required("board"));
        // read for every player, so that a bad seed is refused whichever player was asked for
        long seed = p.longValue("seed", 0);
        MoveService.Served s = service.served(p.text("player", "ntuple"), depth(p), downgrade(p));
        return MoveAnswer.of(service.answer(s, parsed.board(), parsed.shape(), seed)).toString();
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
        MoveService.Served served = service.served(player, depth, downgrade(p));
        Answerer.Game played = service.game(served, shape);
        Player own = played.asPlayer(RequestDeadline.get());
        Solution exact = service.solution() != null && service.solution().shape().equals(shape) ? service.solution() : null;
        if (exact != null) {
            service.requireIntactDatabase(); // its exact values go beside each move
        }
        Moves moves = Moves.of(shape);
        long t0 = System.nanoTime();
        JsonWriter j = JsonConventions.writer().begin()
                .field("seed", seed)
                .field("game_seed", Rng.gameSeed(seed, 0))
                .field("shape", shape.toString())
                .field("player", service.name(played.name()));
        if (played.config() != null) {
            JsonConventions.search(j, "search", played.config());
        } else {
            j.nullField("search");
        }
        double[] q = new double[4];
        long[] score = {0};
        GameRunner runner = new GameRunner(shape);
        GameResult game = MoveService.refused(() -> runner.trace(own, seed, maxMoves, new GameRunner.Step() {
            private boolean first = true;

            @Override
            public void moved(long board, int move, double[] values, long afterstate, long next, long nanos) {
                if (first) {
                    j.field("start", BoardText.format(board, shape)).beginArray("steps");
                    first = false;
                }
                j.begin().field("board", BoardText.format(board, shape));
                values(j, "values", values);
                if (exact != null) {
                    exact.moveValues(board, q);
                    values(j, "optimal_values", q);
                } else {
                    j.nullField("optimal_values");
                }
                long reward = moves.reward(board, move);
                score[0] += reward;
                int cell = Long.numberOfTrailingZeros(next ^ afterstate) >>> 2;
                j.field("move", JsonConventions.move(move)).field("reward", reward)
                        .field("afterstate", BoardText.format(afterstate, shape))
                        .object("spawn").field("row", cell / 4).field("col", cell % 4)
                        .field("tile", Board.tileValue(Board.code(next, cell))).end()
                        .field("score", score[0])
                        .field("elapsed_us", nanos / 1e3).end();
                if (Thread.currentThread().isInterrupted()) {
                    throw new CancellationException("timed out");
                }
                RequestDeadline.check();
            }
        }));
        if (game.moves() == 0) {
            j.field("start", BoardText.format(game.finalBoard(), shape)).beginArray("steps");
        }
        j.endArray();
        long last = game.finalBoard();
        return j.field("moves_played", game.moves())
                .field("score", game.score())
                .field("max_tile", Board.tileValue(game.maxCode()))
                .field("final_board", BoardText.format(last, shape))
                .field("game_over", moves.isTerminal(last))
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
        service.requireIntactDatabase();
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
        return SolveAnswer.of(s, b).toString();
    }

    private static void values(JsonWriter j, String key, double[] v) {
        j.object(key);
        for (Direction dir : Direction.ALL) {
            j.field(String.valueOf(dir.letter()), v[dir.ordinal()]);
        }
        j.end();
    }

    /** The tile-downgrading threshold asked for: {@link SearchConfig#DOWNGRADE_AUTO} when absent, as {@link SearchConfig} reads it otherwise. */
    private static int downgrade(Params p) {
        return p.has("downgrade") ? MoveService.refused(() -> SearchConfig.parseDowngrade(p.text("downgrade", "")))
                : SearchConfig.DOWNGRADE_AUTO;
    }

    /**
     * The depth asked for, null when absent: at most {@link MoveService#MAX_DEPTH}, this server's
     * bound on the work of a request; the rest of the range is {@link SearchConfig}'s to check.
     */
    private static Integer depth(Params p) {
        if (!p.has("depth")) {
            return null;
        }
        int d = p.intValue("depth", 1, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (d > MoveService.MAX_DEPTH) {
            throw BadRequest.of("depth: " + d + " is out of range: this server searches at most " + MoveService.MAX_DEPTH + " plies");
        }
        return d;
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
