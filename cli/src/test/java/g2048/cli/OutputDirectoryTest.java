package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** train cnn and solve refuse an output they cannot write before any work: exit 2, one line naming it. */
class OutputDirectoryTest {

    private static final String TINY = "name=tiny;input=values;embed=;trunk=conv2x2:8,conv2x2:16,fc:32,fc:8,fc:1";

    @TempDir
    Path dir;

    private static void assertRefusedBeforeWork(String mention, String... args) {
        CommandRun r = CommandRun.of(args);
        String what = String.join(" ", args) + " -> " + r.out() + r.err();
        assertEquals(2, r.exit(), what);
        assertEquals(1, r.errLines().length, what);
        assertTrue(r.err().contains(mention), "'" + mention + "' in " + what);
        assertFalse(r.err().contains("Exception"), what);
        assertFalse(r.out().contains("train cnn:") || r.err().contains("forward  age"), "no work started: " + what);
    }

    private static String[] trainCnn(Path out) {
        return new String[] {"train", "cnn", "--arch", TINY, "--device", "cpu", "--positions", "2000", "--generators", "1",
            "--lanes", "4", "--eval-games", "0", "--out", out.toString()};
    }

    @Test
    void aFileAsTheOutputDirectoryIsBadInput() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertRefusedBeforeWork("--out: " + file + " is a file, expected a directory", trainCnn(file));
        assertRefusedBeforeWork("--out: " + file + " is a file, expected a directory",
                "solve", "--shape", "2x2", "--out", file.toString());
        Path below = file.resolve("run");
        assertRefusedBeforeWork("--out: cannot create the directory " + below, trainCnn(below));
        assertRefusedBeforeWork("--out: cannot create the directory " + below, "solve", "--shape", "2x2", "--out", below.toString());
    }

    /** An existing directory in which this process cannot create a file (read-only for non-root; /sys for root). */
    private Path unwritableDirectory() throws IOException {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        try {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: try the others
        }
        for (Path candidate : List.of(ro, Path.of("/sys"), Path.of("/proc"))) {
            if (Files.isDirectory(candidate)) {
                try {
                    Files.delete(Files.createTempFile(candidate, "probe", ".tmp"));
                } catch (IOException e) {
                    return candidate;
                }
            }
        }
        return null;
    }

    @Test
    void aReadOnlyOutputDirectoryIsRefusedBeforeTheWorkStarts() throws IOException {
        Path ro = unwritableDirectory();
        assumeTrue(ro != null, "no directory here refuses this process a file");
        try {
            assertRefusedBeforeWork("--out: " + ro + " is not writable", trainCnn(ro));
            assertRefusedBeforeWork("--out: " + ro + " is not writable", "solve", "--shape", "2x2", "--out", ro.toString());
            CommandRun hlog = CommandRun.of("bench", "search", "--player", "lines", "--games", "2", "--shape", "2x2",
                    "--hlog", ro.resolve("x.hlog").toString());
            assertEquals(2, hlog.exit(), hlog.err());
            assertTrue(hlog.err().contains("--hlog: " + ro + " is not writable"), hlog.err());
            assertFalse(hlog.out().contains("moves/s"), "no games played: " + hlog.out());
        } finally {
            Files.setPosixFilePermissions(dir.resolve("ro"), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aReadOnlySubdirectoryOfARunIsRefusedToo() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Path snapshots = Files.createFile(run.resolve("snapshots"));
        assertRefusedBeforeWork("--out: " + snapshots + " is a file, expected a directory", trainCnn(run));
        Path solve = Files.createDirectories(dir.resolve("solve"));
        Path work = Files.createFile(solve.resolve("work"));
        assertRefusedBeforeWork("--out: " + work + " is a file, expected a directory", "solve", "--shape", "2x2", "--out",
                solve.toString());
    }
}
