package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Shape;
import g2048.play.Players;
import g2048.policy.DatasetFile;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyPlayer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped policy network as the policy player's default: every command that takes a policy
 * network plays it without {@code --model}, as the file in {@code models/} plays, and names it
 * "shipped policy5.g2pn".
 */
class ShippedPolicyCommandsTest {

    private static final String FILE = Path.of("..", "models", PolicyFile.DEFAULT_MODEL).toString();
    private static final String BOARD = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,4";

    @TempDir
    Path dir;

    @Test
    void playWithoutAModelPlaysTheGamesOfTheFileInTheRepository() {
        CommandRun shipped = CommandRun.of("play", "--player", "policy", "--games", "1", "--threads", "1", "--seed", "3", "--json",
                "--no-progress");
        assertEquals(0, shipped.exit(), shipped.err());
        assertEquals("", shipped.err(), "no warning or note");
        CommandRun named = CommandRun.of("play", "--player", "policy", "--model", FILE, "--games", "1", "--threads", "1", "--seed", "3",
                "--json", "--no-progress");
        assertEquals(0, named.exit(), named.err());
        assertEquals(List.of(), JsonSchemaTest.errors("play", shipped.out().strip()), shipped.out());
        Map<String, Object> a = MiniJson.object(shipped.out().strip());
        Map<String, Object> b = MiniJson.object(named.out().strip());
        assertEquals("policy POLICY5 (shipped policy5.g2pn), greedy", a.get("player"));
        assertEquals("policy POLICY5 (policy5.g2pn), greedy", b.get("player"));
        for (String key : List.of("games", "mean", "sd", "max", "reach", "moves")) {
            assertEquals(b.get(key), a.get(key), key);
        }
        // a trained network's game: hundreds of moves
        assertTrue(((Number) a.get("moves")).doubleValue() > 200, shipped.out());
    }

    @Test
    void moveWithoutAModelAnswersWithTheShippedNetwork() {
        CommandRun r = CommandRun.of("move", "--player", "policy", "--board", BOARD, "--json");
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of(), JsonSchemaTest.errors("move", r.out().strip()), r.out());
        Map<String, Object> j = MiniJson.object(r.out().strip());
        assertEquals("policy POLICY5 (shipped policy5.g2pn), greedy", j.get("player"));
        PolicyPlayer own = Players.policy(Path.of(FILE), Shape.S4x4);
        long b = BoardText.parse(BOARD).board();
        double[] p = own.probabilities(b);
        List<?> moves = (List<?>) j.get("moves");
        for (Direction d : Direction.ALL) {
            Object answered = ((Map<?, ?>) moves.get(d.ordinal())).get("probability");
            if (p[d.ordinal()] == 0) {
                assertNull(answered, d.toString());
            } else {
                assertEquals(p[d.ordinal()], (Double) answered, 1e-6, d.toString());
            }
        }
        assertEquals(String.valueOf(Direction.ALL[own.chooseMove(b)].letter()), j.get("move"));
        CommandRun text = CommandRun.of("move", "--player", "policy", "--board", BOARD);
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("player  policy POLICY5 (shipped policy5.g2pn), greedy"), text.out());
    }

    @Test
    void inspectWithoutAModelExplainsTheShippedNetwork() {
        CommandRun board = CommandRun.of("inspect", "board", "--board", BOARD, "--json", "--top", "3");
        assertEquals(0, board.exit(), board.err());
        assertEquals(List.of(), JsonSchemaTest.errors("inspect-board", board.out().strip()), board.out());
        Map<String, Object> j = MiniJson.object(board.out().strip());
        assertEquals("shipped policy5.g2pn", j.get("model"));
        assertEquals("POLICY5", j.get("arch"));
        CommandRun filters = CommandRun.of("inspect", "filters", "--top", "1", "--json");
        assertEquals(0, filters.exit(), filters.err());
        assertEquals(List.of(), JsonSchemaTest.errors("inspect-filters", filters.out().strip()), filters.out());
        assertEquals("shipped policy5.g2pn", MiniJson.object(filters.out().strip()).get("model"));
    }

    @Test
    void aDatasetFollowsTheShippedNetworkWithoutABehaviourModel() throws Exception {
        Path out = dir.resolve("own.g2pd");
        CommandRun d = CommandRun.of("dataset", "--player", "lines", "--behaviour", "policy", "--games", "1", "--seed", "4",
                "--out", out.toString(), "--no-progress");
        assertEquals(0, d.exit(), d.err());
        assertTrue(d.out().contains("games follow policy POLICY5 (shipped policy5.g2pn)"), d.out());
        try (DatasetFile.Reader r = DatasetFile.Reader.open(out)) {
            assertTrue(r.meta().endsWith(";behaviour=policy:shipped;teacher-share=0.0"), r.meta());
            assertTrue(r.next().size() > 200, "the shipped network's game");
        }
        // the file is continued only by the same behaviour: not by a named network
        CommandRun other = CommandRun.of("dataset", "--player", "lines", "--behaviour", "policy", "--behaviour-model", FILE,
                "--games", "2", "--seed", "4", "--out", out.toString(), "--no-progress");
        assertEquals(2, other.exit(), other.out());
        assertEquals(1, other.errLines().length, other.err());
    }
}
