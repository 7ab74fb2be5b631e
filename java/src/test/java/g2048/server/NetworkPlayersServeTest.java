package g2048.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.nn.BackendOptions;
import g2048.nn.Head;
import g2048.nn.Initializer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.NetworkFile;
import g2048.nn.PolicyNetworkTest;
import g2048.nn.TrainedNetwork;
import g2048.play.GameResult;
import g2048.play.GameRunner;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.player.Player;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import g2048.policy.PolicyPlayer;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The policy and value-network players over loopback ({@code serve --policy FILE --cnn FILE}): small
 * networks with random weights, each answer compared with the engine's own player on the same board.
 */
class NetworkPlayersServeTest {

    private static final String TINY_CNN = "name=tiny;input=values;embed=;trunk=conv2x2:8,conv2x2:16,fc:32,fc:8,fc:1";

    private static Path policyFile;
    private static Path cnnFile;
    @TempDir
    static Path tmp;
    private static SmallModelServer served;

    @BeforeAll
    static void start() throws IOException {
        served = SmallModelServer.start(tmp, "untrained.g2n", 4, (dir, model) -> {
            policyFile = dir.resolve("p.g2pn");
            NetSpec policy = NetSpec.policy("tiny", 1, 3);
            PolicyFile.save(policyFile, new PolicyModel(policy, PolicyNetworkTest.randomWeights(policy, new Rng(5)), null, 0));
            cnnFile = dir.resolve("v.g2nn");
            NetSpec cnn = NetSpec.parse(Head.VALUE, TINY_CNN);
            NetworkFile.save(cnnFile, new TrainedNetwork(cnn, Initializer.truncatedNormal(new Network(cnn), 3), null, 0));
            return MoveService.Sources.of(model, null).withPolicy(policyFile).withCnn(cnnFile, "cpu", BackendOptions.NONE);
        });
    }

    @AfterAll
    static void stop() {
        if (served != null) {
            served.close();
        }
    }

