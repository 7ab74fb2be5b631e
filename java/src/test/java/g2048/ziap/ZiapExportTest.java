package g2048.ziap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TupleSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 2048-tdl's state (weights and accumulators) through g2048 and back: exactly through the full form,
 * within the compact form's steps and its accumulators' quarter of an octave through the compact one.
 */
class ZiapExportTest {

    @TempDir
    Path dir;

    /** The importer's fixture (random nw5x4 weights), and random accumulators for it (|E| ≤ A, a third untouched). */
    private Path state() throws IOException {
        Path w = dir.resolve("in/weights.bin");
        Files.createDirectories(w.getParent());
        try (InputStream in = new GZIPInputStream(getClass().getResourceAsStream("/g2048/ziap/w5x4.bin.gz"))) {
            Files.copy(in, w);
        }
        int n = (int) (ZiapStructure.NW5X4.fileBytes() / Float.BYTES);
        ByteBuffer tc = ByteBuffer.allocate(2 * n * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        Rng rng = new Rng(77);
        for (int i = 0; i < n; i++) {
            if (rng.nextInt(3) == 0) {
                continue;
            }
            float a = (float) Math.pow(2, rng.nextDouble() * 30 - 10);
            tc.putFloat(4 * (n + i), a);
            tc.putFloat(4 * i, (float) (a * (rng.nextDouble() * 2 - 1)));
        }
        Files.write(dir.resolve("in/weights.bin.tc"), tc.array());
        return w;
    }

    private static float[] floats(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        float[] f = new float[b.remaining() / Float.BYTES];
        b.asFloatBuffer().get(f);
        return f;
    }

    @Test
    void theFullFormGivesBothFilesBackByteForByte() throws Exception {
        Path w = state();
        Path model = dir.resolve("m.g2n");
        try (NtupleModel m = ZiapImport.read(w, ZiapStructure.NW5X4, dir.resolve("in/weights.bin.tc"))) {
            assertTrue(m.coherent());
            NtupleModels.save(m, model);
        }
        Path out = dir.resolve("out/weights.bin");
        Files.createDirectories(out.getParent());
        try (NtupleModel m = NtupleModels.loadForTraining(model)) {
            assertEquals(dir.resolve("out/weights.bin.tc"), ZiapExport.write(m, ZiapStructure.NW5X4, out));
        }
        assertArrayEquals(Files.readAllBytes(w), Files.readAllBytes(out));
        assertArrayEquals(Files.readAllBytes(dir.resolve("in/weights.bin.tc")), Files.readAllBytes(dir.resolve("out/weights.bin.tc")));
    }

    @Test
    void theCompactFormGivesThemBackWithinItsSteps() throws Exception {
        Path w = state();
        Path model = dir.resolve("m.g2nz");
        try (NtupleModel m = ZiapImport.read(w, ZiapStructure.NW5X4, dir.resolve("in/weights.bin.tc"))) {
            NtupleModels.save(m, model, NtupleModels.MAX_COMPACT_BITS, true);
        }
        Path out = dir.resolve("out/weights.bin");
        Files.createDirectories(out.getParent());
        try (NtupleModel m = NtupleModels.loadForTraining(model)) {
            ZiapExport.write(m, ZiapStructure.NW5X4, out);
        }
        float[] before = floats(w);
        float[] after = floats(out);
        float max = 0;
        for (float v : before) {
            max = Math.max(max, Math.abs(v));
        }
        float halfStep = max / ((1 << (NtupleModels.MAX_COMPACT_BITS - 1)) - 1) * 0.5001f;
        for (int i = 0; i < before.length; i++) {
            assertEquals(before[i], after[i], halfStep, "weight " + i);
        }
        float[] tcBefore = floats(dir.resolve("in/weights.bin.tc"));
        float[] tcAfter = floats(dir.resolve("out/weights.bin.tc"));
        int n = before.length;
        double within = Math.pow(2, 1.0 / 4) * 1.0001;
        for (int i = 0; i < n; i++) {
            float a = tcBefore[n + i];
            float a2 = tcAfter[n + i];
            if (a == 0) {
                assertEquals(0f, a2, "A of weight " + i);
                continue;
            }
            assertTrue(a2 / a <= within && a / a2 <= within, "A of weight " + i + ": " + a2 + " against " + a);
            double ratio = Math.abs(tcBefore[i]) / a;
            if (ratio > Math.pow(2, -16) * within) {
                double ratio2 = Math.abs(tcAfter[i]) / a2;
                assertTrue(ratio2 / ratio <= within && ratio / ratio2 <= within, "rate of weight " + i);
                assertEquals(Math.signum(tcBefore[i]), Math.signum(tcAfter[i]), "sign of E of weight " + i);
            }
        }
    }

    @Test
    void anotherNetworkAStaleAccumulatorFileAndABadOneAreRefused() throws Exception {
        Path w = state();
        try (NtupleModel m = ZiapImport.read(w, ZiapStructure.NW5X4)) {
            assertNull(m.accumulators());
            assertTrue(ZiapExport.problem(m, ZiapStructure.NW4X6).contains("is not nw4x6's"), ZiapExport.problem(m, ZiapStructure.NW4X6));
            Path out = dir.resolve("in/weights.bin");
            IllegalArgumentException stale = assertThrows(IllegalArgumentException.class,
                    () -> ZiapExport.write(m, ZiapStructure.NW5X4, out));
            assertTrue(stale.getMessage().contains("weights.bin.tc would be read as this run's"), stale.getMessage());
        }
        try (NtupleModel other = NtupleModel.create(TupleSpec.parse("0123:sym:c15"), Shape.S4x4, Method.TD_AFTERSTATE, 1, 0.1)) {
            assertTrue(ZiapExport.problem(other, ZiapStructure.NW5X4).startsWith("network "), ZiapExport.problem(other, ZiapStructure.NW5X4));
        }
        Path tc = dir.resolve("in/weights.bin.tc");
        Files.write(tc, new byte[100]);
        BadFileException size = assertThrows(BadFileException.class, () -> ZiapImport.read(w, ZiapStructure.NW5X4, tc));
        assertTrue(size.getMessage().contains("expected " + 2 * ZiapStructure.NW5X4.fileBytes()), size.getMessage());
        ByteBuffer bad = ByteBuffer.allocate((int) (2 * ZiapStructure.NW5X4.fileBytes())).order(ByteOrder.LITTLE_ENDIAN);
        bad.putFloat(4 * 12, 5f); // E of weight 12 with A = 0
        Files.write(tc, bad.array());
        BadFileException sums = assertThrows(BadFileException.class, () -> ZiapImport.read(w, ZiapStructure.NW5X4, tc));
        assertTrue(sums.getMessage().contains("|E| <= A"), sums.getMessage());
    }
}
