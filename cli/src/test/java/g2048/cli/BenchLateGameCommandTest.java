package g2048.cli;

import static g2048.cli.MoveCommandTest.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code g2048 bench late-game}: the audit of a value function, a late model's staged one too. */
class BenchLateGameCommandTest {

    /**
     * The model itself as its late model (from 256, which these games make) is audited exactly as
     * the model alone: the offset is +0, so every value and every game is the same.
     */
    @Test
    void aLateModelIsAuditedWithTheModelItLevelsOn(@TempDir Path dir) {
        String a = PlayCommandTest.trainedModel(dir.resolve("a.g2n"), 1).toString();
        String[] audit = {"bench", "late-game", "--model", a, "--games", "4", "--rollouts", "2", "--positions", "1",
            "--band", "256"};
        CommandRun alone = CommandRun.of(audit);
        CommandRun self = CommandRun.of(concat(audit, "--late-model", a, "--late-from", "256"));
        assertEquals(0, alone.exit(), alone.err());
        assertEquals(0, self.exit(), self.err());
        assertTrue(alone.out().contains("4 games (mean "), alone.out());
        assertEquals(alone.out(), self.out());

        assertBadInput(CommandRun.of(concat(audit, "--late-model", a, "--late-from", "100")),
                "--late-from: expected a tile, a power of two from 4 to 32768, got 100");
        assertBadInput(CommandRun.of(concat(audit, "--late-model", a, "--late-from", "many")), "--late-from");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