    private static MoveServerTest.Answer get(String pathAndQuery) {
        return served.get(pathAndQuery);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static Evaluator cnnEvaluator() {
        return Players.evaluator(PlayerSpec.of(PlayerKind.CNN).withModel(cnnFile).withDevice("cpu", BackendOptions.NONE),
                Shape.S4x4, SearchConfig.ofDepth(1));
    }

    @Test
    void healthListsTheNetworksAndTheirPlayers() {
        MoveServerTest.Answer h = get("/health");
        assertEquals(200, h.status(), h.body());
        assertEquals(List.of("ntuple", "lines", "heuristic", "random", "policy", "cnn"), h.json().get("players"));
        Map<String, Object> models = MoveServerTest.map(h.json().get("models"));
        assertEquals("untrained.g2n", models.get("ntuple"));
        assertEquals("p.g2pn", models.get("policy"));
        assertEquals("v.g2nn", models.get("cnn"));
        assertTrue(!h.body().contains(served.dir.toString()), "no path of the server's: " + h.body());
    }

    @Test
    void policyMovesAreTheNetworksProbabilitiesAndChoice() {
        PolicyPlayer own = Players.policy(policyFile, Shape.S4x4);
        Moves moves = Moves.of(Shape.S4x4);
        Set<Object> chosen = new HashSet<>();
        int unsure = 0;
        for (long board : MoveServerTest.boards(Shape.S4x4, 200, 71)) {
            String text = BoardText.format(board, Shape.S4x4);
            MoveServerTest.Answer a = get("/move?player=policy&board=" + enc(text));
            assertEquals(200, a.status(), a.body());
            assertEquals(own.name(), a.json().get("player"));
            assertTrue(a.json().containsKey("search") && a.json().get("search") == null, a.body());
            double[] p = own.probabilities(board);
            List<Map<String, Object>> answered = MoveServerTest.list(a.json().get("moves"));
            double most = 0;
            for (Direction d : Direction.ALL) {
                Map<String, Object> m = answered.get(d.ordinal());
                boolean legal = moves.move(board, d.ordinal()) != board;
                assertEquals(legal, m.get("legal"), text);
                assertTrue(m.containsKey("value") && m.get("value") == null, "a policy gives no value: " + a.body());
                assertTrue(m.containsKey("probability"), a.body());
                assertEquals(legal ? TestJson.written(p[d.ordinal()]) : null, m.get("probability"), text + " " + d);
                most = Math.max(most, legal ? p[d.ordinal()] : 0);
            }
            int move = own.chooseMove(board);
            assertEquals(move < 0 ? null : String.valueOf(Direction.ALL[move].letter()), a.json().get("move"), text);
            chosen.add(a.json().get("move"));
            unsure += most < 0.9 ? 1 : 0;
        }
        // the network is not trivial: it chooses several directions and is often unsure
        assertTrue(chosen.size() >= 3, "directions chosen: " + chosen);
        assertTrue(unsure > 20, "boards with no move above 0.9: " + unsure);
    }

    @Test
    void cnnMoveValuesEqualTheEnginesSearchOfTheNetwork() {
        Evaluator e = cnnEvaluator();
        for (int depth = 1; depth <= 2; depth++) {
            ExpectimaxPlayer own = Players.searcher(e, SearchConfig.ofDepth(depth));
            Set<Object> chosen = new HashSet<>();
            for (long board : MoveServerTest.boards(Shape.S4x4, depth == 1 ? 150 : 30, 81 + depth)) {
                String text = BoardText.format(board, Shape.S4x4);
                MoveServerTest.Answer a = get("/move?player=cnn&depth=" + depth + "&board=" + enc(text));
                assertEquals(200, a.status(), a.body());
                assertEquals(e.describe(), a.json().get("player"));
                assertEquals((double) depth, MoveServerTest.map(a.json().get("search")).get("depth"));
                SearchResult r = own.search(board);
                List<Map<String, Object>> answered = MoveServerTest.list(a.json().get("moves"));
                for (Direction d : Direction.ALL) {
                    assertEquals(TestJson.written(r.value(d.ordinal())), answered.get(d.ordinal()).get("value"), text + " " + d);
                }
                assertEquals(r.best() < 0 ? null : String.valueOf(Direction.ALL[r.best()].letter()), a.json().get("move"), text);
                assertEquals((double) r.depth(), a.json().get("depth_reached"));
                chosen.add(a.json().get("move"));
            }
            assertTrue(chosen.size() >= 2, "directions chosen at depth " + depth + ": " + chosen);
        }
    }

    @Test
    void gamesOfBothPlayersAreTheEnginesGamesOfThatSeed() {
        for (long seed = 1; seed <= 2; seed++) {
            for (String player : List.of("policy", "cnn")) {
                PlayerSpec spec = PlayerSpec.of(PlayerKind.parse(player)).withModel(player.equals("policy") ? policyFile : cnnFile)
                        .withDevice("cpu", BackendOptions.NONE);
                Player own = Players.create(spec, Shape.S4x4, SearchConfig.ofDepth(1));
                GameResult g = new GameRunner(Shape.S4x4).play(own.forThread(), 0, Rng.gameSeed(seed, 0), new Rng(0), null);
                MoveServerTest.Answer a = get("/game?player=" + player + "&seed=" + seed);
                assertEquals(200, a.status(), a.body());
                assertEquals((double) g.score(), a.json().get("score"), player + " seed " + seed);
                assertEquals((double) g.moves(), a.json().get("moves_played"), player + " seed " + seed);
                assertEquals(BoardText.format(g.finalBoard(), Shape.S4x4), a.json().get("final_board"));
                assertEquals(player.equals("cnn"), a.json().get("search") != null, a.body().substring(0, 300));
            }
        }
    }

    @Test
    void concurrentRequestsOfBothPlayersGetTheAnswersOfSequentialOnes() throws Exception {
        List<String> queries = new ArrayList<>();
        for (long b : MoveServerTest.boards(Shape.S4x4, 30, 91)) {
            String text = enc(BoardText.format(b, Shape.S4x4));
            queries.add("/move?player=policy&board=" + text);
            queries.add("/move?player=cnn&depth=2&board=" + text);
        }
        List<String> sequential = new ArrayList<>();
        for (String q : queries) {
            sequential.add(withoutTimes(get(q).body()));
        }
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 2; round++) {
                List<Future<String>> answers = new ArrayList<>();
                for (String q : queries) {
                    answers.add(clients.submit(() -> withoutTimes(get(q).body())));
                }
                for (int i = 0; i < queries.size(); i++) {
                    assertEquals(sequential.get(i), answers.get(i).get(), queries.get(i));
                }
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void whatTheNetworksCannotTakeIsRefusedNamingIt() {
        String b4 = "&board=" + enc("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0");
        String[][] cases = {
            {"/move?player=policy&depth=2" + b4, "depth: player 'policy' plays its network's most probable legal move without searching"},
            {"/move?player=policy&downgrade=32768" + b4, "downgrade: player 'policy' plays its network's most probable legal move without searching"},
            {"/move?player=policy&board=" + enc("2,2/0,0"), "board: a 2x2 board, the player plays 4x4"},
            {"/move?player=cnn&board=" + enc("2,2,0/0,0,0/0,0,0"), "board: a 3x3 board, the player plays 4x4"},
            {"/move?player=cnn&depth=6" + b4, "depth: 6 is out of range"},
            {"/move?player=optimal" + b4, "player: optimal needs a solver database (start the server with --db DIR)"},
        };
        for (String[] c : cases) {
            MoveServerTest.Answer a = get(c[0]);
            assertEquals(400, a.status(), c[0] + " -> " + a.body());
            assertTrue(((String) a.json().get("error")).startsWith(c[1]), c[0] + " -> " + a.body());
        }
        // the policy player's game has no values: each is null
        MoveServerTest.Answer g = get("/game?player=policy&seed=3&max_moves=5");
        for (Map<String, Object> step : MoveServerTest.list(g.json().get("steps"))) {
            Map<String, Object> values = MoveServerTest.map(step.get("values"));
            assertEquals(4, values.size());
            values.values().forEach(v -> assertNull(v));
        }
    }

    private static String withoutTimes(String json) {
        return json.replaceAll("\"(elapsed_us|elapsed_ms)\":[0-9.eE+-]+", "");
    }
}
