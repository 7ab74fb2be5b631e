package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command line builds only the command its arguments name (a faster start), and everything
 * when they name none: the help, the help command and the suggestions for a mistyped name see
 * every command, in the order the help lists them.
 */
class CommandSelectionTest {

    private static final List<String> ALL = List.of("apply", "play", "move", "bench", "solve", "grade", "tables",
            "train", "dataset", "inspect", "net", "import", "export", "gpu-check", "serve", "session", "help");

    @Test
    void aCommandsNameBuildsThatCommandAlone() {
        assertEquals(Set.of("move"), Main.commandLine(new String[] {"move", "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"})
                .getSubcommands().keySet());
        CommandLine train = Main.commandLine(new String[] {"train", "ntuple", "--help"});
        assertEquals(Set.of("train"), train.getSubcommands().keySet());
        assertEquals(Set.of("ntuple", "cnn", "policy"), train.getSubcommands().get("train").getSubcommands().keySet());
    }

    @Test
    void noCommandHelpAndUnknownNamesBuildThemAll() {
        for (String[] args : new String[][] {{}, {"--help"}, {"help", "move"}, {"mvoe"}, {"--version"}}) {
            assertEquals(ALL, List.copyOf(Main.commandLine(args).getSubcommands().keySet()), String.join(" ", args));
        }
        assertEquals(ALL, List.copyOf(Main.commandLine().getSubcommands().keySet()));
    }

    @Test
    void theHelpCommandAndASubcommandsHelpStillWork() {
        String help = run("help", "move");
        assertTrue(help.startsWith("Usage: g2048 move"), help);
        assertTrue(run("move", "--help").startsWith("Usage: g2048 move"));
        assertTrue(run("--help").contains("session"));
        assertTrue(run("move", "--version").contains("g2048 0.1.0"));
    }

    private static String run(String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, Main.execute(args), String.join(" ", args));
        } finally {
            System.setOut(out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
