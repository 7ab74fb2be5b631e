package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.play.Players;
import g2048.policy.PolicyPlayer;
import g2048.search.Expectimax;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.solver.Solution;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code g2048 session} in a real child process: 10,000 requests of every kind, each answer checked
 * against the engine called here (its search, its heuristic player, its spawns, its solution), and
 * against session.schema.json.
 */
class SessionProcessTest {

    private static final int REQUESTS = 10_000;
    private static final List<Shape> SHAPES = List.of(Shape.parse("2x2"), Shape.parse("2x3"), Shape.parse("3x3"), Shape.S4x4);

    /** The child's side of the conversation: one request out, one reply in. */
    static final class Child implements AutoCloseable {
        final Process process;
        final BufferedWriter in;
        final BufferedReader out;

        Child(Path err, String... args) throws Exception {
            this(err, List.of(), args);
        }

        /** The child, its JVM given {@code jvm} options too (e.g. a small heap). */
        Child(Path err, List<String> jvm, String... args) throws Exception {
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(jvm);
            for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (arg.startsWith("--enable-native-access") || arg.startsWith("--add-exports") || arg.startsWith("java.base/")) {
                    cmd.add(arg);
                }
            }
            cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
            cmd.addAll(List.of(args));
            process = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
            in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }

        String ask(String request) throws Exception {
            in.write(request);
            in.write('\n');
            in.flush();
            return out.readLine();
        }

