package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.search.SearchConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session's requests read exactly: integers from their digits, each field named once, settings the same however reached. */
class SessionRequestsTest {

    private static Session session(String player) {
        return new Session(PlayerSpec.of(PlayerKind.parse(player)), SearchOptions.defaults(1));
    }

    private static String result(String reply) {
        assertTrue(reply.startsWith("{\"reply\":\"") && !reply.startsWith("{\"reply\":\"error\""), reply);
        return reply.substring(reply.indexOf("\"result\":") + 9, reply.length() - 1);
    }

    private static String error(String reply) {
        Map<String, Object> m = MiniJson.object(reply);
        assertEquals("error", m.get("reply"), reply);
        return (String) m.get("error");
    }

    @Test
    void seedsAreReadExactlyAsPlayReadsThem() {
        try (Session s = session("lines")) {
            Random random = new Random(5);
            for (int i = 0; i < 200; i++) {
                // beyond 2^53 a double holds only every other integer, then fewer
                long seed = i == 0 ? 9007199254740993L : i == 1 ? 123456789012345678L : i == 2 ? Long.MIN_VALUE
                        : i == 3 ? Long.MAX_VALUE : random.nextLong();
                String reply = s.answer("{\"cmd\":\"new-game\",\"seed\":" + seed + "}");
                assertEquals(new SessionGame(Shape.S4x4, seed).json().end().toString(), result(reply), "seed " + seed);
            }
            assertNotEquals(result(s.answer("{\"cmd\":\"new-game\",\"seed\":9007199254740993}")),
                    result(s.answer("{\"cmd\":\"new-game\",\"seed\":9007199254740992}")));
        }
    }

    @Test
    void onlyIntegersWrittenAsIntegersAreIntegers() {
        try (Session s = session("lines")) {
            for (String[] c : new String[][] {
                {"\"seed\":9223372036854775808", "seed: expected an integer -9223372036854775808..9223372036854775807, got 9223372036854775808"},
                {"\"seed\":1e3", "seed: expected an integer"},
                {"\"seed\":2.0", "seed: expected an integer"},
                {"\"seed\":2.5", "seed: expected an integer"},
                {"\"seed\":01", "seed: a malformed JSON number"},
                {"\"seed\":\"3\"", "seed: expected an integer (a JSON number), got the string \"3\""},
            }) {
                assertTrue(error(s.answer("{\"cmd\":\"new-game\"," + c[0] + "}")).startsWith(c[1]), c[0] + " " + s.answer("{\"cmd\":\"new-game\"," + c[0] + "}"));
            }
            String board = "\"board\":\"2,4/0,0\"";
            assertEquals("depth: expected an integer -2147483648..2147483647, got 2.5",
                    error(s.answer("{\"cmd\":\"move\"," + board + ",\"depth\":2.5}")));
            assertEquals("depth: expected an integer (a JSON number), got the string \"3\"",
                    error(s.answer("{\"cmd\":\"move\"," + board + ",\"depth\":\"3\"}")));
            assertEquals("time_ms: expected a JSON number, got the string \"3\"",
                    error(s.answer("{\"cmd\":\"move\"," + board + ",\"time_ms\":\"3\"}")));
            assertEquals("depth: expected 1..12, got 2147483647",
                    error(s.answer("{\"cmd\":\"move\"," + board + ",\"depth\":2147483647}")).replace(String.valueOf(SearchConfig.MAX_DEPTH), "12"));
        }
    }

    @Test
    void eachFieldIsNamedOnceAndClientTextIsCutShort() {
        try (Session s = session("lines")) {
            assertEquals("board: expected a string, got the number 42", error(s.answer("{\"cmd\":\"move\",\"board\":42}")));
            assertEquals("board: expected a string, got true", error(s.answer("{\"cmd\":\"move\",\"board\":true}")));
            String cell = "2".repeat(3000);
            String e = error(s.answer("{\"cmd\":\"move\",\"board\":\"" + cell + ",0/0,0\"}"));
            assertTrue(e.startsWith("board cell (1,1)") && e.length() < 200, e);
            e = error(s.answer("{\"cmd\":\"" + "x".repeat(3000) + "\"}"));
            assertTrue(e.startsWith("cmd: unknown request") && e.length() < 200, e);
        }
    }

