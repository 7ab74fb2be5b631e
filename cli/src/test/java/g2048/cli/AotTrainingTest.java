package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run the launcher records its ahead-of-time cache from: a command that stopped parsing (an
 * option renamed) would leave every start without the cache and say nothing, so each must succeed here.
 */
class AotTrainingTest {

    @Test
    void everyCommandOfTheRunSucceedsAndTrainsItsModels(@TempDir Path dir) {
        String[][] commands = AotTraining.commands(dir);
        assertTrue(commands.length >= 5, "the run times training, greedy and deeper play");
        for (String[] command : commands) {
            CommandRun run = CommandRun.of(command);
            assertEquals(0, run.exit(), () -> Arrays.toString(command) + ": " + run.err());
        }
        assertTrue(Files.isRegularFile(dir.resolve("four.g2n")), "the 4x6 model the plays read");
        assertTrue(Files.isRegularFile(dir.resolve("six.g2n")), "the six-tuple model the plays read");
    }
}