        @Override
        public void close() {
            process.destroy();
        }
    }

    /** What the test expects the session to hold: the player, its settings, the game. */
    private String player = "lines";
    private int depth = 1;
    private Shape gameShape;
    private long board;
    private long score;
    private int played;
    private Rng rng;

    @Test
    void tenThousandRequestsAnsweredAsTheEngineAnswersThem(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("db22");
        assertEquals(0, CommandRun.of("solve", "--shape", "2x2", "--out", db.toString(), "--quiet").exit());
        Random random = new Random(33);
        List<long[]> boards = new ArrayList<>();
        int errors = 0;
        try (Solution solution = Solution.open(db); Child child = new Child(dir.resolve("err.txt"), "session", "--player", "lines")) {
            String ready = child.out.readLine();
            assertEquals("ready", reply(ready).get("reply"), ready + " " + Files.readString(dir.resolve("err.txt")));
            assertEquals("auto", map(reply(ready).get("result")).get("downgrade"), "the default: the value function's own");
            for (int n = 0; n < REQUESTS; n++) {
                int kind = random.nextInt(100);
                String request;
                String line;
                if (gameShape == null || kind < 5 || (kind < 60 && over())) {
                    long seed = random.nextInt(1000);
                    // 4x4 now and then: its heuristic steps search 3 plies on crowded boards, the costliest requests here
                    Shape s = random.nextInt(8) == 0 ? Shape.S4x4 : SHAPES.get(1 + random.nextInt(2));
                    request = "{\"cmd\":\"new-game\",\"seed\":" + seed + ",\"shape\":\"" + s + "\"}";
                    line = child.ask(request);
                    newGame(s, seed);
                    checkGame(line, request);
                } else if (kind < 35) {
                    Shape s = SHAPES.get(random.nextInt(player.equals("heuristic") ? 3 : SHAPES.size()));
                    long b = randomBoard(s, random);
                    boolean timed = player.equals("lines") && random.nextInt(20) == 0;
                    int d = player.equals("heuristic") ? 0 : timed ? 3 : s.equals(Shape.S4x4) ? 1 + random.nextInt(2) : 1 + random.nextInt(3);
                    String extra = d == 0 ? "" : ",\"depth\":" + d + (timed ? ",\"time_ms\":1" : "")
                            + (random.nextInt(10) == 0 ? ",\"downgrade\":64" : "");
                    request = "{\"cmd\":\"move\",\"board\":\"" + BoardText.format(b, s) + "\"" + extra + "}";
                    line = child.ask(request);
                    checkMove(map(reply(line, "move", request).get("result")), b, s, extra.contains("downgrade") ? 64 : 0);
                } else if (kind < 60) {
                    request = "{\"cmd\":\"step\"}";
                    line = child.ask(request);
                    Map<String, Object> r = reply(line, "step", request);
                    Map<String, Object> choice = map(map(r.get("result")).get("choice"));
                    int move = checkMove(choice, board, gameShape, 0);
                    assertEquals(move, Direction.ofLetter(((String) map(r.get("result")).get("played")).charAt(0)).ordinal());
                    play(move);
                    checkGame(line, request);
                } else if (kind < 72) {
                    // moves on the game: a spawn after each; now and then an illegal one, refused as a whole
                    Moves moves = Moves.of(gameShape);
                    StringBuilder letters = new StringBuilder();
                    boolean illegal = random.nextInt(8) == 0;
                    long saved = board;
                    long savedScore = score;
                    int savedPlayed = played;
                    long draws = played;
                    for (int k = 1 + random.nextInt(3); k > 0 && !over(); k--) {
                        int m = legalMove(moves, board, random);
                        letters.append(Direction.ALL[m].letter());
                        play(m);
                    }
                    if (illegal) {
                        int m = illegalMove(moves, board);
                        if (m >= 0) {
                            letters.append(Direction.ALL[m].letter());
                        } else {
                            illegal = false;
                        }
                    }
                    if (letters.isEmpty()) {
                        n--;
                        continue;
                    }
                    request = "{\"cmd\":\"apply\",\"moves\":\"" + letters + "\"}";
                    line = child.ask(request);
                    if (illegal) {
                        assertError(line, "apply", "moves: move " + letters.length() + ":");
                        errors++;
                        board = saved;
                        score = savedScore;
                        played = savedPlayed;
                        rewind(draws);
                    } else {
                        checkGame(line, request);
                    }
                } else if (kind < 78) {
                    Shape s = SHAPES.get(random.nextInt(SHAPES.size()));
                    long b = randomBoard(s, random);
                    Moves moves = Moves.of(s);
                    if (moves.isTerminal(b)) {
                        n--;
                        continue;
                    }
                    int m = legalMove(moves, b, random);
                    request = "{\"cmd\":\"apply\",\"board\":\"" + BoardText.format(b, s) + "\",\"moves\":\"" + Direction.ALL[m].letter() + "\"}";
                    Map<String, Object> result = map(reply(child.ask(request), "apply", request).get("result"));
                    Map<String, Object> step = map(((List<?>) result.get("steps")).getFirst());
                    assertEquals(BoardText.format(moves.move(b, m), s), step.get("afterstate"), request);
                    assertEquals((double) moves.reward(b, m), step.get("reward"), request);
                } else if (kind < 86) {
                    long b = randomBoard(Shape.parse("2x2"), random);
                    request = "{\"cmd\":\"solve-query\",\"db\":\"" + db + "\",\"board\":\"" + BoardText.format(b, Shape.parse("2x2")) + "\"}";
                    line = child.ask(request);
                    if (Double.isNaN(solution.stateValue(b))) {
                        assertError(line, "solve-query", "board: ");
                        errors++;
                    } else {
                        Map<String, Object> result = map(reply(line, "solve-query", request).get("result"));
                        assertEquals(solution.stateValue(b), (double) result.get("value"), 1e-6, request);
                        double[] q = new double[4];
                        solution.moveValues(b, q);
                        int best = solution.bestMove(b);
                        assertEquals(best < 0 ? null : String.valueOf(Direction.ALL[best].letter()), result.get("move"), request);
                    }
                } else if (kind < 92) {
                    player = random.nextInt(4) == 0 ? "heuristic" : "lines";
                    depth = player.equals("heuristic") ? 1 : 1 + random.nextInt(2);
                    request = "{\"cmd\":\"set\",\"player\":\"" + player + "\"" + (player.equals("lines") ? ",\"depth\":" + depth : "") + "}";
                    Map<String, Object> settings = map(reply(child.ask(request), "set", request).get("result"));
                    assertEquals(player, settings.get("player"));
                    assertEquals((double) depth, settings.get("depth"));
                } else {
                    String[] bad = {"{\"cmd\":\"move\",\"board\":\"2,2/0\"}", "board row 2 has 1 cells",
                        "{\"cmd\":\"move\",\"board\":\"2,2/0,0\",\"depth\":13}", player.equals("heuristic") ? "depth" : "depth: expected 1..12",
                        "{\"cmd\":\"step\",\"seed\":1}", "seed: not a field",
                        "{\"cmd\":\"fly\"}", "cmd: unknown request",
                        "{\"cmd\":\"set\",\"player\":\"nobody\"}", "player: ",
                        "{\"cmd\":\"solve-query\",\"db\":\"" + dir.resolve("none") + "\",\"board\":\"2,2/0,0\"}", "",
                        "{\"cmd\":\"move\"", "request: not a flat JSON object",
                        "{\"cmd\":\"move\",\"board\":\"2,2/0,0\",\"downgrade\":\"often\"}", "downgrade: expected \"auto\", 0 (off)"};
                    int k = random.nextInt(bad.length / 2);
                    request = bad[2 * k];
                    line = child.ask(request);
                    assertError(line, null, bad[2 * k + 1]);
                    errors++;
                }
            }
            assertEquals("{\"reply\":\"quit\"}", child.ask("{\"cmd\":\"quit\"}"));
            assertTrue(child.process.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, child.process.exitValue(), Files.readString(dir.resolve("err.txt")));
        }
        assertTrue(errors > 200, "errors answered: " + errors);
    }

    @Test
    void thePolicyPlayerAnswersWithTheShippedNetwork(@TempDir Path dir) throws Exception {
        PolicyPlayer own = Players.policy(null, Shape.S4x4);
        Random random = new Random(7);
        try (Child child = new Child(dir.resolve("err.txt"), "session", "--player", "lines")) {
            assertEquals("ready", reply(child.out.readLine()).get("reply"), Files.readString(dir.resolve("err.txt")));
            String set = "{\"cmd\":\"set\",\"player\":\"policy\"}";
            String line = child.ask(set);
            assertEquals(List.of(), JsonSchemaTest.errors("session", line), line);
            Map<String, Object> settings = map(reply(line, "set", set).get("result"));
            assertEquals("policy", settings.get("player"));
            assertEquals("shipped policy5.g2pn", settings.get("model"));
            assertEquals("4x4", settings.get("shape"));
            for (int n = 0; n < 20; n++) {
                long b = randomBoard(Shape.S4x4, random);
                String request = "{\"cmd\":\"move\",\"board\":\"" + BoardText.format(b, Shape.S4x4) + "\"}";
                line = child.ask(request);
                assertEquals(List.of(), JsonSchemaTest.errors("session", line), line);
                checkPolicyMove(own, map(reply(line, "move", request).get("result")), b);
            }
            // a game stepped by the network: each step is its choice
            line = child.ask("{\"cmd\":\"new-game\",\"seed\":9}");
            newGame(Shape.S4x4, 9);
            checkGame(line, "new-game");
            for (int n = 0; n < 30 && !over(); n++) {
                line = child.ask("{\"cmd\":\"step\"}");
                assertEquals(List.of(), JsonSchemaTest.errors("session", line), line);
                Map<String, Object> r = map(reply(line, "step", "step").get("result"));
                int move = checkPolicyMove(own, map(r.get("choice")), board);
                play(move);
                checkGame(line, "step");
            }
            String[] bad = {"{\"cmd\":\"move\",\"depth\":2}", "depth: player 'policy' plays",
                "{\"cmd\":\"set\",\"depth\":2}", "depth: player 'policy' plays",
                "{\"cmd\":\"move\",\"board\":\"2,2/0,0\"}", "board: a 2x2 board, the player plays 4x4",
                "{\"cmd\":\"new-game\",\"shape\":\"3x3\"}", "shape: 3x3, the player plays 4x4",
                "{\"cmd\":\"set\",\"player\":\"policy\",\"model\":\"" + dir.resolve("none.g2pn") + "\"}", "model: " + dir.resolve("none.g2pn") + ": no such file"};
            for (int k = 0; k < bad.length; k += 2) {
                assertError(child.ask(bad[k]), null, bad[k + 1]);
            }
            // the session goes on with the shipped network after the refusals
            line = child.ask("{\"cmd\":\"set\",\"player\":\"policy\",\"model\":\"" + Path.of("..", "models", "policy5.g2pn") + "\"}");
            assertEquals("../models/policy5.g2pn", map(reply(line, "set", "set").get("result")).get("model"));
            assertEquals("{\"reply\":\"quit\"}", child.ask("{\"cmd\":\"quit\"}"));
            assertTrue(child.process.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, child.process.exitValue(), Files.readString(dir.resolve("err.txt")));
        }
        try (Child child = new Child(dir.resolve("err2.txt"), "session", "--player", "policy")) {
            Map<String, Object> ready = map(reply(child.out.readLine()).get("result"));
            assertEquals("shipped policy5.g2pn", ready.get("model"), Files.readString(dir.resolve("err2.txt")));
        }
    }

    /**
     * With a time bank, a game's steps share one: each step's balance is the one before plus the
     * budget less what the step's search took, within its bounds, from an empty bank at new-game.
     */
    @Test
    void aGamesStepsShareOneTimeBank(@TempDir Path dir) throws Exception {
        double budget = 2;
        try (Child child = new Child(dir.resolve("err.txt"), "session", "--player", "lines", "--depth", "8", "--time-ms",
                String.valueOf(budget), "--time-bank")) {
            Map<String, Object> ready = map(reply(child.out.readLine()).get("result"));
            assertEquals(true, ready.get("time_bank"), Files.readString(dir.resolve("err.txt")));
            int steps = 0;
            for (int game = 0; game < 2; game++) {
                String line = child.ask("{\"cmd\":\"new-game\",\"seed\":" + (5 + game) + ",\"shape\":\"4x4\"}");
                reply(line, "new-game", "new-game");
                double bank = 0;
                for (int n = 0; n < 25; n++) {
                    line = child.ask("{\"cmd\":\"step\"}");
                    assertEquals(List.of(), JsonSchemaTest.errors("session", line), line);
                    Map<String, Object> r = map(reply(line, "step", "step").get("result"));
                    double spent = (double) map(r.get("choice")).get("elapsed_us") / 1e3;
                    double expected = Math.clamp(bank + budget - spent, -budget, (SearchConfig.BANK_BUDGETS - 1) * budget);
                    assertEquals(expected, (double) r.get("time_bank_ms"), 1e-5, line);
                    bank = (double) r.get("time_bank_ms");
                    steps++;
                    if (Boolean.TRUE.equals(r.get("over"))) {
                        break;
                    }
                }
            }
            assertTrue(steps > 25, "steps: " + steps);
            // without the bank, steps say so
            String line = child.ask("{\"cmd\":\"set\",\"time_bank\":false}");
            assertEquals(false, map(reply(line, "set", "set").get("result")).get("time_bank"), line);
            line = child.ask("{\"cmd\":\"step\"}");
            assertTrue(map(reply(line, "step", "step").get("result")).containsKey("time_bank_ms"), line);
            assertEquals(null, map(reply(line, "step", "step").get("result")).get("time_bank_ms"), line);
            assertError(child.ask("{\"cmd\":\"set\",\"time_ms\":0,\"time_bank\":true}"), "set",
                    "time_bank: needs time_ms");
            assertError(child.ask("{\"cmd\":\"move\",\"time_bank\":1}"), "move", "time_bank: expected true or false");
            assertEquals("{\"reply\":\"quit\"}", child.ask("{\"cmd\":\"quit\"}"));
            assertTrue(child.process.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, child.process.exitValue(), Files.readString(dir.resolve("err.txt")));
        }
    }

    /** Checks a policy move answer against the network played here; the move it chose. */
    private static int checkPolicyMove(PolicyPlayer own, Map<String, Object> result, long b) {
        assertEquals("policy POLICY5 (shipped policy5.g2pn), greedy", result.get("player"));
        assertEquals(null, result.get("search"));
        double[] p = own.probabilities(b);
        List<?> moves = (List<?>) result.get("moves");
        for (Direction d : Direction.ALL) {
            Map<String, Object> m = map(moves.get(d.ordinal()));
            assertEquals(null, m.get("value"));
            if (Boolean.TRUE.equals(m.get("legal"))) {
                assertEquals(p[d.ordinal()], (double) m.get("probability"), 1e-6, result.toString());
            }
        }
        int best = own.chooseMove(b);
        assertEquals(best < 0 ? null : String.valueOf(Direction.ALL[best].letter()), result.get("move"), result.toString());
        return best;
    }

    private int validated = 0;
    private final Map<Shape, ExpectimaxPlayer> heuristics = new java.util.HashMap<>();

    private Map<String, Object> reply(String line) {
        if (validated++ % 10 == 0) {
            assertEquals(List.of(), JsonSchemaTest.errors("session", line), line);
        }
        return MiniJson.object(line);
    }

    private Map<String, Object> reply(String line, String expected, String request) {
        Map<String, Object> r = reply(line);
        assertEquals(expected, r.get("reply"), request + " -> " + line);
        return r;
    }

    private void assertError(String line, String request, String start) {
        Map<String, Object> r = reply(line);
        assertEquals("error", r.get("reply"), line);
        if (request != null) {
            assertEquals(request, r.get("request"), line);
        }
        assertTrue(((String) r.get("error")).startsWith(start) && !((String) r.get("error")).contains("\n"), line);
    }

    /** Checks a move answer against the engine's own search here; the move it chose. */
    private int checkMove(Map<String, Object> result, long b, Shape s, int downgrade) {
        Map<String, Object> search = map(result.get("search"));
        SearchResult expected;
        if (player.equals("heuristic")) {
            ExpectimaxPlayer heuristic = heuristics.computeIfAbsent(s, x -> (ExpectimaxPlayer) Players.heuristic(x));
            heuristic.chooseMove(b);
            expected = heuristic.lastResult();
        } else {
            // a timed search is checked at the depth it reached, searched here without a budget
            int d = ((Double) result.get("depth_reached")).intValue();
            assertTrue(d >= 0 && d <= ((Double) search.get("depth")).intValue(), result.toString());
            d = Math.max(1, d); // 0: a finished game, nothing searched
            LineHeuristicEvaluator lines = new LineHeuristicEvaluator(s);
            SearchConfig config = SearchOptions.defaults(d).withDowngrade(downgrade).suitedTo(lines);
            expected = new Expectimax(lines, config).search(b);
        }
        List<?> moves = (List<?>) result.get("moves");
        for (int i = 0; i < 4; i++) {
            Object v = map(moves.get(i)).get("value");
            if (Double.isNaN(expected.value(i))) {
                assertEquals(null, v, result.toString());
            } else {
                assertEquals(expected.value(i), (double) v, 1e-6, result.toString());
            }
        }
        int best = expected.best();
        assertEquals(best < 0 ? null : String.valueOf(Direction.ALL[best].letter()), result.get("move"), result.toString());
        return best;
    }

    private void checkGame(String line, String request) {
        Map<String, Object> game = map(reply(line).get("result"));
        assertEquals(BoardText.format(board, gameShape), game.get("board"), request + " -> " + line);
        assertEquals((double) score, game.get("score"), line);
        assertEquals((double) played, game.get("moves"), line);
        assertEquals(over(), game.get("over"), line);
    }

    // ---- the game as the engine plays it here

    private long gameSeed;

    private void newGame(Shape s, long seed) {
        gameShape = s;
        gameSeed = seed;
        rng = new Rng(Rng.gameSeed(seed, 0));
        board = Spawns.initial(s, rng);
        score = 0;
        played = 0;
    }

    private void play(int move) {
        Moves moves = Moves.of(gameShape);
        score += moves.reward(board, move);
        board = Spawns.spawn(moves.move(board, move), gameShape, rng);
        played++;
    }

    /** The generator as it was after {@code spawns} moves. */
    private void rewind(long spawns) {
        rng = new Rng(Rng.gameSeed(gameSeed, 0));
        Spawns.initial(gameShape, rng);
        for (long i = 0; i < spawns; i++) {
            rng.nextLong();
        }
    }

    private boolean over() {
        return gameShape == null || Moves.of(gameShape).isTerminal(board);
    }

    private static int legalMove(Moves moves, long b, Random random) {
        int legal = moves.legalMask(b);
        int m;
        do {
            m = random.nextInt(4);
        } while ((legal >>> m & 1) == 0);
        return m;
    }

    private static int illegalMove(Moves moves, long b) {
        int legal = moves.legalMask(b);
        for (int m = 0; m < 4; m++) {
            if ((legal >>> m & 1) == 0) {
                return m;
            }
        }
        return -1;
    }

    /** A board from a random game of {@code s}, some moves in. */
    private static long randomBoard(Shape s, Random random) {
        Rng r = new Rng(random.nextLong());
        Moves moves = Moves.of(s);
        long b = Spawns.initial(s, r);
        for (int k = random.nextInt(s.equals(Shape.S4x4) ? 200 : 40); k > 0 && !moves.isTerminal(b); k--) {
            b = Spawns.spawn(moves.move(b, legalMove(moves, b, random)), s, r);
        }
        return b;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }
}