    @Test
    void aBlankLineIsAnsweredWithAnError() {
        try (Session s = session("lines")) {
            for (String blank : List.of("", " ", "\t")) {
                Map<String, Object> m = MiniJson.object(s.answer(blank));
                assertEquals("error", m.get("reply"));
                assertEquals(null, m.get("request"));
                assertTrue(((String) m.get("error")).startsWith("request: a blank line"), m.toString());
            }
        }
    }

    @Test
    void aPlayerChosenAgainTakesItsOwnSettingsBack() {
        String late = "\"board\":\"2,4,8,16/32,64,128,256/512,1024,2048,4096/8192,16384,32768,0\"";
        try (Session s = session("ntuple"); Session heuristic = session("heuristic")) {
            String start = s.settings().toString();
            String expected = result(s.answer("{\"cmd\":\"move\"," + late + "}"));
            String heuristicSettings = result(s.answer("{\"cmd\":\"set\",\"player\":\"heuristic\"}"));
            assertEquals(heuristic.settings().toString(), heuristicSettings, "set and --player report one thing");
            assertEquals(start, result(s.answer("{\"cmd\":\"set\",\"player\":\"ntuple\"}")));
            assertEquals(withoutTime(expected), withoutTime(result(s.answer("{\"cmd\":\"move\"," + late + "}"))));
            // a setting the request gives is kept
            String off = result(s.answer("{\"cmd\":\"set\",\"player\":\"lines\",\"downgrade\":0}"));
            assertTrue(off.contains("\"downgrade\":0"), off);
        }
    }

    /**
     * A late model belongs to the ntuple player: it values that player's late game whatever model
     * set gives it, the other players play without it, and the settings say which is played. The
     * model itself as the late model answers exactly as the model alone (offset +0).
     */
    @Test
    void aLateModelGoesWithTheNtuplePlayerOnly(@TempDir Path dir) {
        Path a = PlayCommandTest.trainedModel(dir.resolve("a.g2n"), 1);
        Path b = PlayCommandTest.trainedModel(dir.resolve("b.g2n"), 2);
        SearchConfig search = SearchOptions.defaults(2).withDowngrade(0);
        PlayerSpec alone = PlayerSpec.of(PlayerKind.NTUPLE).withModel(a);
        // a 256 on the board: the late stage values every afterstate searched
        String move = "{\"cmd\":\"move\",\"board\":\"2,4,8,16/32,64,128,256/2,4,8,0/0,0,0,2\"}";
        try (Session plain = new Session(alone, search); Session staged = new Session(alone.withLateModel(a, 256), search)) {
            assertEquals(List.of(), JsonSchemaTest.errors("session", staged.ready()), staged.ready());
            assertLate(a.toString(), 256.0, staged.ready());
            assertLate(null, null, plain.ready());
            Map<String, Object> want = moveResult(plain.answer(move));
            Map<String, Object> got = moveResult(staged.answer(move));
            assertEquals(want.get("moves"), got.get("moves"));
            assertEquals(want.get("move"), got.get("move"));
            assertTrue(String.valueOf(got.get("player")).contains("from 256: "), got.toString());

            String lines = staged.answer("{\"cmd\":\"set\",\"player\":\"lines\"}");
            assertEquals(List.of(), JsonSchemaTest.errors("session", lines), lines);
            assertLate(null, null, lines);
            // ntuple again, with another model: the late model comes back with the player
            String back = staged.answer("{\"cmd\":\"set\",\"player\":\"ntuple\",\"model\":\"" + b + "\"}");
            assertLate(a.toString(), 256.0, back);
            assertEquals(b.toString(), ((Map<?, ?>) MiniJson.object(back).get("result")).get("model"), back);
            String player = String.valueOf(moveResult(staged.answer(move)).get("player"));
            assertTrue(player.contains("b.g2n") && player.contains("from 256: ") && player.contains("a.g2n"), player);
        }
        // where the session starts, as play: a late model for another player, or a tile that is none, is refused
        CommandRun other = CommandRun.of("session", "--player", "lines", "--late-model", a.toString());
        assertEquals(2, other.exit(), other.err());
        assertEquals(1, other.errLines().length, other.err());
        assertTrue(other.err().contains("--late-model: only the ntuple player values the late game with a second model,"
                + " the player is 'lines'"), other.err());
        CommandRun tile = CommandRun.of("session", "--model", a.toString(), "--late-model", a.toString(), "--late-from", "100");
        assertEquals(2, tile.exit(), tile.err());
        assertEquals(1, tile.errLines().length, tile.err());
        assertTrue(tile.err().contains("--late-from: expected a tile, a power of two from 4 to 32768, got 100"), tile.err());
    }

