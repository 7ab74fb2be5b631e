package g2048.tables;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A build stopped anywhere resumes to the same bytes; a damaged table is refused in one line. */
class TableBuildResumeTest {

    private static final Formation F = Formation.named("441");
    private static final int TARGET = 64;

    @TempDir
    Path dir;

    private byte[] build(Path root, int threads, boolean forward, int stopAge, double checkpointSeconds) throws IOException {
        RegionGame game = new RegionGame(F, TARGET);
        Path out = root.resolve(TableFile.fileName(F, TARGET));
        Path work = root.resolve("work");
        boolean[] stopped = new boolean[1];
        boolean done = new TableBuilder(game, work, out, threads).checkpointEvery(checkpointSeconds)
                .stopHook((fwd, age) -> {
                    boolean stop = !stopped[0] && fwd == forward && age == stopAge;
                    stopped[0] |= stop;
                    return stop;
                }).run(TableExactnessTest.quiet());
        if (stopAge >= 0) {
            assertFalse(done, "stopped at age " + stopAge);
            assertFalse(Files.exists(out));
            assertTrue(Files.exists(work.resolve(BuildManifest.FILE)));
            // a second process (a fresh builder) resumes from the manifest
            assertTrue(new TableBuilder(game, work, out, threads).run(TableExactnessTest.quiet()));
        } else {
            assertTrue(done);
        }
        assertFalse(Files.exists(work), "the work directory is deleted once the table is written");
        return Files.readAllBytes(out);
    }

    @Test
    void aStoppedBuildResumesToIdenticalBytes() throws IOException {
        byte[] whole = build(dir.resolve("whole"), 1, true, -1, 2);
        assertArrayEquals(whole, build(dir.resolve("threads"), 3, true, -1, 2), "threads change nothing");
        assertArrayEquals(whole, build(dir.resolve("f40"), 2, true, 40, 1e9), "stopped in the forward pass");
        assertArrayEquals(whole, build(dir.resolve("f2"), 2, true, 2, 0), "stopped early in the forward pass");
        assertArrayEquals(whole, build(dir.resolve("b100"), 2, false, 100, 1e9), "stopped in the backward pass");
        assertArrayEquals(whole, build(dir.resolve("b6"), 2, false, 6, 0), "stopped late in the backward pass");
    }

    @Test
    void theFilesAKilledBuildWrotePastItsManifestAreRewritten() throws IOException {
        byte[] whole = build(dir.resolve("whole"), 1, true, -1, 2);
        Path root = dir.resolve("killed");
        RegionGame game = new RegionGame(F, TARGET);
        Path out = root.resolve(TableFile.fileName(F, TARGET));
        Path work = root.resolve("work");
        // the manifest of a checkpoint at age 80, then ages 78..60 written past it, as when a build is killed
        new TableBuilder(game, work, out, 2).checkpointEvery(1e9).stopHook((fwd, age) -> !fwd && age == 80)
                .run(TableExactnessTest.quiet());
        byte[] at80 = Files.readAllBytes(work.resolve(BuildManifest.FILE));
        new TableBuilder(game, work, out, 2).checkpointEvery(1e9).stopHook((fwd, age) -> !fwd && age == 60)
                .run(TableExactnessTest.quiet());
        Files.write(work.resolve(BuildManifest.FILE), at80);
        Files.write(work.resolve("values-70.bin"), new byte[] {1, 2, 3});
        assertTrue(new TableBuilder(game, work, out, 2).run(TableExactnessTest.quiet()));
        assertArrayEquals(whole, Files.readAllBytes(out));
    }

    @Test
    void aDamagedTableIsRefusedInOneLine() throws IOException {
        build(dir, 2, true, -1, 2);
        Path file = dir.resolve(TableFile.fileName(F, TARGET));
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 0x10;
        Files.write(file, bytes);
        BadFileException e = assertThrows(BadFileException.class, () -> TableFile.open(file, Arena.ofAuto()));
        assertTrue(e.getMessage().startsWith(file + ": ") && e.getMessage().contains("checksum")
                && !e.getMessage().contains("\n"), e.getMessage());
    }
}
