package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code g2048 serve} refuses bad options before it listens: exit 2, one line naming the option. */
class ServeCommandTest {

    private static void assertBadInput(CommandRun r, String mention) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(mention), r.err());
    }

    @Test
    void badOptionsAreRefusedNamingThem(@TempDir Path dir) {
        assertBadInput(CommandRun.of("serve", "--threads", "0"), "--threads: expected at least 1, got 0");
        assertBadInput(CommandRun.of("serve", "--port", "70000"), "--port: 70000 is out of range");
        assertBadInput(CommandRun.of("serve", "--max-requests-in-flight", "0"), "--max-requests-in-flight");
        assertBadInput(CommandRun.of("serve", "--request-timeout-ms", "0"), "--request-timeout-ms");
        assertBadInput(CommandRun.of("serve", "--db", dir.toString()), "--db: solution directory " + dir + ": no solution there");
        assertBadInput(CommandRun.of("serve", "--model", dir.resolve("none.g2n").toString()), "none.g2n");
        assertBadInput(CommandRun.of("serve", "--policy", dir.resolve("none.g2pn").toString()), "--policy: ");
        assertBadInput(CommandRun.of("serve", "--cnn", dir.resolve("none.g2nn").toString(), "--device", "cpu"), "--cnn: ");
    }

    /** The ntuple player's late model is loaded, levelled and checked before the server listens. */
    @Test
    void aBadLateModelIsRefusedNamingItsOption(@TempDir Path dir) {
        String a = PlayCommandTest.trainedModel(dir.resolve("a.g2n"), 1).toString();
        assertBadInput(CommandRun.of("serve", "--port", "0", "--model", a, "--late-model", a, "--late-from", "100"),
                "--late-from: expected a tile, a power of two from 4 to 32768, got 100");
        assertBadInput(CommandRun.of("serve", "--port", "0", "--model", a, "--late-model", a, "--late-from", "big"), "--late-from");
        assertBadInput(CommandRun.of("serve", "--port", "0", "--model", a, "--late-model", dir.resolve("none.g2n").toString()),
                "--late-model: model file " + dir.resolve("none.g2n") + ": ");
    }
}
