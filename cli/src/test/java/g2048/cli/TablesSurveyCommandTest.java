package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.tables.Formation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tables survey}: the games are play's own (the same moves for the same options), and the
 * report's counts and shares agree with each other and with the games; bad input is one line, exit 2.
 */
class TablesSurveyCommandTest {

    /** The named formations by picture. */
    private static final Map<String, String> NAMED = Formation.NAMED.values().stream()
            .collect(Collectors.toMap(Formation::picture, Formation::name));

    private static final String[] GAMES = {"--player", "random", "--games", "6", "--threads", "2", "--seed", "5"};

    @TempDir
    Path dir;

    private static String[] args(String[] head, String... tail) {
        String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object o) {
        return (List<Map<String, Object>>) o;
    }

    private static long n(Object o) {
        return ((Number) o).longValue();
    }

    @Test
    void theReportAgreesWithItselfAndWithTheGamesPlayed() {
        Path tables = dir.resolve("t");
        assertEquals(0, CommandRun.of("tables", "build", "--formations", "442x", "--targets", "32", "--out", tables.toString(), "--quiet").exit());
        CommandRun run = CommandRun.of(args(new String[] {"tables", "survey"}, args(GAMES, "--targets", "8,16,32,64",
                "--min-fixed", "2", "--max-fixed", "14", "--top", "0", "--tables", tables.toString(), "--json", "--quiet")));
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        assertTrue(JsonSchemaTest.errors("tables-survey", run.out()).isEmpty(), JsonSchemaTest.errors("tables-survey", run.out()) + run.out());
        Map<String, Object> out = MiniJson.object(run.out());
        // the positions surveyed are the moves play makes in the same games
        Map<String, Object> played = MiniJson.object(CommandRun.of(args(new String[] {"play"}, args(GAMES, "--json", "--quiet"))).out());
        @SuppressWarnings("unchecked")
        Map<String, Object> survey = (Map<String, Object>) out.get("survey");
        long moves = n(survey.get("positions"));
        long games = n(survey.get("games"));
        assertEquals(n(played.get("moves")), moves);
        assertEquals(n(out.get("moves")), moves);
        assertEquals(6, games);
        assertEquals(played.get("mean"), out.get("mean"));
        List<Map<String, Object>> targets = list(survey.get("targets"));
        assertEquals(List.of(8L, 16L, 32L, 64L), targets.stream().map(t -> n(t.get("target"))).toList());
        for (Map<String, Object> t : targets) {
            List<Map<String, Object>> formations = list(t.get("formations"));
            assertEquals(n(t.get("formations_seen")), formations.size(), "--top 0 lists all");
            long sum = 0;
            long six = 0;
            long sixNamed = 0;
            double lastShare = 1;
            for (Map<String, Object> f : formations) {
                String picture = (String) f.get("formation");
                long fixed = picture.chars().filter(c -> c == 'x').count();
                assertEquals(fixed, n(f.get("fixed")), picture);
                assertEquals(16 - fixed, n(f.get("free")), picture);
                long m = n(f.get("moves"));
                long g = n(f.get("games"));
                assertTrue(g >= 1 && g <= games && g <= m, picture + ": " + g + " games of " + m + " moves");
                double share = ((Number) f.get("share")).doubleValue();
                assertEquals((double) m / moves, share, 1e-6);
                assertEquals((double) g / games, ((Number) f.get("games_share")).doubleValue(), 1e-6);
                assertTrue(share <= lastShare, "most moves first");
                lastShare = share;
                sum += m;
                if (fixed == 6) {
                    six += m;
                    sixNamed += f.get("named") == null ? 0 : m;
                }
                // pictures are canonical, as the named ones are drawn: a named picture is its formation's
                assertEquals(NAMED.get(picture), f.get("named"), picture);
                assertTrue(f.containsKey("table"), "with --tables every formation says its table");
                assertEquals(picture.equals("xxxx/xxxx/xx../....") && n(t.get("target")) == 32 ? "442x-32" : null, f.get("table"), picture);
            }
            // one set of cells per move and target: the formations' moves add up to at most all moves
            assertEquals(sum, n(t.get("moves")));
            assertTrue(sum <= moves, sum + " of " + moves);
            assertEquals(six, n(t.get("six_fixed_moves")));
            assertEquals(sixNamed, n(t.get("six_fixed_named_moves")));
        }
        // the games are long enough to meet formations, from 8 up and 16 up
        assertTrue(n(targets.get(0).get("formations_seen")) > 5 && n(targets.get(1).get("formations_seen")) > 5, survey.toString());
    }

    @Test
    void theTextListsTheTopFormationsPerTarget() {
        CommandRun run = CommandRun.of(args(new String[] {"tables", "survey"}, args(GAMES, "--targets", "16,32", "--min-fixed", "2", "--top", "2", "-q")));
        assertEquals(0, run.exit(), run.err());
        String out = run.out();
        assertTrue(out.contains("player    random") && out.contains("games     6"), out);
        assertTrue(out.contains("target 16: 2..8 big tiles, all different, at ") && out.contains("target 32: "), out);
        assertTrue(out.contains("formation") && out.contains("named"), out);
        assertFalse(out.contains("table"), "no table column without --tables: " + out);
        assertTrue(out.matches("(?s).*\\.\\.\\. \\d+ more \\(--top 0 lists all\\).*"), out);
        // two rows per target under its header
        String[] lines = out.split("\n");
        int rows = 0;
        for (String line : lines) {
            rows += line.matches("  [x.]{4}(/[x.]{4}){3} .*") ? 1 : 0;
        }
        assertEquals(4, rows, out);
        assertFalse(out.lines().anyMatch(l -> l.endsWith(" ")), "no trailing spaces: " + out);
        // with tables: a column of each formation's table, none here
        Path tables = dir.resolve("t");
        assertEquals(0, CommandRun.of("tables", "build", "--formations", "442x", "--targets", "32", "--out", tables.toString(), "--quiet").exit());
        CommandRun with = CommandRun.of(args(new String[] {"tables", "survey"}, args(GAMES, "--targets", "16", "--min-fixed", "2", "--top", "2",
                "--tables", tables.toString(), "-q")));
        assertEquals(0, with.exit(), with.err());
        assertTrue(with.out().contains("  named  table\n"), with.out());
        assertEquals(2, with.out().lines().filter(l -> l.matches("  [x.]{4}(/[x.]{4}){3} .* -  +-")).count(), with.out());
    }

    private static void refused(String expected, String... args) {
        CommandRun r = CommandRun.of(args(new String[] {"tables", "survey", "--player", "random"}, args));
        assertEquals(Errors.BAD_INPUT, r.exit(), r.err());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertEquals("", r.out());
    }

    @Test
    void badInputIsRefusedInOneLine() {
        refused("--targets: target 100: expected a power of two in 8..16384", "--targets", "100");
        refused("--targets: target 64 given twice", "--targets", "64,128,64");
        refused("--min-fixed: expected 2..14 fixed cells, got 1", "--min-fixed", "1");
        refused("--max-fixed: expected 2..14 fixed cells, got 15", "--max-fixed", "15");
        refused("--max-fixed: expected at least --min-fixed (6), got 5", "--min-fixed", "6", "--max-fixed", "5");
        refused("--top: expected 0 (all) or more, got -1", "--top", "-1");
        refused("--games: expected at least 1, got 0", "--games", "0", "--targets", "64");
        refused("not a directory of endgame tables", "--tables", dir.resolve("none").toString());
    }
}
