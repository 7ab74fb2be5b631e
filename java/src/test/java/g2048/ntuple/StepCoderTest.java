package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import g2048.game.Rng;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The compact form's coder of int16 steps: seeded tables shaped like trained ones (zero runs, heavy-tailed
 * values, later stages that copy the stage before and change part of it) come back exactly, in one chunk
 * or many; damaged data is refused or decodes to some table, never anything else.
 */
class StepCoderTest {

    /** A table of {@code stages} × {@code banksPerStage} banks of {@code weights} entries, each later stage a copy changed in places. */
    private static short[] table(Rng rng, int stages, int banksPerStage, int weights) {
        int stride = banksPerStage * weights;
        short[] q = new short[stages * stride];
        double density = rng.nextDouble();
        int scale = 1 << rng.nextInt(14);
        for (int i = 0; i < stride; i++) {
            // runs: a zero or a visited stretch keeps going with probability 0.9
            boolean visited = i > 0 && rng.nextInt(10) != 0 ? q[i - 1] != 0 : rng.nextDouble() < density;
            q[i] = visited ? value(rng, scale) : 0;
        }
        for (int s = 1; s < stages; s++) {
            double changes = rng.nextDouble();
            for (int i = s * stride; i < (s + 1) * stride; i++) {
                q[i] = q[i - stride];
                if (rng.nextDouble() < changes) {
                    int v = q[i] + value(rng, scale);
                    q[i] = (short) Math.max(-StepCoder.MAX_STEP, Math.min(StepCoder.MAX_STEP, v));
                }
            }
        }
        return q;
    }

    private static short value(Rng rng, int scale) {
        double v = rng.nextGaussian() * scale * (rng.nextInt(20) == 0 ? 8 : 1);
        short q = (short) Math.max(-StepCoder.MAX_STEP, Math.min(StepCoder.MAX_STEP, Math.round(v)));
        return q == 0 ? 1 : q;
    }

