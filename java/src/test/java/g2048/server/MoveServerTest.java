package g2048.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.ntuple.Method;
import g2048.ntuple.TupleSpec;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.SelfPlay;
import g2048.play.GameResult;
import g2048.play.GameRunner;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.player.Player;
import g2048.search.Expectimax;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.solver.Solution;
import g2048.solver.Solver;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server end to end over loopback: answers compared with the engine's own players, searches,
 * games and solution, bad requests, limits and timeouts.
 */
class MoveServerTest {

    private static final Shape DB_SHAPE = Shape.S2x3;
    @TempDir
    static Path dir;
    private static Path model;
    private static Path db;
    private static MoveService service;
    private static MoveServer server;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** An HTTP answer: its status and JSON body. */
    record Answer(int status, Map<String, Object> json, String body) {
    }

    @BeforeAll
    static void start() throws IOException {
        // a small 4x4 model with non-trivial values: a few hundred games of TD learning
        model = dir.resolve("small.g2n");
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse("0123,4567,0145,1256:sym"), Shape.S4x4,
                Method.TD_AFTERSTATE, 7, 0.01)) {
            SelfPlay t = new SelfPlay(m, 0.01, 1);
            t.train(300, null);
            NtupleModels.save(m, model);
        }
        db = dir.resolve("db23");
        new Solver(DB_SHAPE, db, 2).run(new Solver.Progress() {
            @Override
            public void forwardAge(int age, long states, long afterstates, long terminal, double seconds) {
            }

            @Override
            public void backwardAge(int age, double bestAfterstateValue, double seconds) {
            }
        });
        service = MoveService.open(model, db);
        server = MoveServer.start(service, new MoveServer.Settings("127.0.0.1", 0, 4, 64, 60_000));
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        if (service != null) {
            service.close();
        }
    }

    static Answer get(MoveServer s, String pathAndQuery) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + pathAndQuery)).GET().build());
    }

    static Answer send(HttpRequest request) {
        try {
            HttpResponse<String> r = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
            Map<String, Object> json = r.headers().firstValue("Content-Type").orElse("").startsWith("application/json")
                    ? TestJson.object(r.body()) : null;
            return new Answer(r.statusCode(), json, r.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** Boards met in seeded random games of {@code shape}: every kind of position, from the start to game over. */
    static List<Long> boards(Shape shape, int count, long seed) {
        Moves moves = Moves.of(shape);
        Rng rng = new Rng(seed);
        List<Long> out = new ArrayList<>();
        long b = Spawns.initial(shape, rng);
        while (out.size() < count) {
            out.add(b);
            if (moves.isTerminal(b)) {
                b = Spawns.initial(shape, rng);
                continue;
            }
            b = Spawns.spawn(moves.move(b, moves.randomLegalMove(b, rng)), shape.cellMask(), rng);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Object o) {
        return (List<Map<String, Object>>) o;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @Test
    void healthSaysWhatIsLoadedWithoutPaths() {
        Answer a = get(server, "/health");
        assertEquals(200, a.status());
        assertEquals("ok", a.json().get("status"));
        assertEquals("small.g2n", map(a.json().get("models")).get("ntuple"));
        // no policy network was given: the shipped one is served
        assertEquals("shipped policy5.g2pn", map(a.json().get("models")).get("policy"));
        assertNull(map(a.json().get("models")).get("cnn"));
        assertEquals("2x3", a.json().get("db_shape"));
        // every player with what it plays from: no value network was given
        assertEquals(List.of("ntuple", "lines", "heuristic", "random", "optimal", "policy"), a.json().get("players"));
        assertFalse(a.body().contains(dir.toString()), a.body());
    }

    @Test
    void moveValuesEqualTheSearchOfTheEnginesOwnPlayer() {
        for (String player : List.of("ntuple", "lines")) {
            for (int depth = 1; depth <= 2; depth++) {
                PlayerSpec spec = PlayerSpec.of(PlayerKind.parse(player)).withModel(player.equals("ntuple") ? model : null);
                SearchConfig config = SearchConfig.ofDepth(depth);
                Evaluator e = Players.evaluator(spec, Shape.S4x4, config);
                Expectimax search = new Expectimax(e, config.suitedTo(e));
                Player own = Players.create(spec, Shape.S4x4, config);
                for (long board : boards(Shape.S4x4, depth == 1 ? 300 : 60, 11 + depth)) {
                    String text = BoardText.format(board, Shape.S4x4);
                    Answer a = get(server, "/move?board=" + enc(text) + "&player=" + player + "&depth=" + depth);
                    assertEquals(200, a.status(), a.body());
                    SearchResult r = search.search(board);
                    List<Map<String, Object>> moves = list(a.json().get("moves"));
                    for (Direction d : Direction.ALL) {
                        Map<String, Object> m = moves.get(d.ordinal());
                        assertEquals(String.valueOf(d.letter()), m.get("move"));
                        assertEquals(!Double.isNaN(r.value(d.ordinal())), m.get("legal"), text);
                        if (!Double.isNaN(r.value(d.ordinal()))) {
                            assertEquals(TestJson.written(r.value(d.ordinal())), m.get("value"), player + " " + text + " " + d);
                        }
                    }
                    int chosen = own.chooseMove(board);
                    assertEquals(chosen < 0 ? null : String.valueOf(Direction.ALL[chosen].letter()), a.json().get("move"),
                            player + " depth " + depth + " " + text);
                }
            }
        }
    }

    /**
     * {@code serve --late-model}: the ntuple player's second model. The model itself as its late model
     * (from 256, on boards that hold one) answers every move as the model alone, offset +0; health
     * names it by its file name.
     */
    @Test
    void aLateModelAnswersAsTheModelItLevelsOn() throws IOException {
        try (MoveService staged = MoveService.open(MoveService.Sources.of(model, null).withLateModel(model, 256));
             MoveServer late = MoveServer.start(staged, new MoveServer.Settings("127.0.0.1", 0, 2, 64, 60_000))) {
            assertEquals("small.g2n", map(get(late, "/health").json().get("models")).get("ntuple_late"));
            assertNull(map(get(server, "/health").json().get("models")).get("ntuple_late"));
            int asked = 0;
            for (long board : boards(Shape.S4x4, 120, 17)) {
                if ((board >>> 60 & 0xF) != 0) {
                    continue;
                }
                // a 256 in the last cell: the late model values every afterstate of this board
                String text = BoardText.format(board | 8L << 60, Shape.S4x4);
                for (int depth = 1; depth <= 2; depth++) {
                    String query = "/move?board=" + enc(text) + "&depth=" + depth + "&downgrade=0";
                    Answer want = get(server, query);
                    Answer got = get(late, query);
                    assertEquals(200, got.status(), got.body());
                    assertEquals(want.json().get("moves"), got.json().get("moves"), text);
                    assertEquals(want.json().get("move"), got.json().get("move"), text);
                    String player = String.valueOf(got.json().get("player"));
                    assertTrue(player.contains("from 256: ") && player.contains(" +0") && !player.contains(dir.toString()),
                            player);
                    asked++;
                }
            }
            assertTrue(asked > 40, "boards asked about: " + asked);
        }
    }

    @Test
    void downgradedMoveValuesEqualTheDowngradedSearch() {
        int translated = 0;
        for (int depth = 1; depth <= 2; depth++) {
            SearchConfig config = SearchConfig.ofDepth(depth).withDowngrade(64);
            Evaluator e = Players.evaluator(PlayerSpec.of(PlayerKind.NTUPLE).withModel(model), Shape.S4x4, config);
            Expectimax search = new Expectimax(e, config.suitedTo(e));
            for (long board : boards(Shape.S4x4, depth == 1 ? 200 : 40, 31 + depth)) {
                String text = BoardText.format(board, Shape.S4x4);
                Answer a = get(server, "/move?board=" + enc(text) + "&depth=" + depth + "&downgrade=64");
                assertEquals(200, a.status(), a.body());
                assertEquals(64.0, map(a.json().get("search")).get("downgrade"));
                SearchResult r = search.search(board);
                translated += r.searchedBoard() != board ? 1 : 0;
                List<Map<String, Object>> moves = list(a.json().get("moves"));
                for (Direction d : Direction.ALL) {
                    if (!Double.isNaN(r.value(d.ordinal()))) {
                        assertEquals(TestJson.written(r.value(d.ordinal())), moves.get(d.ordinal()).get("value"), text + " " + d);
                    }
                }
                assertEquals(r.best() < 0 ? null : String.valueOf(Direction.ALL[r.best()].letter()), a.json().get("move"), text);
                assertEquals(r.searchedBoard() == board ? null : BoardText.format(r.searchedBoard(), Shape.S4x4),
                        a.json().get("searched_board"), text);
            }
        }
        assertTrue(translated > 20, "boards translated: " + translated);
        Answer game = get(server, "/game?seed=3&depth=1&downgrade=64&max_moves=50");
        assertEquals(200, game.status(), game.body());
        assertEquals(64.0, map(game.json().get("search")).get("downgrade"));
        // absent or auto: the network's own threshold (a 4x4 n-tuple network of one stage: 24576); 0: off
        String text = "16384,8192,2,0/0,0,0,0/0,0,0,0/0,0,4,0";
        for (String asked : new String[] {"", "&downgrade=auto"}) {
            Answer a = get(server, "/move?board=" + enc(text) + "&depth=2" + asked);
            assertEquals(200, a.status(), a.body());
            assertEquals(24576.0, map(a.json().get("search")).get("downgrade"), asked);
            assertEquals("8192,4096,2,0/0,0,0,0/0,0,0,0/0,0,4,0", a.json().get("searched_board"), asked);
        }
        Answer off = get(server, "/move?board=" + enc(text) + "&depth=2&downgrade=0");
        assertEquals(0.0, map(off.json().get("search")).get("downgrade"));
        assertEquals(null, off.json().get("searched_board"));
        Answer lines = get(server, "/move?board=" + enc(text) + "&player=lines&depth=2");
        assertEquals(0.0, map(lines.json().get("search")).get("downgrade"), "auto is off for the line heuristic");
    }

    @Test
    void aJsonBodyAsksWhatTheQueryStringAsks() {
        for (long board : boards(Shape.S4x4, 30, 41)) {
            String text = BoardText.format(board, Shape.S4x4);
            Answer get = get(server, "/move?board=" + enc(text) + "&player=lines&depth=2&downgrade=64");
            Answer post = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/move"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"board\": \"" + text + "\", \"player\": \"lines\","
                            + " \"depth\": 2, \"downgrade\": 64, \"seed\": null}")).build());
            assertEquals(200, post.status(), post.body());
            assertEquals(withoutTimes(get.body()), withoutTimes(post.body()));
        }
    }

    @Test
    void heuristicAndOptimalChooseAsTheEnginesPlayers() throws IOException {
        Player heuristic = Players.heuristic(Shape.S3x3);
        for (long board : boards(Shape.S3x3, 100, 5)) {
            Answer a = get(server, "/move?player=heuristic&board=" + enc(BoardText.format(board, Shape.S3x3)));
            int m = heuristic.chooseMove(board);
            assertEquals(m < 0 ? null : String.valueOf(Direction.ALL[m].letter()), a.json().get("move"));
        }
        try (Solution s = Solution.open(db)) {
            double[] q = new double[4];
            for (long board : boards(DB_SHAPE, 200, 6)) {
                String text = enc(BoardText.format(board, DB_SHAPE));
                Answer a = get(server, "/move?player=optimal&board=" + text);
                Answer solve = get(server, "/solve?board=" + text);
                assertEquals(200, a.status(), a.body());
                assertEquals(200, solve.status(), solve.body());
                int legal = s.moveValues(board, q);
                int best = s.bestMove(board);
                String letter = best < 0 ? null : String.valueOf(Direction.ALL[best].letter());
                assertEquals(letter, a.json().get("move"));
                assertEquals(letter, solve.json().get("move"));
                assertEquals(TestJson.written(s.stateValue(board)), solve.json().get("value"));
                for (int d = 0; d < 4; d++) {
                    Map<String, Object> m = list(solve.json().get("moves")).get(d);
                    assertEquals((legal >>> d & 1) != 0, m.get("legal"));
                    if ((legal >>> d & 1) != 0) {
                        assertEquals(TestJson.written(q[d]), m.get("value"));
                        assertEquals(TestJson.written(q[d]), list(a.json().get("moves")).get(d).get("value"));
                    } else {
                        assertNull(m.get("value"));
                        assertTrue(m.containsKey("value"), "an illegal move's value is null, not left out");
                    }
                }
            }
        }
    }

    /** The trace of {@code /game} is the engine's own game of that seed, step by step consistent. */
    private static Map<String, Object> checkTrace(String player, Shape shape, Integer depth, long seed, Solution exact) {
        String q = "/game?seed=" + seed + "&player=" + player + "&shape=" + shape + (depth == null ? "" : "&depth=" + depth);
        Answer a = get(server, q);
        assertEquals(200, a.status(), a.body());
        PlayerSpec spec = PlayerSpec.of(PlayerKind.parse(player)).withModel(player.equals("ntuple") ? model : null);
        spec = player.equals("optimal") ? PlayerSpec.of(PlayerKind.OPTIMAL).withDb(db) : spec;
        Player own = Players.create(spec, shape, SearchConfig.ofDepth(depth == null ? 1 : depth));
        GameResult g = new GameRunner(shape).play(own.forThread(), 0, Rng.gameSeed(seed, 0), new Rng(0), null);
        Map<String, Object> t = a.json();
        assertEquals((double) g.score(), t.get("score"), q);
        assertEquals((double) g.moves(), t.get("moves_played"), q);
        assertEquals(BoardText.format(g.finalBoard(), shape), t.get("final_board"), q);
        assertEquals(Boolean.TRUE, t.get("game_over"));
        Moves moves = Moves.of(shape);
        long board = BoardText.parse((String) t.get("start")).board();
        long score = 0;
        double[] optimal = new double[4];
        for (Map<String, Object> step : list(t.get("steps"))) {
            assertEquals(BoardText.format(board, shape), step.get("board"));
            int d = Direction.ofLetter(((String) step.get("move")).charAt(0)).ordinal();
            long after = moves.move(board, d);
            assertEquals(BoardText.format(after, shape), step.get("afterstate"));
            score += moves.reward(board, d);
            assertEquals((double) score, step.get("score"));
            Map<String, Object> spawn = map(step.get("spawn"));
            int cell = 4 * ((Double) spawn.get("row")).intValue() + ((Double) spawn.get("col")).intValue();
            int tile = ((Double) spawn.get("tile")).intValue();
            assertEquals(0, g2048.game.Board.code(after, cell), "spawn on an empty cell");
            board = g2048.game.Board.withCode(after, cell, Integer.numberOfTrailingZeros(tile));
            if (exact != null) {
                exact.moveValues(BoardText.parse((String) step.get("board")).board(), optimal);
                Map<String, Object> o = map(step.get("optimal_values"));
                for (Direction dir : Direction.ALL) {
                    Object v = o.get(String.valueOf(dir.letter()));
                    assertEquals(TestJson.written(optimal[dir.ordinal()]), v);
                }
            } else {
                assertTrue(step.containsKey("optimal_values"));
                assertNull(step.get("optimal_values"));
            }
        }
        assertEquals(t.get("final_board"), BoardText.format(board, shape));
        return t;
    }

    @Test
    void aSeededGamesTraceIsTheEnginesGameOfThatSeed() throws IOException {
        for (long seed = 1; seed <= 3; seed++) {
            checkTrace("ntuple", Shape.S4x4, 1, seed, null);
            checkTrace("lines", Shape.S3x3, 2, seed, null);
            checkTrace("heuristic", Shape.S3x3, null, seed, null);
            checkTrace("random", Shape.S4x4, null, seed, null);
        }
        try (Solution s = Solution.open(db)) {
            for (long seed = 1; seed <= 5; seed++) {
                checkTrace("optimal", DB_SHAPE, null, seed, s);
                checkTrace("lines", DB_SHAPE, 1, seed, s);
            }
        }
        Answer cut = get(server, "/game?seed=2&player=lines&max_moves=7");
        assertEquals(7.0, cut.json().get("moves_played"));
        assertEquals(7, list(cut.json().get("steps")).size());
        assertEquals(Boolean.FALSE, cut.json().get("game_over"));
    }

    @Test
    void concurrentRequestsGetTheAnswersOfSequentialOnes() throws Exception {
        List<String> queries = new ArrayList<>();
        for (long b : boards(Shape.S4x4, 40, 21)) {
            queries.add("/move?depth=2&board=" + enc(BoardText.format(b, Shape.S4x4)));
        }
        for (int seed = 1; seed <= 4; seed++) {
            queries.add("/game?player=lines&shape=3x3&depth=2&seed=" + seed);
        }
        List<String> sequential = new ArrayList<>();
        for (String q : queries) {
            sequential.add(withoutTimes(get(server, q).body()));
        }
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 3; round++) {
                List<Future<String>> answers = new ArrayList<>();
                for (String q : queries) {
                    answers.add(clients.submit(() -> withoutTimes(get(server, q).body())));
                }
                for (int i = 0; i < queries.size(); i++) {
                    assertEquals(sequential.get(i), answers.get(i).get(), queries.get(i));
                }
            }
        } finally {
            clients.shutdownNow();
        }
    }

    /** An answer without its timings, which differ from run to run. */
    private static String withoutTimes(String json) {
        return json.replaceAll("\"(elapsed_us|elapsed_ms)\":[0-9.eE+-]+", "");
    }

    @Test
    void badRequestsAre400NamingTheParameterNeverAStackTrace() {
        String b = "&board=" + enc("2,4/0,0");
        String[][] cases = {
            {"/move", "board: missing"},
            {"/move?board=" + enc("2,x/0,0"), "board cell (1,2)"},
            {"/move?board=" + enc("2,4,8/0,0"), "board row 2"},
            {"/move?player=lines&depth=two" + b, "depth: 'two' is not an integer"},
            {"/move?player=chess" + b, "player: 'chess' is not served"},
            {"/move?player=policy" + b, "board: a 2x2 board, the player plays 4x4"},
            {"/move?player=cnn&depth=2&board=" + enc("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0"),
                "player: cnn needs a value network (start the server with --cnn FILE"},
            {"/move?player=heuristic&depth=2" + b, "depth: player 'heuristic' searches at its own depth"},
            {"/move?player=ntuple" + b, "board: a 2x2 board, the player plays 4x4"},
            {"/move?colour=red" + b, "colour: unknown parameter"},
            {"/move?player=lines&depth=0" + b, "depth: expected 1..12, got 0"},
            {"/move?player=lines&depth=6" + b, "depth: 6 is out of range: this server searches at most 5 plies"},
            {"/move?player=lines&downgrade=auto&depth=-3" + b, "depth: expected 1..12, got -3"},
            {"/move?player=lines&downgrade=2" + b, "downgrade: expected auto, 0 (off) or a tile sum 4..65535 (e.g. 24576), got 2"},
            {"/move?player=lines&downgrade=70000" + b, "downgrade: expected auto, 0 (off) or a tile sum 4..65535 (e.g. 24576), got 70000"},
            {"/move?player=heuristic&downgrade=32768" + b, "downgrade: player 'heuristic' searches at its own depth"},
            {"/move?player=lines&player=lines" + b, "player: given twice"},
            {"/game?seed=x", "seed: 'x' is not an integer"},
            // numbers in ASCII digits only, read as the command line reads them
            {"/game?seed=" + enc("\u0661\u0662"), "seed: '\u0661\u0662' is not an integer"},
            {"/game?seed=" + enc("+12"), "seed: '+12' is not an integer"},
            {"/move?player=lines&depth=" + enc("\u0662") + b, "depth: '\u0662' is not an integer"},
            {"/game?shape=5x5", "shape: shape must be RxC"},
            {"/game?max_moves=-1", "max_moves: -1 is out of range"},
            {"/solve?board=" + enc("2,4,8/0,0,0/0,0,0"), "board: a 3x3 board, the database solves 2x3"},
            {"/solve?board=" + enc("0,0,0/0,0,0"), "board: "},
        };
        for (String[] c : cases) {
            Answer a = get(server, c[0]);
            assertEquals(400, a.status(), c[0] + " -> " + a.body());
            String error = (String) a.json().get("error");
            assertTrue(error.startsWith(c[1]), c[0] + " -> " + error);
            assertEquals(1, a.json().size(), a.body());
            assertFalse(a.body().contains("Exception") || a.body().contains("at g2048."), a.body());
        }
        String[][] bodies = {
            {"{\"board\": \"2,4/0,0\", \"depth\": [1]}", "depth: expected a string or a number"},
            {"{\"board\": \"2,4/0,0\"", "body: not a flat JSON object (expected '}'"},
            {"{\"board\": \"2,4/0,0\", \"board\": null}", "board: given twice"},
            {"{\"colour\": \"red\"}", "colour: unknown parameter"},
            {"{\"board\": \"2,4/0,0\"} x", "body: not a flat JSON object (text after the object"},
        };
        for (String[] c : bodies) {
            Answer a = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/move"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(c[0])).build());
            assertEquals(400, a.status(), c[0] + " -> " + a.body());
            assertTrue(((String) a.json().get("error")).startsWith(c[1]), c[0] + " -> " + a.body());
        }
        Answer post = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/move"))
                .POST(HttpRequest.BodyPublishers.ofString("player=lines&depth=9" + b)).build());
        assertEquals(400, post.status());
        assertTrue(((String) post.json().get("error")).startsWith("depth: 9 is out of range"), post.body());
        Answer badEncoding = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/move"))
                .POST(HttpRequest.BodyPublishers.ofString("board=%zz")).build());
        assertEquals(400, badEncoding.status());
        assertEquals("board: bad percent-encoding", badEncoding.json().get("error"));
    }

    @Test
    void postTakesTheSameParametersAsGet() {
        String form = "player=lines&depth=2&board=" + enc("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0");
        Answer post = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/move"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build());
        assertEquals(200, post.status(), post.body());
        assertEquals(withoutTimes(get(server, "/move?" + form).body()), withoutTimes(post.body()));
    }

    @Test
    void unknownPathsAre404AndWrongMethods405() {
        Answer a = get(server, "/moves");
        assertEquals(404, a.status());
        assertTrue(((String) a.json().get("error")).startsWith("no such path: /moves"), a.body());
        Answer del = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/move")).DELETE().build());
        assertEquals(405, del.status());
        assertTrue(((String) del.json().get("error")).contains("expected GET or POST"), del.body());
        Answer post = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/game"))
                .POST(HttpRequest.BodyPublishers.ofString("seed=1")).build());
        assertEquals(405, post.status());
    }

    @Test
    void solveWithoutADatabaseIs404() throws IOException {
        try (MoveService none = MoveService.open(model, null);
             MoveServer s = MoveServer.start(none, new MoveServer.Settings("127.0.0.1", 0, 1, 4, 10_000))) {
            Answer a = get(s, "/solve?board=" + enc("2,2,0/0,0,0"));
            assertEquals(404, a.status());
            assertTrue(((String) a.json().get("error")).startsWith("no solver database is loaded"), a.body());
            Answer optimal = get(s, "/move?player=optimal&board=" + enc("2,2,0/0,0,0"));
            assertEquals(400, optimal.status());
            assertTrue(((String) optimal.json().get("error")).startsWith("player: optimal needs a solver database"));
        }
    }

    @Test
    void theViewerIsServedFromTheJar() {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/")).GET().build();
        Answer page = send(r);
        assertEquals(200, page.status());
        assertTrue(page.body().contains("<script src=\"viewer.js\">"), page.body());
        assertFalse(page.body().contains("http://") || page.body().contains("https://"), "no external resources");
        Answer js = get(server, "/viewer.js");
        assertEquals(200, js.status());
        assertTrue(js.body().contains("fetchJson(\"/move?\" + key"), "the viewer asks /move for each board");
        assertEquals(200, get(server, "/viewer.css").status());
    }

    /** A slow request: a whole 4x4 game searched 3-ply over the line heuristic (seconds). */
    private static final String SLOW = "/game?player=lines&depth=3&seed=9";

    @Test
    void requestsBeyondTheLimitAre503AndTheLimitFreesWhenWorkEnds() throws Exception {
        try (MoveService lines = MoveService.open(model, null);
             MoveServer s = MoveServer.start(lines, new MoveServer.Settings("127.0.0.1", 0, 1, 1, 600_000))) {
            ExecutorService client = Executors.newSingleThreadExecutor();
            try {
                Future<Answer> slow = client.submit(() -> get(s, SLOW));
                while (((Double) get(s, "/health").json().get("requests_in_flight")) < 1) {
                    Thread.sleep(5);
                }
                Answer busy = get(s, "/move?player=lines&board=" + enc("2,2/0,0"));
                assertEquals(503, busy.status(), busy.body());
                assertTrue(((String) busy.json().get("error")).startsWith("busy: 1 requests in flight"), busy.body());
                assertEquals(200, slow.get().status());
                assertEquals(200, get(s, "/move?player=lines&board=" + enc("2,2/0,0")).status());
            } finally {
                client.shutdownNow();
            }
        }
    }

    @Test
    void aRequestPastItsTimeoutIs503AndItsGameStops() throws Exception {
        try (MoveService lines = MoveService.open(model, null);
             MoveServer s = MoveServer.start(lines, new MoveServer.Settings("127.0.0.1", 0, 1, 4, 50))) {
            Answer a = get(s, SLOW);
            assertEquals(503, a.status(), a.body());
            // the search may notice its deadline before the answer's timer fires: either says the 50 ms
            String error = (String) a.json().get("error");
            assertTrue(error.startsWith("timed out: ") && error.contains("50 ms"), error);
            // the interrupted game stops at its next move and gives its place back
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (((Double) get(s, "/health").json().get("requests_in_flight")) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(0.0, get(s, "/health").json().get("requests_in_flight"));
        }
    }
}