    /**
     * The late model auto follows the session's settings: none at depth 1, the shipped late model once
     * set searches the shipped model two plies deep, none again back at depth 1.
     */
    @Test
    void theShippedLateModelComesAndGoesWithTheDepthSetChooses() {
        String move = "{\"cmd\":\"move\",\"board\":\"2,4,8,16/32,64,128,256/512,1024,2048,4096/8192,16384,0,0\"}";
        try (Session s = session("ntuple")) {
            assertLate(null, null, s.ready());
            String deep = s.answer("{\"cmd\":\"set\",\"depth\":2}");
            assertEquals(List.of(), JsonSchemaTest.errors("session", deep), deep);
            assertLate(g2048.ntuple.NtupleModels.SHIPPED_LATE_NAME, 16384.0, deep);
            String player = String.valueOf(moveResult(s.answer(move)).get("player"));
            assertTrue(player.contains("from 16384: ") && player.contains(g2048.ntuple.NtupleModels.SHIPPED_LATE_NAME), player);
            assertLate(null, null, s.answer("{\"cmd\":\"set\",\"depth\":1}"));
            player = String.valueOf(moveResult(s.answer(move)).get("player"));
            assertTrue(!player.contains("from 16384"), player);
        }
    }

    /** Checks the late model a settings reply names, and its tile. */
    private static void assertLate(String model, Double from, String reply) {
        Map<?, ?> settings = (Map<?, ?>) MiniJson.object(reply).get("result");
        assertTrue(settings.containsKey("late_model") && settings.containsKey("late_from"), reply);
        assertEquals(model, settings.get("late_model"), reply);
        assertEquals(from, settings.get("late_from"), reply);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> moveResult(String reply) {
        Map<String, Object> m = MiniJson.object(reply);
        assertEquals("move", m.get("reply"), reply);
        return (Map<String, Object>) m.get("result");
    }

    private static String withoutTime(String move) {
        return move.replaceAll("\"elapsed_us\":[0-9.]+", "").replaceAll("\"(nodes|leaves|tt_probes|tt_hits)\":[0-9]+", "");
    }

    @Test
    void theEnginesRefusalsNameTheRequestsFieldsNeverAnOption() {
        try (Session s = session("lines")) {
            String board = "\"board\":\"2,4/0,0\"";
            assertEquals("model: the cnn player needs a network file (.g2nn), e.g. one written by 'train cnn'",
                    error(s.answer("{\"cmd\":\"set\",\"player\":\"cnn\"}")));
            assertEquals("time_bank: needs time_ms, the mean time per move", error(s.answer("{\"cmd\":\"move\"," + board + ",\"time_bank\":true}")));
            assertEquals("time_ms: expected 0..3600000 ms, got -1.0", error(s.answer("{\"cmd\":\"move\"," + board + ",\"time_ms\":-1}")));
            assertEquals("depth: 7 plies without a time budget could run for minutes; give time_ms (iterative deepening up to depth 7)"
                    + " or at most 6 plies", error(s.answer("{\"cmd\":\"move\"," + board + ",\"depth\":7}")));
            assertEquals("downgrade: expected auto, 0 (off) or a tile sum 4..65535 (e.g. 24576), got 3",
                    error(s.answer("{\"cmd\":\"set\",\"downgrade\":3}")));
            assertEquals("depth: player 'heuristic' searches at its own depth (2-ply, 3-ply on crowded boards) over the lines value;"
                    + " depth applies to ntuple, lines, cnn", error(s.answer("{\"cmd\":\"set\",\"player\":\"heuristic\",\"depth\":2}")));
            // the session goes on unchanged
            assertTrue(s.settings().toString().contains("\"player\":\"lines\""), s.settings().toString());
        }
    }
}
