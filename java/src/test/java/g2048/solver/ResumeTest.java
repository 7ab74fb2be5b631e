package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A solve stopped after an age (forward or backward) and resumed writes the same files as one uninterrupted run. */
class ResumeTest {

    private static final Shape SHAPE = Shape.S2x3;

    @TempDir
    Path tmp;

    private static Map<String, String> checksums(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                if (Files.isRegularFile(p)) {
                    byte[] data = Files.readAllBytes(p);
                    out.put(p.getFileName().toString(), HexFormat.of().formatHex(
                            java.security.MessageDigest.getInstance("SHA-256").digest(data)));
                }
            }
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private Map<String, String> uninterrupted() throws IOException {
        Path dir = tmp.resolve("whole");
        assertEquals(Solver.Outcome.SOLVED, new Solver(SHAPE, dir, 2).run(new SolverVsBruteForceTest.QuietProgress()));
        return checksums(dir);
    }

    @Test
    void stoppedInForwardAndBackwardThenResumedGivesTheSameFiles() throws IOException {
        Map<String, String> whole = uninterrupted();
        Path dir = tmp.resolve("pieces");
        // Stop in the forward pass after age 40.
        Solver.Outcome o1 = new Solver(SHAPE, dir, 2).checkpointEvery(1000)
                .stopHook((forward, age) -> forward && age == 40).run(new SolverVsBruteForceTest.QuietProgress());
        assertEquals(Solver.Outcome.STOPPED, o1);
        Manifest m1 = Manifest.read(dir);
        assertEquals(40, m1.forwardComplete());
        assertFalse(m1.forwardFinished());
        // Leave junk where an interrupted run may have been writing: a later age and a temporary file.
        Files.write(AgeFiles.idsFile(dir, 42), new byte[] {1, 2, 3});
        Files.write(dir.resolve("ids-000044.bin.tmp"), new byte[] {4});
        // Resume with one thread, stop in the backward pass after age 100.
        Solver.Outcome o2 = new Solver(SHAPE, dir, 1).checkpointEvery(1000)
                .stopHook((forward, age) -> !forward && age == 100).run(new SolverVsBruteForceTest.QuietProgress());
        assertEquals(Solver.Outcome.STOPPED, o2);
        Manifest m2 = Manifest.read(dir);
        assertTrue(m2.forwardFinished());
        assertEquals(100, m2.backwardComplete());
        assertTrue(Files.exists(AgeFiles.doublesFile(dir, 100)));
        // Resume to the end.
        assertEquals(Solver.Outcome.SOLVED, new Solver(SHAPE, dir, 3).run(new SolverVsBruteForceTest.QuietProgress()));
        Files.deleteIfExists(dir.resolve("ids-000044.bin.tmp"));
        assertFalse(Files.exists(dir.resolve("work")));
        assertEquals(whole, checksums(dir));
    }

    @Test
    void laterFilesDeletedAfterAStopAreRebuiltIdentically() throws IOException {
        Map<String, String> whole = uninterrupted();
        Path dir = tmp.resolve("deleted");
        new Solver(SHAPE, dir, 2).checkpointEvery(0).stopHook((forward, age) -> !forward && age == 60)
                .run(new SolverVsBruteForceTest.QuietProgress());
        // Roll the manifest back as if the run had been killed before its last checkpoints, and drop files.
        Manifest m = Manifest.read(dir);
        new Manifest(m.shape(), 120, false, 0, 0).write(dir);
        for (int age = 122; age <= m.lastAge(); age += 2) {
            Files.deleteIfExists(AgeFiles.idsFile(dir, age));
        }
        assertEquals(Solver.Outcome.SOLVED, new Solver(SHAPE, dir, 2).run(new SolverVsBruteForceTest.QuietProgress()));
        assertEquals(whole, checksums(dir));
    }

    @Test
    void damagedFileIsDetectedByItsChecksum() throws IOException {
        uninterrupted();
        Path file = AgeFiles.valuesFile(tmp.resolve("whole"), 20);
        byte[] good = Files.readAllBytes(file);
        byte[] data = good.clone();
        data[200] ^= 1; // in the values, past the block headers: found only by the checksum
        Files.write(file, data);
        try (Solution sol = Solution.open(tmp.resolve("whole"))) {
            long board = 0x1L | 0x1L << 4 | 0x2L << 8 | 0x3L << 16; // 2,2,4 / 8: age 16, not the damaged age
            sol.stateValue(board);
            Exception e = org.junit.jupiter.api.Assertions.assertThrows(java.io.UncheckedIOException.class,
                    () -> sol.stateValue(0x4L | 0x1L << 4 | 0x1L << 16)); // 16,2 / 2: age 20
            assertTrue(e.getMessage().contains("checksum"), e.getMessage());
        }
        data = good.clone();
        data[70] ^= 1; // the count of the first block: found by the geometry check, before the checksum is computed
        Files.write(file, data);
        try (Solution sol = Solution.open(tmp.resolve("whole"))) {
            Exception e = org.junit.jupiter.api.Assertions.assertThrows(java.io.UncheckedIOException.class,
                    () -> sol.stateValue(0x4L | 0x1L << 4 | 0x1L << 16));
            assertTrue(e.getMessage().contains(file + ": the state values at byte 64 are malformed"), e.getMessage());
            assertTrue(e.getMessage().contains("damaged"), e.getMessage());
        }
    }
}
