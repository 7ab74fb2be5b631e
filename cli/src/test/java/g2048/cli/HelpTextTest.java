package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.GemmMode;
import g2048.solver.Solution;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The help of every command says what the command does, and does what it offers. */
class HelpTextTest {

    /** Every command's help, by its full name. */
    private static List<String[]> everyHelp() {
        List<String[]> helps = new ArrayList<>();
        collect(Main.commandLine(), "g2048", helps);
        return helps;
    }

    private static void collect(CommandLine cl, String name, List<String[]> into) {
        into.add(new String[] {name, cl.getUsageMessage(CommandLine.Help.Ansi.OFF)});
        for (var e : cl.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                collect(e.getValue(), name + " " + e.getKey(), into);
            }
        }
    }

    @Test
    void theSummaryOfEverySubcommandIsAWholeSentence() {
        // a parent lists each subcommand by the first line of its description: it must end a sentence
        for (CommandLine cl : allCommands(Main.commandLine())) {
            String[] description = cl.getCommandSpec().usageMessage().description();
            if (description.length > 0) {
                String first = description[0].strip();
                assertTrue(first.endsWith(".") || first.endsWith(")"), cl.getCommandName() + ": '" + first + "'");
            }
        }
        String bench = CommandRun.of("bench", "--help").out().replaceAll("\\s+", " ");
        assertTrue(bench.contains("search Benchmark expectimax: moves/s, mean score, move latency and the search's work per move."),
                bench);
    }

    private static List<CommandLine> allCommands(CommandLine cl) {
        List<CommandLine> all = new ArrayList<>(List.of(cl));
        for (var e : cl.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                all.addAll(allCommands(e.getValue()));
            }
        }
        return all;
    }

    @Test
    void noHelpCitesADocumentOutsideTheRepositoryButThePapers() {
        for (String[] h : everyHelp()) {
            String text = h[1].replaceAll("\\s+", " ");
            // seeds 000..009 and sections of a specification are documents the repository lacks
            assertFalse(text.matches("(?s).*seed 0{2}\\d.*") || text.contains("seed's") || text.contains("SPEC \u00a7"),
                    h[0] + ": " + text);
        }
        String ntuple = CommandRun.of("train", "ntuple", "--help").out().replaceAll("\\s+", " ");
        assertTrue(ntuple.contains("Fig. 5 of the n-tuple paper, Szubert and Jaśkowski 2014"), ntuple);
    }

    @Test
    void theGemmHelpGivesTheToleranceTheCodeChecks() {
        String tolerance = String.format(Locale.ROOT, "%.0e", GemmMode.TF32_TOLERANCE).replace("e-0", "e-");
        for (String[] cmd : new String[][] {{"train", "cnn", "--help"}, {"play", "--help"}}) {
            String help = CommandRun.of(cmd).out().replaceAll("\\s+", " ");
            assertTrue(help.contains("checked against the CPU to " + tolerance + " instead of 1e-4"), help);
            assertFalse(help.contains("1e-3"), help);
        }
    }

    @Test
    void gradeOffersNoShapeOption() {
        String grade = CommandRun.of("grade", "--help").out();
        assertFalse(grade.contains("--shape"), grade);
        assertEquals(2, CommandRun.of("grade", "--shape", "4x4", "--db", "x").exit());
    }

    /** move offers optimal and --db, and they work: the exact values of a solved board, as solve query gives them. */
    @Test
    void moveDoesWhatItsHelpOffers(@TempDir Path dir) throws Exception {
        String help = CommandRun.of("move", "--help").out();
        assertTrue(help.contains("optimal") && help.contains("--db"), help);
        Path db = dir.resolve("db");
        assertEquals(0, CommandRun.of("solve", "--shape", "2x2", "--out", db.toString(), "--quiet").exit());
        CommandRun r = CommandRun.of("move", "--board", "2,2/4,0", "--player", "optimal", "--db", db.toString());
        assertEquals(0, r.exit(), r.err());
        try (Solution sol = Solution.open(db)) {
            long board = 0x1L | 0x1L << 4 | 0x2L << 16;
            double[] q = new double[4];
            int legal = sol.moveValues(board, q);
            for (int d = 0; d < 4; d++) {
                if ((legal >>> d & 1) != 0) {
                    assertTrue(r.out().contains(String.format(Locale.ROOT, "%.6f", q[d])), q[d] + " in " + r.out());
                }
            }
            assertTrue(r.out().contains("choice  " + "URDL".charAt(sol.bestMove(board))), r.out());
        }
        CommandRun noDb = CommandRun.of("move", "--board", "2,2/4,0", "--player", "optimal");
        assertEquals(2, noDb.exit());
        assertTrue(noDb.err().contains("--db: missing"), noDb.err());
    }
}
