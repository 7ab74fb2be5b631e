package g2048.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.answers.JsonConventions;
import g2048.answers.MoveAnswer;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.play.Answer;
import g2048.play.Answerer;
import g2048.search.SearchConfig;
import g2048.tables.Coverage;
import g2048.tables.Formation;
import g2048.tables.RegionGame;
import g2048.tables.TableBuilder;
import g2048.tables.TablePlayer;
import g2048.tables.TableSet;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --tables}: a /move on a board that a small table's formation holds says what the
 * table decided, exactly as the tables' own look-up ({@link TableSet#decide}) and check
 * ({@link TablePlayer#check}) of the player's answer say; a board outside it is the player's answer
 * alone, as a server without tables gives it.
 */
class ServeTablesTest {

    /** Ten fixed cells: a table of 16 builds in a moment. */
    private static final Formation F = Formation.of("t", "xxxx/xxxx/xx../....");
    private static final int TARGET = 16;
    private static final double MARGIN = 0.02;
    private static final List<String> INSIDE = List.of("16,32,64,128/256,512,1024,2048/4096,8192,4,2/0,2,0,0",
            "16,32,64,128/256,512,1024,2048/4096,8192,8,4/2,0,0,2", "16,32,64,128/256,512,1024,2048/4096,8192,0,2/0,0,4,0");
    private static final String OUTSIDE = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0";

    static void build(Path dir) throws java.io.IOException {
        assertTrue(TableBuilder.into(dir, new RegionGame(F, TARGET), 1).run(new TableBuilder.Progress() {
            @Override
            public void forwardAge(int age, long states, long afters, double seconds) {
            }

            @Override
            public void backwardAge(int age, long statesDone, long statesTotal, double seconds) {
            }
        }));
    }

    @Test
    void aBoardInATablesFormationSaysWhatTheTableDecidedAndOneOutsideIsThePlayers(@TempDir Path tmp) throws Exception {
        try (SmallModelServer s = SmallModelServer.start(tmp, "small.g2n", 1, (dir, model) -> {
            build(dir.resolve("tables"));
            return MoveService.Sources.of(model, null).withTables(new Answerer.Tables(dir.resolve("tables"), 0, MARGIN));
        }); MoveService plain = MoveService.open(s.dir.resolve("small.g2n"), null);
             TableSet tables = TableSet.open(s.dir.resolve("tables"))) {
            int decided = 0;
            int stood = 0;
            for (String player : List.of("ntuple", "random", "lines")) {
                for (int seed = 0; seed < 12; seed++) {
                    for (String board : INSIDE) {
                        boolean d = check(s, plain, tables, player, board, seed);
                        decided += d ? 1 : 0;
                        stood += d ? 0 : 1;
                    }
                    Answer own = own(plain, player, OUTSIDE, seed);
                    MoveServerTest.Answer a = s.get(query(player, OUTSIDE, seed));
                    assertEquals(200, a.status(), a.body());
                    assertNull(a.json().get("table"), a.body());
                    assertEquals(untimed(MoveAnswer.of(own).toString()), untimed(a.body()).replace(",\"table\":null}", "}"),
                            "outside every formation the player answers alone");
                }
            }
            assertTrue(decided > 0 && stood > 0, decided + " decided, " + stood + " stood");
        }
    }

    /** Checks the served answer about {@code board} against the player's own and the table's; whether the table decided. */
    private static boolean check(SmallModelServer s, MoveService plain, TableSet tables, String player, String board, int seed) {
        long b = BoardText.parse(board).board();
        TableSet.Decision decision = tables.decide(b, 0);
        assertNotNull(decision, board);
        Answer own = own(plain, player, board, seed);
        int checked = TablePlayer.check(decision, own.move(), own.values(), MARGIN);
        MoveServerTest.Answer a = s.get(query(player, board, seed));
        assertEquals(200, a.status(), a.body());
        Map<String, Object> table = MoveServerTest.map(a.json().get("table"));
        assertEquals(Coverage.name(decision.table()), table.get("name"));
        assertEquals("t-" + TARGET, table.get("name"));
        assertEquals(F.picture(), table.get("formation"));
        assertEquals((double) TARGET, table.get("target"));
        Map<String, Object> p = MoveServerTest.map(table.get("probabilities"));
        for (Direction d : Direction.ALL) {
            assertEquals(TestJson.written(decision.probabilities()[d.ordinal()]), p.get(d.name().toLowerCase(Locale.ROOT)), board);
        }
        boolean decided = checked != own.move();
        assertEquals(decided, table.get("decided"), a.body());
        if (!decided) {
            String body = untimed(a.body());
            assertEquals(untimed(MoveAnswer.of(own).toString()), body.substring(0, body.indexOf(",\"table\":")) + "}",
                    "the player's move stands: its own answer");
            return false;
        }
        assertEquals("tables t-" + TARGET, a.json().get("player"));
        assertNull(a.json().get("search"));
        assertEquals(JsonConventions.move(checked), a.json().get("move"));
        for (Map<String, Object> m : MoveServerTest.list(a.json().get("moves"))) {
            int d = Direction.ofLetter(((String) m.get("move")).charAt(0)).ordinal();
            if ((Boolean) m.get("legal")) {
                assertEquals(TestJson.written(decision.probabilities()[d]), m.get("value"), "a decided move's values are the table's");
            }
        }
        return true;
    }

    private static Answer own(MoveService plain, String player, String board, int seed) {
        BoardText.Parsed parsed = BoardText.parse(board);
        return plain.answer(plain.served(player, null, SearchConfig.DOWNGRADE_AUTO), parsed.board(), parsed.shape(), seed);
    }

    private static String query(String player, String board, int seed) {
        return "/move?player=" + player + "&seed=" + seed + "&board=" + URLEncoder.encode(board, StandardCharsets.UTF_8);
    }

    private static String untimed(String json) {
        return json.replaceAll("\"elapsed_us\":[0-9.eE+-]+", "");
    }
}
