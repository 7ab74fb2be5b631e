package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import g2048.game.Shape;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded corruptions of n-tuple model files (full and compact, multi-stage with TC accumulators):
 * every damaged file is either refused with one line naming it, or loads with exactly the intact
 * file's tables. Half of the cases damage the header and the length only and then recompute both
 * checksums, so that the header's own consistency checks are what must catch them (a valid
 * checksum over changed weights, or over a changed quantisation step, is a different model: not a
 * corruption any reader could see).
 */
class ModelFileFuzzTest {

    @TempDir
    Path dir;

    @Test
    void everyCorruptionIsRefusedOrHarmless() throws IOException {
        Path full = dir.resolve("intact.g2n");
        Path compact = dir.resolve("intact.g2nz");
        Path compactTc = dir.resolve("intact-tc.g2nz");
        TupleSpec spec = TupleSpec.parse("012,456:sym:c12");
        try (NtupleModel m = NtupleModel.create(spec, Shape.S3x3, Method.TD_AFTERSTATE, TerminalValue.ZERO,
                Stages.parse("64"), 0, true, 5, 0.05)) {
            new SelfPlay(m, 0.05, 1).train(60, null);
            NtupleModels.save(m, full);
            NtupleModels.save(m, compact);
            m.setCoherent(true);
            new SelfPlay(m, 0.05, 1).train(90, null);
            NtupleModels.save(m, compactTc, NtupleModels.COMPACT_BITS, true);
        }
        Rng rng = new Rng(20_241_124);
        int refused = 0;
        int harmless = 0;
        for (Path intact : new Path[] {full, compact, compactTc}) {
            byte[] good = Files.readAllBytes(intact);
            float[] tables = tables(intact);
            String ext = intact.toString().endsWith(".g2nz") ? ".g2nz" : ".g2n";
            for (int k = 0; k < 1000; k++) {
                boolean resealed = rng.nextInt(2) == 0;
                byte[] bad = corrupt(good, rng, resealed);
                if (resealed) {
                    fixChecksums(bad);
                }
                Path file = Files.write(dir.resolve("case" + ext), bad);
                // the compact file with accumulators is read for training, which decodes them
                try (NtupleModel m = intact == compactTc ? NtupleModels.loadForTraining(file) : NtupleModels.load(file)) {
                    assertEquals(tables.length, m.network().banks() * m.network().weights(), "case " + k);
                    for (int i = 0; i < tables.length; i++) {
                        assertEquals(tables[i], m.network().entry(i), "case " + k + ": entry " + i + " of an accepted file");
                    }
                    harmless++;
                } catch (ModelFileException e) {
                    assertTrue(e.getMessage().startsWith("model file " + file + ": "), e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), e.getMessage());
                    refused++;
                }
            }
        }
        assertTrue(refused > 2200, "most corruptions are refused: " + refused + " refused, " + harmless + " harmless");
    }

    private static float[] tables(Path file) {
        try (NtupleModel m = NtupleModels.load(file)) {
            float[] t = new float[(int) (m.network().banks() * m.network().weights())];
            for (int i = 0; i < t.length; i++) {
                t[i] = m.network().entry(i);
            }
            return t;
        }
    }

    /** One to four random damages: flipped bits, changed header words, truncation or extra bytes. */
    private static byte[] corrupt(byte[] good, Rng rng, boolean headerOnly) {
        byte[] b = good.clone();
        int n = 1 + rng.nextInt(4);
        for (int j = 0; j < n; j++) {
            int kind = headerOnly ? 1 + rng.nextInt(3) : rng.nextInt(5);
            if (b.length == 0) {
                break;
            }
            switch (kind) {
                case 0 -> b[rng.nextInt(b.length)] ^= (byte) (1 << rng.nextInt(8));
                case 1 -> {
                    // a header field of the layout's first 112 bytes or the v2 fields
                    int at = rng.nextInt(2) == 0 ? 4 * rng.nextInt(28) : ModelHeader.OFF_INITIAL_VALUE + 4 * rng.nextInt(11);
                    if (headerOnly && at >= ModelHeader.OFF_STEP && at < ModelHeader.OFF_STEP + 8) {
                        continue;
                    }
                    if (b.length < at + 4) {
                        continue;
                    }
                    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, rng.nextInt(7) - 3 + (rng.nextInt(2) == 0
                            ? 0 : Integer.MAX_VALUE / (1 + rng.nextInt(1000))));
                }
                case 2 -> b = java.util.Arrays.copyOf(b, rng.nextInt(Math.max(1, b.length)));
                case 3 -> b = java.util.Arrays.copyOf(b, b.length + 1 + rng.nextInt(64));
                default -> b[b.length <= ModelHeader.HEADER_BYTES ? rng.nextInt(b.length)
                        : ModelHeader.HEADER_BYTES + rng.nextInt(b.length - ModelHeader.HEADER_BYTES)] ^= 0x40;
            }
        }
        return b;
    }

    /** Recomputes the data and header checksums where the file is long enough to hold them. */
    static void fixChecksums(byte[] b) {
        if (b.length < ModelHeader.HEADER_BYTES) {
            return;
        }
        ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C data = new CRC32C();
        data.update(b, ModelHeader.HEADER_BYTES, b.length - ModelHeader.HEADER_BYTES);
        h.putInt(ModelHeader.OFF_DATA_CRC, (int) data.getValue());
        h.putInt(ModelHeader.OFF_HEADER_CRC, 0);
        CRC32C head = new CRC32C();
        head.update(b, 0, ModelHeader.HEADER_BYTES);
        h.putInt(ModelHeader.OFF_HEADER_CRC, (int) head.getValue());
    }
}
