package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compact models with crafted specs: a few kilobytes of zero runs claiming gigabytes of tables
 * (a decompression bomb) are refused before anything is allocated, with one line naming the file.
 */
class CompactBombTest {

    @TempDir
    Path dir;

    /** A compact 4×4 file re-headed to claim {@code spec}'s tables, with {@code data} of value type {@code type}. */
    private Path bomb(String spec, byte[] data, int type) throws IOException {
        Path small = dir.resolve("small.g2nz");
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse("0123,4567"), Shape.S4x4, Method.TD_AFTERSTATE, 1, 0.01)) {
            NtupleModels.save(m, small);
        }
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(small), ModelHeader.HEADER_BYTES);
        TupleSpec s = TupleSpec.parse(spec);
        long entries = s.weights();
        ByteBuffer h = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        byte[] text = s.canonical().getBytes(StandardCharsets.UTF_8);
        for (int i = ModelHeader.OFF_SPEC; i < ModelHeader.OFF_INITIAL_VALUE; i++) {
            head[i] = 0;
        }
        h.putInt(ModelHeader.OFF_VALUE_TYPE, type);
        h.putInt(ModelHeader.OFF_SPEC_LENGTH, text.length);
        h.put(ModelHeader.OFF_SPEC, text);
        h.putLong(ModelHeader.OFF_WEIGHTS, entries);
        h.putLong(ModelHeader.OFF_DATA_BYTES, data.length);
        CRC32C crc = new CRC32C();
        crc.update(data);
        h.putInt(ModelHeader.OFF_DATA_CRC, (int) crc.getValue());
        h.putInt(ModelHeader.OFF_HEADER_CRC, 0);
        CRC32C hc = new CRC32C();
        hc.update(head);
        h.putInt(ModelHeader.OFF_HEADER_CRC, (int) hc.getValue());
        byte[] file = new byte[head.length + data.length];
        System.arraycopy(head, 0, file, 0, head.length);
        System.arraycopy(data, 0, file, head.length, data.length);
        return Files.write(dir.resolve("bomb.g2nz"), file);
    }

    /** The earlier compact form's data for {@code entries} zeros: one zero run, deflated, then {@code padding} bytes. */
    private static byte[] zeroRun(long entries, int padding) throws IOException {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(raw)) {
            for (long v = entries; ; v >>>= 7) { // zeros: all of them
                if (v < 0x80) {
                    z.write((int) v);
                    break;
                }
                z.write((int) (v & 0x7F) | 0x80);
            }
            z.write(0); // no literals
        }
        return java.util.Arrays.copyOf(raw.toByteArray(), raw.size() + padding);
    }

    /** {@code entries} zeros as {@link StepCoder} codes them. */
    private static byte[] codedZeros(long entries) throws IOException {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        StepCoder.encode(i -> 0, entries, entries, 0, raw);
        return raw.toByteArray();
    }

    @Test
    void fourSevenTuplesFromAFewBytesAreRefusedBeforeAllocating() throws IOException {
        String spec = "0123456,456789a,89abcde,0145689";
        refusedBeforeAllocating(bomb(spec, zeroRun(TupleSpec.parse(spec).weights(), 0), ModelHeader.COMPACT));
        // the claim is refused from the header and the data's size alone, before the data is read
        refusedBeforeAllocating(bomb(spec, codedZeros(64), ModelHeader.CODED));
    }

    private static void refusedBeforeAllocating(Path f) throws IOException {
        assertTrue(Files.size(f) < 4200, "a small file: " + Files.size(f));
        long before = Runtime.getRuntime().totalMemory();
        ModelFileException e = assertThrows(ModelFileException.class, () -> NtupleModels.load(f).close());
        assertTrue(e.getMessage().contains(f.toString()) && e.getMessage().contains("decompression bomb"), e.getMessage());
        assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("Exception"), e.getMessage());
        assertThrows(ModelFileException.class, () -> NtupleModels.loadForTraining(f).close());
        assertTrue(Runtime.getRuntime().totalMemory() - before < (256L << 20), "nothing large was allocated");
    }

    @Test
    void aSparseButPlausibleClaimLoadsAsZeros() throws IOException {
        // 2 × 16^6 entries (64 MiB of int16) from ~1 KiB padded to 4 KiB: below the bound, loads; its pages stay untouched
        long entries = 2L << 24;
        for (Path f : new Path[] {bomb("012345,456789", zeroRun(entries, 4096), ModelHeader.COMPACT),
                bomb("012345,456789", codedZeros(entries), ModelHeader.CODED)}) {
            try (NtupleModel m = NtupleModels.load(f)) {
                assertTrue(m.spec().weights() == 2L << 24);
                assertTrue(m.network().entry(12345) == 0 && m.network().entry((2L << 24) - 1) == 0);
            }
        }
    }
}
