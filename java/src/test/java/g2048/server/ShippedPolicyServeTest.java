package g2048.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Shape;
import g2048.play.Players;
import g2048.policy.PolicyPlayer;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve} without {@code --policy}: the shipped policy network is served as the player
 * {@code policy} (the viewer lists it from {@code /health}), named as the shipped network, and its
 * answers are the engine's own player's.
 */
class ShippedPolicyServeTest {

    @TempDir
    static Path tmp;
    private static SmallModelServer served;

    @BeforeAll
    static void start() throws IOException {
        // a small n-tuple model keeps the start fast: only the policy network is the shipped one
        served = SmallModelServer.start(tmp, "small.g2n", 2, (dir, model) -> MoveService.Sources.of(model, null));
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

    @Test
    void healthListsThePolicyPlayerAndNamesTheShippedNetwork() {
        MoveServerTest.Answer h = get("/health");
        assertEquals(200, h.status(), h.body());
        assertEquals(List.of("ntuple", "lines", "heuristic", "random", "policy"), h.json().get("players"));
        Map<String, Object> models = MoveServerTest.map(h.json().get("models"));
        assertEquals("small.g2n", models.get("ntuple"));
        assertEquals("shipped policy5.g2pn", models.get("policy"));
        assertFalse(h.body().contains("classpath:"), h.body());
    }

    @Test
    void movesAreTheShippedNetworksProbabilitiesAndChoice() {
        PolicyPlayer own = Players.policy(null, Shape.S4x4);
        for (long board : MoveServerTest.boards(Shape.S4x4, 20, 23)) {
            String text = BoardText.format(board, Shape.S4x4);
            MoveServerTest.Answer a = get("/move?player=policy&board=" + URLEncoder.encode(text, StandardCharsets.UTF_8));
            assertEquals(200, a.status(), a.body());
            assertEquals("policy POLICY5 (shipped policy5.g2pn), greedy", a.json().get("player"));
            double[] p = own.probabilities(board);
            List<Map<String, Object>> moves = MoveServerTest.list(a.json().get("moves"));
            for (Direction d : Direction.ALL) {
                Object answered = moves.get(d.ordinal()).get("probability");
                assertEquals(Boolean.TRUE.equals(moves.get(d.ordinal()).get("legal")) ? TestJson.written(p[d.ordinal()]) : null,
                        answered, text + " " + d);
            }
            int move = own.chooseMove(board);
            assertEquals(move < 0 ? null : String.valueOf(Direction.ALL[move].letter()), a.json().get("move"), text);
        }
    }

    @Test
    void aGamesMovesAreTheShippedNetworksChoices() {
        PolicyPlayer own = Players.policy(null, Shape.S4x4);
        MoveServerTest.Answer a = get("/game?player=policy&seed=5&max_moves=60");
        assertEquals(200, a.status(), a.body());
        assertEquals("policy POLICY5 (shipped policy5.g2pn), greedy", a.json().get("player"));
        List<Map<String, Object>> steps = MoveServerTest.list(a.json().get("steps"));
        assertEquals(60, steps.size());
        for (Map<String, Object> step : steps) {
            long board = BoardText.parse((String) step.get("board")).board();
            assertEquals(String.valueOf(Direction.ALL[own.chooseMove(board)].letter()), step.get("move"), step.toString());
        }
    }
}
