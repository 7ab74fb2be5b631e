package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code g2048 apply}: afterstates and rewards, text and JSON, and its one-line errors. */
class ApplyCommandTest {

    private static final String SEED = "2,2,2,0/4,2,2,0/2,2,2,2/0,0,0,0";

    @Test
    void printsEachAfterstateAndRewardOfTheSeedExamples() {
        CommandRun run = CommandRun.of("apply", "--board", SEED, "--moves", "R");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("R      0,0,2,4/0,0,4,4/0,0,4,4/0,0,0,0   reward 16"), run.out());
        assertTrue(run.out().contains("total reward 16"), run.out());
        assertEquals("", run.err());
    }

    @Test
    void jsonListsEveryStep() {
        CommandRun run = CommandRun.of("apply", "--board", SEED, "--moves", "RDl", "--json");
        assertEquals(0, run.exit(), run.err());
        Map<String, Object> json = MiniJson.object(run.out());
        assertEquals("4x4", json.get("shape"));
        assertEquals(SEED, json.get("board"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
        assertEquals(3, steps.size());
        assertEquals("R", steps.get(0).get("move"));
        assertEquals("0,0,2,4/0,0,4,4/0,0,4,4/0,0,0,0", steps.get(0).get("afterstate"));
        assertEquals(16.0, steps.get(0).get("reward"));
        assertEquals("D", steps.get(1).get("move"));
        assertEquals("0,0,0,0/0,0,0,0/0,0,2,4/0,0,8,8", steps.get(1).get("afterstate"));
        assertEquals(16.0, steps.get(1).get("reward"));
        assertEquals("L", steps.get(2).get("move"));
        assertEquals("0,0,0,0/0,0,0,0/2,4,0,0/16,0,0,0", steps.get(2).get("afterstate"));
        assertEquals(16.0, steps.get(2).get("reward"));
        assertEquals(48.0, json.get("total_reward"));
    }

    @Test
    void worksOnSmallShapes() {
        CommandRun run = CommandRun.of("apply", "--board", "2,2,4/0,4,4", "--moves", "L", "--json");
        assertEquals(0, run.exit(), run.err());
        Map<String, Object> json = MiniJson.object(run.out());
        assertEquals("2x3", json.get("shape"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
        assertEquals("4,4,0/8,0,0", steps.get(0).get("afterstate"));
        assertEquals(12.0, steps.get(0).get("reward"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ';', value = {
        "2,2,2,0/0,0,0,0/0,0,0,0/0,0,0,0;  RR;  move 2 (RIGHT) is illegal",
        "2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0;  L;   move 1 (LEFT) is illegal",
        "2,4/4,2;                          U;   move 1 (UP) is illegal",
        "2,2/0,0;                          RX;  character 2 move 'X'",
        "2,2,2,0/0,0,0/0,0,0,0/0,0,0,0;    R;   --board: board row 2 has 3 cells",
        "2,6/0,0;                          R;   --board: board cell (1,2) is 6: not a power of two",
        "2,64/0,0;                         R;   --board: board cell (1,2) holds 64, too large for a 2x2 board",
        "2,65536,0,0/0,0,0,0/0,0,0,0/0,0,0,0; R; larger than the largest tile 32768",
        "2,2,2,2,2/0,0,0,0,0;              R;   rows and columns must be 2..4",
    })
    void badInputIsOneLineAndExitCode2(String board, String moves, String expected) {
        CommandRun run = CommandRun.of("apply", "--board", board, "--moves", moves);
        assertEquals(2, run.exit(), run.out() + run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("g2048 apply: "), run.err());
        assertTrue(run.err().contains(expected.trim()), run.err());
        assertEquals("", run.out(), "nothing half-printed on standard output");
    }

    @Test
    void missingOptionsAreBadInput() {
        CommandRun run = CommandRun.of("apply", "--moves", "R");
        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains("--board"), run.err());
        CommandRun empty = CommandRun.of("apply", "--board", "2,2/0,0", "--moves", "");
        assertEquals(2, empty.exit());
        assertTrue(empty.err().contains("--moves"), empty.err());
    }
}
