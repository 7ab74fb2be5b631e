package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.policy.DatasetFile;
import g2048.policy.DatasetWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Arguments a hostile or careless user gives: each one line {@code g2048 COMMAND: ...}, exit 2. */
class HostileArgumentsTest {

    private static final String TINY = "name=tiny;convs=2;channels=8";
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
    }

    @Test
    void aMalformedThreadBoundIsRefusedNamingItsVariable() {
        for (String bad : new String[] {"lots", "0", "", " 7", "+7", "\u0667"}) {
            Errors.BadInput e = assertThrows(Errors.BadInput.class, () -> ThreadsLimit.max(bad), bad);
            assertTrue(e.getMessage().startsWith("G2048_MAX_THREADS: expected a whole number of threads"), e.getMessage());
        }
    }

    @Test
    void numbersAreAsciiDigitsAndFinite() {
        String out = dir.resolve("m.g2n").toString();
        assertBadInput("g2048 play: ", "'--games': expected a whole number (digits 0-9), got '\u0661\u0660'",
                "play", "--player", "random", "--games", "\u0661\u0660");
        assertBadInput("g2048 play: ", "'--games'", "play", "--player", "random", "--games", "+3");
        assertBadInput("g2048 train ntuple: ", "--stages", "train", "ntuple", "--net", "0123", "--stages", "16384,", "--games", "2",
                "--out", out);
        assertBadInput("g2048 train ntuple: ", "--stages", "train", "ntuple", "--net", "0123", "--stages", "+2048", "--games", "2",
                "--out", out);
        assertBadInput("g2048 train ntuple: ", "--stages", "train", "ntuple", "--net", "0123", "--stages", "\u0661\u0666\u0663\u0668\u0664",
                "--games", "2", "--out", out);
        assertBadInput("g2048 import tdl2048: ", "--stages", "import", "tdl2048", "--net", "4x6patt@2", "--stages", "0,16384,",
                "--out", out, dir.resolve("none.w").toString());
        assertBadInput("g2048 solve: ", "--shape: shape must be RxC with R and C in 2..4, got 99999999999x2",
                "solve", "--shape", "99999999999x2", "--out", dir.resolve("db").toString());
        for (String infinite : new String[] {"Infinity", "-Infinity", "1e999", "NaN", "0x1p3", "1d"}) {
            assertBadInput("g2048 train policy: ", "'--lr'", "train", "policy", "--arch", TINY, "--data", "none.g2pd", "--lr",
                    infinite, "--out", dir.resolve("p").toString());
            assertBadInput("g2048 train ntuple: ", "'--alpha'", "train", "ntuple", "--net", "0123", "--alpha", infinite,
                    "--games", "2", "--out", out);
        }
        assertFalse(Files.exists(dir.resolve("p")) || Files.exists(dir.resolve("m.g2n")) || Files.exists(dir.resolve("db")));
    }

    @Test
    void aBatchTheHeapCannotHoldIsABadArgument() throws Exception {
        Path data = dataset("d.g2pd");
        Path out = dir.resolve("p");
        assertBadInput("g2048 train policy: ", "--batch: 2000000000 positions need ", "train", "policy", "--arch", TINY, "--data",
                data.toString(), "--batch", "2000000000", "--out", out.toString());
        assertFalse(Files.exists(out), "refused before the directory is made");
    }

    @Test
    void aRefusedPolicyRunLeavesNoDirectoryItMade() throws Exception {
        Path data = dataset("d.g2pd");
        Path out = dir.resolve("p");
        // the network to start from is refused after --out is made and locked
        assertBadInput("g2048 train policy: ", "none.g2pn", "train", "policy", "--arch", TINY, "--data", data.toString(), "--init",
                dir.resolve("none.g2pn").toString(), "--epochs", "1", "--eval-games", "0", "--out", out.toString());
        assertFalse(Files.exists(out), "no directory left by a refused run");
        // a directory the user made is theirs: kept
        Files.createDirectory(out);
        assertBadInput("g2048 train policy: ", "none.g2pn", "train", "policy", "--arch", TINY, "--data", data.toString(), "--init",
                dir.resolve("none.g2pn").toString(), "--out", out.toString());
        assertTrue(Files.isDirectory(out));
    }

    @Test
    void movesWithoutTheTeachersValuesAreRefusedNamingTheFileForEitherTarget() throws Exception {
        Path data = dir.resolve("nan.g2pd");
        Moves moves = Moves.of(Shape.S4x4);
        long board = Spawns.initial(Shape.S4x4, new Rng(5));
        float[] values = {Float.NaN, Float.NaN, Float.NaN, Float.NaN};
        try (DatasetWriter w = DatasetWriter.openOrResume(data, "teacher=test")) {
            w.append(new DatasetFile.Game(0, 0, new long[] {board}, new byte[] {(byte) moves.randomLegalMove(board, new Rng(1))},
                    values));
        }
        for (String temperature : new String[] {"0", "1"}) {
            assertBadInput("g2048 train policy: ", data + ": move value NaN for the legal move", "train", "policy", "--arch", TINY,
                    "--data", data.toString(), "--soft-temperature", temperature, "--holdout", "0", "--out", dir.resolve("p").toString());
        }
    }

    @Test
    void aFileWhereADirectoryShouldBeIsNamedAsSuch() throws Exception {
        Path file = Files.createFile(dir.resolve("afile"));
        for (String hlog : new String[] {file.resolve("x.hlog").toString(), file.resolve("sub/x.hlog").toString()}) {
            assertBadInput("g2048 bench search: ", "--hlog: " + file + " is not a directory", "bench", "search", "--player", "lines",
                    "--depth", "1", "--games", "1", "--hlog", hlog);
        }
        assertBadInput("g2048 bench search: ", "--hlog: directory " + dir.resolve("none") + " does not exist", "bench", "search",
                "--player", "lines", "--depth", "1", "--games", "1", "--hlog", dir.resolve("none/x.hlog").toString());
    }

    /** A small dataset written by {@code g2048 dataset}. */
    private Path dataset(String name) {
        Path data = dir.resolve(name);
        CommandRun made = CommandRun.of("dataset", "--player", "lines", "--games", "3", "--threads", "1", "--out",
                data.toString(), "--no-progress");
        assertEquals(0, made.exit(), made.err());
        return data;
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
