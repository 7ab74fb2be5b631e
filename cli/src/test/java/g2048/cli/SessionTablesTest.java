package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.answers.JsonConventions;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.play.Answerer;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.tables.Coverage;
import g2048.tables.Formation;
import g2048.tables.RegionGame;
import g2048.tables.TableBuilder;
import g2048.tables.TablePlayer;
import g2048.tables.TableSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code session --tables}: a move on a board that a small table's formation holds says what the
 * table decided, exactly as the tables' own look-up ({@link TableSet#decide}) and check
 * ({@link TablePlayer#check}) of the player's answer say, and as {@code move --tables --json} says
 * it; a board outside it is the player's answer alone, as a session without tables gives it.
 */
class SessionTablesTest {

    /** Ten fixed cells: a table of 16 builds in a moment. */
    private static final Formation F = Formation.of("t", "xxxx/xxxx/xx../....");
    private static final double MARGIN = 0.02;
    private static final List<String> INSIDE = List.of("16,32,64,128/256,512,1024,2048/4096,8192,4,2/0,2,0,0",
            "16,32,64,128/256,512,1024,2048/4096,8192,8,4/2,0,0,2", "16,32,64,128/256,512,1024,2048/4096,8192,0,2/0,0,4,0");
    private static final String OUTSIDE = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0";

    @Test
    void aBoardInATablesFormationSaysWhatTheTableDecidedAndOneOutsideIsTheNetworks(@TempDir Path dir) throws IOException {
        Path t = dir.resolve("tables");
        assertTrue(TableBuilder.into(t, new RegionGame(F, 16), 1).run(new TableBuilder.Progress() {
            @Override
            public void forwardAge(int age, long states, long afters, double seconds) {
            }

            @Override
            public void backwardAge(int age, long statesDone, long statesTotal, double seconds) {
            }
        }));
        PlayerSpec spec = PlayerSpec.of(PlayerKind.NTUPLE);
        try (Session with = new Session(spec, SearchOptions.defaults(1), new Answerer.Tables(t, 0, MARGIN));
             Session without = new Session(spec, SearchOptions.defaults(1)); TableSet tables = TableSet.open(t)) {
            for (String player : List.of("ntuple", "lines")) {
                String set = "{\"cmd\":\"set\",\"player\":\"" + player + "\"}";
                assertEquals(without.answer(set), with.answer(set));
                for (String board : INSIDE) {
                    String request = "{\"cmd\":\"move\",\"board\":\"" + board + "\"}";
                    String reply = with.answer(request);
                    assertEquals(List.of(), JsonSchemaTest.errors("session", reply), reply);
                    Map<String, Object> own = MiniJson.object(result(without.answer(request)));
                    Map<String, Object> answer = MiniJson.object(result(reply));
                    TableSet.Decision d = tables.decide(BoardText.parse(board).board(), 0);
                    assertNotNull(d, board);
                    int mine = own.get("move") == null ? -1 : Direction.ofLetter(((String) own.get("move")).charAt(0)).ordinal();
                    int checked = TablePlayer.check(d, mine, values(own), MARGIN);
                    Map<?, ?> table = (Map<?, ?>) answer.get("table");
                    assertEquals(Coverage.name(d.table()), table.get("name"));
                    assertEquals(checked != mine, table.get("decided"), reply);
                    Map<?, ?> p = (Map<?, ?>) table.get("probabilities");
                    for (Direction dir4 : Direction.ALL) {
                        double expected = d.probabilities()[dir4.ordinal()];
                        Object got = p.get(dir4.name().toLowerCase(Locale.ROOT));
                        if (Double.isNaN(expected)) {
                            assertNull(got, board);
                        } else {
                            assertEquals(expected, ((Number) got).doubleValue(), 5e-7, board); // written to six decimals
                        }
                    }
                    assertEquals(JsonConventions.move(checked), answer.get("move"));
                    if (checked == mine) {
                        answer.remove("table");
                        assertEquals(untimed(own), untimed(answer), "the player's move stands: its own answer");
                    } else {
                        assertEquals("tables " + Coverage.name(d.table()), answer.get("player"));
                    }
                    // move --tables --json says the same
                    CommandRun move = CommandRun.of("move", "--board", board, "--player", player, "--tables", t.toString(),
                            "--tables-threshold", "0", "--json");
                    assertEquals(0, move.exit(), move.err());
                    Map<String, Object> byMove = MiniJson.object(move.out().strip());
                    assertEquals(table, byMove.get("table"));
                    assertEquals(answer.get("move"), byMove.get("move"));
                }
                String request = "{\"cmd\":\"move\",\"board\":\"" + OUTSIDE + "\"}";
                Map<String, Object> answer = MiniJson.object(result(with.answer(request)));
                assertTrue(answer.containsKey("table"), answer.toString());
                assertNull(answer.remove("table"));
                assertEquals(untimed(MiniJson.object(result(without.answer(request)))), untimed(answer));
            }
            // a game's steps are checked too: each choice carries the field
            with.answer("{\"cmd\":\"new-game\",\"seed\":3}");
            String step = with.answer("{\"cmd\":\"step\"}");
            assertTrue(step.contains("\"table\":null"), step);
        }
    }

    private static double[] values(Map<String, Object> answer) {
        double[] v = new double[4];
        for (Object o : (List<?>) answer.get("moves")) {
            Map<?, ?> m = (Map<?, ?>) o;
            Object value = m.get("value");
            v[Direction.ofLetter(((String) m.get("move")).charAt(0)).ordinal()] = value == null ? Double.NaN : ((Number) value).doubleValue();
        }
        return v;
    }

    private static String result(String reply) {
        assertTrue(reply.startsWith("{\"reply\":\"move\""), reply);
        return reply.substring(reply.indexOf("\"result\":") + 9, reply.length() - 1);
    }

    private static Map<String, Object> untimed(Map<String, Object> answer) {
        answer.remove("elapsed_us");
        return answer;
    }
}