    private static byte[] encode(short[] q, int weights, long stride, int chunkEntries) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StepCoder.encode(i -> q[(int) i], q.length, weights, stride, chunkEntries, out);
        return out.toByteArray();
    }

    private static short[] decode(byte[] data, int entries, int weights, long stride) {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment into = arena.allocate(Math.max(2, entries * 2L), 2);
            StepCoder.decode(data, into.asSlice(0, entries * 2L), weights, stride);
            short[] q = new short[entries];
            MemorySegment.copy(into, ValueLayout.JAVA_SHORT, 0, q, 0, entries);
            return q;
        }
    }

    @Test
    void seededTablesComeBackExactly() throws IOException {
        Rng rng = new Rng(2026_11_27);
        for (int k = 0; k < 300; k++) {
            int stages = 1 + rng.nextInt(3);
            int banksPerStage = rng.nextInt(4) == 0 ? 4 : 1;
            int weights = 1 + rng.nextInt(rng.nextInt(2) == 0 ? 40 : 3000);
            int chunkEntries = rng.nextInt(3) == 0 ? StepCoder.CHUNK_ENTRIES : 16 + rng.nextInt(600);
            short[] q = table(rng, stages, banksPerStage, weights);
            long stride = stages > 1 ? (long) banksPerStage * weights : 0;
            byte[] data = encode(q, weights, stride, chunkEntries);
            short[] back = decode(data, q.length, weights, stride);
            if (!Arrays.equals(q, back)) {
                int i = Arrays.mismatch(q, back);
                fail("case " + k + " (" + stages + " stages, " + banksPerStage + " banks, " + weights + " weights, chunks of "
                        + chunkEntries + "): entry " + i + " is " + back[i] + ", expected " + q[i]);
            }
        }
    }

    @Test
    void extremesComeBackExactly() throws IOException {
        int weights = 1000;
        short[] q = new short[2 * weights];
        for (int i = 0; i < weights; i++) {
            q[i] = (short) (i % 2 == 0 ? StepCoder.MAX_STEP : -StepCoder.MAX_STEP);
            // the later stage moves every entry across the whole range: differences of 2 · MAX_STEP
            q[weights + i] = (short) -q[i];
        }
        assertEquals(q.length, decode(encode(q, weights, weights, 64), q.length, weights, weights).length);
        assertTrue(Arrays.equals(q, decode(encode(q, weights, weights, 64), q.length, weights, weights)));
        short[] zeros = new short[5000];
        byte[] data = encode(zeros, 2500, 2500, StepCoder.CHUNK_ENTRIES);
        assertTrue(data.length < 40, "5,000 zeros take " + data.length + " bytes");
        assertTrue(Arrays.equals(zeros, decode(data, zeros.length, 2500, 2500)));
    }

    @Test
    void aStageThatIsStillACopyCostsAlmostNothing() throws IOException {
        Rng rng = new Rng(4);
        short[] one = table(rng, 1, 1, 20_000);
        short[] two = Arrays.copyOf(one, 40_000);
        System.arraycopy(one, 0, two, 20_000, 20_000);
        int single = encode(one, 20_000, 0, StepCoder.CHUNK_ENTRIES).length;
        int copied = encode(two, 20_000, 20_000, StepCoder.CHUNK_ENTRIES).length;
        assertTrue(copied < single + single / 50 + 64, copied + " bytes against " + single + " for one stage");
    }

    @Test
    void stepsBeyondTheRangeAreRefused() {
        short[] q = {0, 5, (short) (StepCoder.MAX_STEP + 1)};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> encode(q, 3, 0, 16));
        assertEquals("step 16384 at entry 2 is beyond ±16383", e.getMessage());
    }

    @Test
    void damagedDataIsRefusedOrDecodesToSomeTable() throws IOException {
        Rng rng = new Rng(99);
        short[] q = table(rng, 2, 1, 3000);
        byte[] good = encode(q, 3000, 3000, 1000);
        int refused = 0;
        for (int k = 0; k < 2000; k++) {
            byte[] bad = k % 3 == 0 ? Arrays.copyOf(good, rng.nextInt(good.length + 8)) : good.clone();
            for (int n = 1 + rng.nextInt(3); k % 3 != 0 && n > 0; n--) {
                bad[rng.nextInt(bad.length)] ^= (byte) (1 + rng.nextInt(255));
            }
            try {
                decode(bad, q.length, 3000, 3000);
            } catch (RangeDecoder.CorruptException e) {
                assertTrue(!e.getMessage().isEmpty() && !e.getMessage().contains("\n"), e.getMessage());
                refused++;
            }
        }
        // a range coder has no redundancy, so a changed byte often decodes to another table (the file's checksum
        // catches those); most damage still breaks the chunk table, a stream's first byte or its exact length
        assertTrue(refused > 1000, refused + " of 2,000 refused");
    }

    @Test
    void chunkTablesThatDoNotFitAreRefused() throws IOException {
        short[] q = new short[100];
        byte[] good = encode(q, 100, 0, 16);
        byte[] tiny = good.clone();
        tiny[0] = 8;
        assertEquals("chunks of 8 entries, expected at least 16",
                assertThrows(RangeDecoder.CorruptException.class, () -> decode(tiny, 100, 100, 0)).getMessage());
        byte[] miscounted = good.clone();
        miscounted[4]++;
        assertEquals("8 chunks, expected 7",
                assertThrows(RangeDecoder.CorruptException.class, () -> decode(miscounted, 100, 100, 0)).getMessage());
        assertThrows(RangeDecoder.CorruptException.class, () -> decode(Arrays.copyOf(good, 7), 100, 100, 0));
        byte[] longer = Arrays.copyOf(good, good.length + 3);
        assertEquals("3 bytes after the last chunk",
                assertThrows(RangeDecoder.CorruptException.class, () -> decode(longer, 100, 100, 0)).getMessage());
    }
}
