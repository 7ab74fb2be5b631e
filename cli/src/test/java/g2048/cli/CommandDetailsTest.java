package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.BoardText;
import g2048.game.Shape;
import g2048.play.Players;
import g2048.search.ExpectimaxPlayer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** What a new user meets first: help, versions, the heuristic's values, bounded searches, clean ends of runs. */
class CommandDetailsTest {

    private static List<CommandLine> commands(CommandLine cl) {
        List<CommandLine> all = new ArrayList<>(List.of(cl));
        for (var e : cl.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                all.addAll(commands(e.getValue()));
            }
        }
        return all;
    }

    /**
     * Help breaks lines between words only, at any width: the text is the same however narrow, and no
     * line is broken by hand. (picocli's line breaker, the JDK's, may also break after punctuation inside
     * a word, as in "e.g.", a file name or FILE[,FILE...]: those breaks are joined before comparing, and
     * no help writes a percentile as "p99.9", which it would cut after "p99.".)
     */
    @Test
    void helpWrapsAtTheWidthAndOnlyBetweenWords() {
        for (CommandLine cl : commands(Main.commandLine())) {
            cl.setUsageHelpAutoWidth(false);
            cl.setUsageHelpWidth(1000);
            String wide = words(cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
            assertFalse(wide.contains("p99.9"), cl.getCommandName() + ": " + wide);
            for (int width : new int[] {80, 97, 120, 160}) {
                cl.setUsageHelpWidth(width);
                String help = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
                assertEquals(wide, words(help), cl.getCommandName() + " at width " + width);
                for (String line : help.split("\n")) {
                    assertTrue(line.length() <= width, cl.getCommandName() + " at " + width + ": " + line);
                }
            }
            String[] description = cl.getCommandSpec().usageMessage().description();
            for (int i = 1; i < description.length; i++) {
                String d = description[i].strip();
                assertTrue(d.isEmpty() || d.matches("(?s).*[.:)]$"), cl.getCommandName() + ": a paragraph ends mid-sentence: " + d);
            }
        }
        CommandRun inspect = CommandRun.of("inspect", "board", "--help");
        assertEquals(0, inspect.exit());
        assertFalse(inspect.err().contains("Could not format"), inspect.err());
        assertTrue(inspect.out().replaceAll("\\s+", " ").contains("add up to 100% exactly"), inspect.out());
    }

    /** Help text as words: whitespace collapsed, a break after punctuation inside a word (as "a;b" or ",\"x") undone. */
    private static String words(String help) {
        return help.replaceAll("\\s+", " ").replaceAll("([^\\w\\s]) (?=\\S)", "$1").replace(" (", "(");
    }

    @Test
    void everyCommandPrintsTheVersion() {
        for (String[] args : new String[][] {{"--version"}, {"move", "--version"}, {"train", "policy", "--version"}}) {
            CommandRun r = CommandRun.of(args);
            assertEquals(0, r.exit(), String.join(" ", args));
            assertTrue(r.out().matches("g2048 \\d+\\.\\d+\\.\\d+\\R"), String.join(" ", args) + ": '" + r.out() + "'");
        }
    }

    /** move --player heuristic: the values of the heuristic player's own search, whose choice play makes. */
    @Test
    void moveValuesTheHeuristicPlayersOwnSearch() {
        for (String board : new String[] {"2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0", "2,4,2,4/4,2,4,8/2,4,0,16/4,2,4,2", "2,0,2/0,4,0/0,0,0"}) {
            CommandRun r = CommandRun.of("move", "--board", board, "--player", "heuristic", "--json");
            assertEquals(0, r.exit(), r.err());
            Map<String, Object> out = MiniJson.object(r.out());
            BoardText.Parsed p = BoardText.parse(board);
            ExpectimaxPlayer heuristic = (ExpectimaxPlayer) Players.heuristic(p.shape());
            int best = heuristic.chooseMove(p.board());
            assertEquals(String.valueOf("URDL".charAt(best)), out.get("move"), r.out());
            List<?> moves = (List<?>) out.get("moves");
            for (int d = 0; d < 4; d++) {
                double want = heuristic.lastResult().value(d);
                Object got = ((Map<?, ?>) moves.get(d)).get("value");
                if (Double.isNaN(want)) {
                    assertEquals(null, got);
                } else {
                    assertEquals(want, (double) got, 1e-6, r.out());
                }
            }
            assertEquals("heuristic", out.get("player"));
        }
        // crowded boards are searched a ply deeper, as the player does
        long crowded = BoardText.parse("2,4,2,4/4,2,4,8/2,4,0,16/4,2,4,2").board();
        assertEquals(3, Players.heuristic(Shape.S4x4).configFor(crowded).depth());
        CommandRun deeper = CommandRun.of("move", "--board", BoardText.format(crowded, Shape.S4x4), "--player", "heuristic", "--json");
        assertEquals(0, deeper.exit(), deeper.err());
        assertTrue(deeper.out().contains("\"depth\":3"), deeper.out());
        MoveCommandTest.assertBadInput(CommandRun.of("move", "--board", "2,2/0,0", "--player", "heuristic", "--depth", "2"), "--depth");
    }

    @Test
    void aDeepSearchOfOneBoardNeedsATimeBudget() {
        CommandRun deep = CommandRun.of("move", "--board", "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0", "--player", "lines", "--depth", "9");
        MoveCommandTest.assertBadInput(deep, "--depth");
        assertTrue(deep.err().contains("--time-ms"), deep.err());
        CommandRun timed = CommandRun.of("move", "--board", "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0", "--player", "lines", "--depth", "9",
                "--time-ms", "20", "--json");
        assertEquals(0, timed.exit(), timed.err());
        assertTrue(timed.out().contains("\"cut_short\":true"), timed.out());
    }

    /** play --player optimal takes its shape from the database; a finished run leaves no lock file. */
    @Test
    void optimalPlaysTheDatabasesShapeAndRunsLeaveNoLocks(@TempDir Path dir) {
        Path db = dir.resolve("db23");
        assertEquals(0, CommandRun.of("solve", "--shape", "2x3", "--out", db.toString(), "--quiet").exit());
        assertFalse(Files.exists(db.resolve(".lock")), "solve left its lock");
        CommandRun play = CommandRun.of("play", "--player", "optimal", "--db", db.toString(), "--games", "3", "--json");
        assertEquals(0, play.exit(), play.err());
        assertTrue(play.out().contains("\"shape\":\"2x3\""), play.out());
        Path model = dir.resolve("t.g2n");
        CommandRun train = CommandRun.of("train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "50",
                "--threads", "1", "--eval-every", "0", "--checkpoint-every", "0", "--quiet", "--out", model.toString());
        assertEquals(0, train.exit(), train.err());
        assertTrue(Files.exists(model));
        assertFalse(Files.exists(dir.resolve(".t.g2n.lock")), "train left its lock");
    }
}
