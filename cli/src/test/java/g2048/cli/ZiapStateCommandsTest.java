package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code import ziap --tc} and {@code export ziap}: 2048-tdl's run state kept compact and given back. */
class ZiapStateCommandsTest {

    /** nw5x4: five 4-tuples of 65,536 entries. */
    private static final int ENTRIES = 5 * 65536;

    @TempDir
    Path dir;

    /** A 2048-tdl state: a few thousand trained weights and their accumulators. */
    private Path state() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        ByteBuffer w = ByteBuffer.allocate(4 * ENTRIES).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer tc = ByteBuffer.allocate(8 * ENTRIES).order(ByteOrder.LITTLE_ENDIAN);
        Rng rng = new Rng(3);
        for (int k = 0; k < 4000; k++) {
            int i = rng.nextInt(ENTRIES);
            float a = (float) (1 + rng.nextDouble() * 1000);
            w.putFloat(4 * i, (float) (rng.nextGaussian() * 200));
            tc.putFloat(4 * i, (float) (a * (rng.nextDouble() * 2 - 1)));
            tc.putFloat(4 * (ENTRIES + i), a);
        }
        Files.write(in.resolve("weights.bin.tc"), tc.array());
        return Files.write(in.resolve("weights.bin"), w.array());
    }

    @Test
    void aStateGoesThroughTheCompactFormAndBack() throws Exception {
        Path weights = state();
        Path model = dir.resolve("ziap.g2nz");
        CommandRun r = CommandRun.of("import", "ziap", "--structure", "nw5x4", "--tc", "--compact-bits", "15", "--out",
                model.toString(), weights.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("with its accumulators"), r.out());
        Path out = Files.createDirectories(dir.resolve("out")).resolve("weights.bin");
        r = CommandRun.of("export", "ziap", "--structure", "nw5x4", "--out", out.toString(), model.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains(out + ".tc"), r.out());
        assertEquals(Files.size(weights), Files.size(out));
        assertEquals(8L * ENTRIES, Files.size(dir.resolve("out/weights.bin.tc")));
        ByteBuffer a = ByteBuffer.wrap(Files.readAllBytes(weights)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.LITTLE_ENDIAN);
        float max = 0;
        for (int i = 0; i < ENTRIES; i++) {
            max = Math.max(max, Math.abs(a.getFloat(4 * i)));
        }
        for (int i = 0; i < ENTRIES; i++) {
            assertEquals(a.getFloat(4 * i), b.getFloat(4 * i), max / 16383 * 0.5001f, "weight " + i);
        }
    }

    @Test
    void badRequestsGetOneLineAndWriteNothing() throws Exception {
        Path weights = state();
        Path model = dir.resolve("ziap.g2nz");
        assertEquals(0, CommandRun.of("import", "ziap", "--structure", "nw5x4", "--out", model.toString(), weights.toString()).exit());
        Path out = dir.resolve("out.bin");
        String[][] bad = {
            {"export", "ziap", "--structure", "nw4x6", "--out", out.toString(), model.toString()},
            {"export", "ziap", "--structure", "nw9x9", "--out", out.toString(), model.toString()},
            {"export", "ziap", "--structure", "nw5x4", "--out", out.toString(), dir.resolve("missing.g2nz").toString()},
            {"export", "ziap", "--structure", "nw5x4", "--out", weights.toString(), model.toString()}};
        String[] says = {"is not nw4x6's", "--structure", "missing.g2nz", "weights.bin.tc would be read as this run's"};
        for (int k = 0; k < bad.length; k++) {
            CommandRun r = CommandRun.of(bad[k]);
            assertEquals(2, r.exit(), k + ": " + r.err());
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.err().contains(says[k]), k + ": " + r.err());
        }
        assertFalse(Files.exists(out));
        String[][] badImports = {
            {"import", "ziap", "--structure", "nw4x5", "--tc", "--out", dir.resolve("x.g2nz").toString(), weights.toString()},
            {"import", "ziap", "--structure", "nw5x4", "--tc", "--compact-bits", "16", "--out", dir.resolve("x.g2nz").toString(),
                weights.toString()}};
        for (String[] args : badImports) {
            CommandRun r = CommandRun.of(args);
            assertEquals(2, r.exit(), r.err());
            assertEquals(1, r.errLines().length, r.err());
            assertFalse(Files.exists(dir.resolve("x.g2nz")));
        }
    }
}
