package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output that exists and is not a regular file is refused, never replaced: a device node the
 * test makes in its own directory (as root: a copy of /dev/null), else a FIFO.
 */
class SpecialOutputTest {

    @TempDir
    Path dir;

    /** A character device (when this process may make one) or a FIFO at {@code dir/name}. */
    private Path special(String name) throws IOException, InterruptedException {
        Path p = dir.resolve(name);
        if (new ProcessBuilder("mknod", p.toString(), "c", "1", "3").redirectErrorStream(true).start().waitFor() == 0) {
            return p;
        }
        Files.deleteIfExists(p);
        if (new ProcessBuilder("mkfifo", p.toString()).start().waitFor() != 0) {
            org.junit.jupiter.api.Assumptions.abort("neither mknod nor mkfifo works here");
        }
        return p;
    }

    private static void assertRefusedAndKept(Path node, String... args) {
        assertRefusedAndKept(node, node, args);
    }

    /** Exit 2, one line naming {@code named}, and {@code node} still there, not a regular file. */
    private static void assertRefusedAndKept(Path named, Path node, String... args) {
        CommandRun r = CommandRun.of(args);
        String what = String.join(" ", args) + " -> " + r.err();
        assertEquals(2, r.exit(), what);
        assertEquals(1, r.errLines().length, what);
        assertTrue(r.err().contains(named.toString()), what);
        assertTrue(r.err().contains("expected a regular file to write"), what);
        assertTrue(Files.exists(node, LinkOption.NOFOLLOW_LINKS), what);
        assertFalse(Files.isRegularFile(node, LinkOption.NOFOLLOW_LINKS), "left as it was: " + what);
    }

    @Test
    void everyWriterRefusesADeviceOrFifoAndLeavesIt() throws Exception {
        Path node = special("null");
        assertRefusedAndKept(node, "train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "5",
                "--threads", "1", "--out", node.toString(), "--no-progress");
        assertRefusedAndKept(node, "bench", "search", "--player", "lines", "--depth", "1", "--games", "1",
                "--shape", "3x3", "--hlog", node.toString());
        assertRefusedAndKept(node, "inspect", "filters", "--model", dir.resolve("none.g2pn").toString(),
                "--png", node.toString());
        assertRefusedAndKept(node, "dataset", "--player", "lines", "--games", "1", "--threads", "1",
                "--out", node.toString(), "--no-progress");
        Path link = Files.createSymbolicLink(dir.resolve("link.g2n"), node);
        assertRefusedAndKept(link, node, "train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "5",
                "--threads", "1", "--out", link.toString(), "--no-progress");
    }

    @Test
    void aLockFileThatIsAFifoIsRefusedNotWaitedOn() throws Exception {
        Path out = dir.resolve("m.g2n");
        Path lock = special(".m.g2n.lock");
        CommandRun r = CommandRun.of("train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "5",
                "--threads", "1", "--out", out.toString(), "--no-progress");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains(lock.toString()), r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void trainNtupleDeletesTheTemporaryFilesOfKilledRuns() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        long dead = gone.pid();
        org.junit.jupiter.api.Assumptions.assumeTrue(ProcessHandle.of(dead).isEmpty(), "the pid is not reused yet");
        Path out = dir.resolve("m.g2n");
        List<Path> left = new ArrayList<>();
        for (String name : new String[] {".m.g2n." + dead + "-1.tmp", ".m.g2n." + dead + "-7.tmp",
            ".m.curve.csv." + dead + "-2.tmp"}) {
            left.add(Files.writeString(dir.resolve(name), "half a model"));
        }
        Path othersLive = Files.writeString(dir.resolve(".m.g2n." + ProcessHandle.current().pid() + "-9.tmp"), "live");
        Path otherFile = Files.writeString(dir.resolve(".other.g2n." + dead + "-1.tmp"), "not this run's");
        CommandRun r = CommandRun.of("train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "5",
                "--threads", "1", "--eval-every", "0", "--out", out.toString(), "--no-progress");
        assertEquals(0, r.exit(), r.err());
        for (Path p : left) {
            assertFalse(Files.exists(p), p + " deleted");
        }
        assertTrue(Files.exists(othersLive) && Files.exists(otherFile));
        Path again = Files.writeString(dir.resolve(".m.g2n." + dead + "-3.tmp"), "half");
        CommandRun resumed = CommandRun.of("train", "ntuple", "--resume", out.toString(), "--games", "10",
                "--threads", "1", "--eval-every", "0", "--out", out.toString(), "--no-progress");
        assertEquals(0, resumed.exit(), resumed.err());
        assertFalse(Files.exists(again), "a resumed run deletes them too");
    }
}
