package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Arguments a hostile or careless user gives: each one line {@code g2048 COMMAND: ...}, exit 2. */
class HostileArgumentsTest {

    private static final String BOARD = "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0";

    @TempDir
    Path dir;

    private static CommandRun assertBadInput(String prefix, String mention, String... args) {
        CommandRun r = CommandRun.of(args);
        String what = String.join(" ", args) + " -> " + r.err();
        assertEquals(2, r.exit(), what);
        assertEquals(1, r.errLines().length, what);
        assertTrue(r.err().startsWith(prefix), what);
        assertTrue(r.err().contains(mention), what);
        assertFalse(r.err().contains("Exception"), what);
        return r;
    }

    @Test
    void picocliErrorsNameTheCommandAsEveryOtherError() {
        assertBadInput("g2048 play: ", "--frobnicate", "play", "--frobnicate");
        assertBadInput("g2048 serve: ", "--frobnicate", "serve", "--frobnicate");
        assertBadInput("g2048 train ntuple: ", "--games", "train", "ntuple", "--games", "many");
    }

    @Test
    void threadCountsAreBounded() {
        int max = ThreadsLimit.max(null);
        String many = Integer.toString(max + 1);
        assertBadInput("g2048 solve: ", "--threads: " + many + " is more than " + max,
                "solve", "--shape", "2x2", "--threads", many, "--out", dir.resolve("db").toString());
        assertBadInput("g2048 play: ", "--threads", "play", "--player", "random", "--games", "1", "--threads", "5000");
        assertFalse(Files.exists(dir.resolve("db")), "refused before any work");
        assertEquals(7, ThreadsLimit.max("7"));
        assertEquals(max, ThreadsLimit.max("lots"));
    }

    @Test
    void serveNamesABadBindAddress() {
        assertBadInput("g2048 serve: ", "--bind", "serve", "--bind", "999.1.1.1", "--port", "0");
    }

    @Test
    void theSameDatasetTwiceIsRefusedByWhatItIs() throws Exception {
        Path data = dir.resolve("d.g2pd");
        CommandRun made = CommandRun.of("dataset", "--player", "lines", "--games", "2", "--threads", "1", "--out",
                data.toString(), "--no-progress");
        assertEquals(0, made.exit(), made.err());
        Path link = Files.createSymbolicLink(dir.resolve("link.g2pd"), data);
        for (String second : new String[] {dir.resolve(".").resolve("d.g2pd").toString(), link.toString()}) {
            assertBadInput("g2048 train policy: ", "--data: " + second, "train", "policy", "--arch", "name=tiny;convs=2;channels=8",
                    "--data", data.toString(), "--data", second, "--out", dir.resolve("p").toString());
        }
    }

    @Test
    void aModelPathWithACommaLoadsAsOneFile() throws Exception {
        Path model = dir.resolve("a,b.g2n");
        CommandRun trained = CommandRun.of("train", "ntuple", "--net", "0123,4567", "--games", "2", "--threads", "1",
                "--eval-every", "0", "--out", model.toString(), "--no-progress");
        assertEquals(0, trained.exit(), trained.err());
        CommandRun move = CommandRun.of("move", "--model", model.toString(), "--board", BOARD);
        assertEquals(0, move.exit(), move.err());
        // the old syntax still names an ensemble
        Path plain = Files.copy(model, dir.resolve("m.g2n"));
        CommandRun ensemble = CommandRun.of("move", "--model", plain + "," + plain, "--board", BOARD);
        assertEquals(0, ensemble.exit(), ensemble.err());
    }
}
