package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import g2048.game.Shape;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compact file keeps a model's temporal-coherence accumulators when asked: each weight's A and rate
 * factor |E|/A come back within 2^(1/4), so a run resumed from it goes on at the rates it had.
 */
class CompactAccumulatorsTest {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    /** Half a quarter octave, and float rounding. */
    private static final double WITHIN = Math.pow(2, 1.0 / 4) * 1.0001;

    @TempDir
    Path dir;

    private static NtupleModel trained(long seed, int games) {
        NtupleModel m = NtupleModel.create(TupleSpec.parse("0123,4567:sym:c15"), Shape.S4x4, Method.TD_AFTERSTATE, seed, 0.01);
        m.setCoherent(true);
        new SelfPlay(m, 0.01, 1).train(games, null);
        return m;
    }

    @Test
    void codesComeBackWithinAQuarterOfAnOctaveAgainstTheDefinition() {
        Rng rng = new Rng(5);
        for (int k = 0; k < 200_000; k++) {
            float a = (float) Math.pow(2, rng.nextDouble() * 80 - 30);
            // ratios from 1 down to 2^-20: the smallest round to nothing
            float e = (float) (a * Math.pow(2, -rng.nextDouble() * 20) * (rng.nextInt(2) == 0 ? -1 : 1));
            int ac = AccumulatorCoding.aCode(a);
            int ec = AccumulatorCoding.eCode(e, a);
            assertTrue(AccumulatorCoding.valid(ac, ec), ac + ", " + ec);
            float a2 = AccumulatorCoding.abs(ac);
            float e2 = AccumulatorCoding.sum(ec, a2);
            assertWithin(a, a2, "A of " + a);
            double ratio = Math.abs((double) e) / a;
            if (ratio < Math.pow(2, -16) / WITHIN) {
                assertEquals(0f, e2, "a ratio of " + ratio + " rounds to nothing");
            } else if (ratio >= Math.pow(2, -16) * WITHIN) {
                assertWithin(ratio, Math.abs((double) e2) / a2, "ratio of " + e + " / " + a);
                assertEquals(Math.signum(e), Math.signum(e2));
            }
        }
        assertEquals(0, AccumulatorCoding.aCode(0f));
        assertEquals(0, AccumulatorCoding.eCode(0f, 3f));
        assertEquals(0f, AccumulatorCoding.abs(0));
        assertEquals(1, AccumulatorCoding.eCode(5f, 5f), "a weight pushed one way only has the smallest code");
        assertTrue(AccumulatorCoding.aCode(Float.MAX_VALUE) <= AccumulatorCoding.MAX_A_CODE);
        assertEquals(1, AccumulatorCoding.aCode(Float.MIN_VALUE), "tiny sums clamp to the smallest code");
        assertFalse(AccumulatorCoding.valid(0, 3), "no E without A");
        // an A code written against any prediction comes back, and only an untrained weight's is 0
        for (int a = 0; a <= AccumulatorCoding.MAX_A_CODE; a++) {
            for (int p = 0; p <= AccumulatorCoding.MAX_A_CODE; p += 7) {
                int written = AccumulatorCoding.against(a, p);
                assertEquals(a == 0, written == 0, a + " against " + p);
                assertEquals(a, AccumulatorCoding.from(written, p), a + " against " + p);
            }
        }
        assertFalse(AccumulatorCoding.valid(AccumulatorCoding.MAX_A_CODE + 1, 0));
    }

    private static void assertWithin(double expected, double actual, String what) {
        double r = actual / expected;
        assertTrue(r <= WITHIN && r >= 1 / WITHIN, what + ": " + actual + " against " + expected);
    }

    @Test
    void aCompactFileKeepsTheAccumulatorsOnlyWhenAsked() throws IOException {
        Path plain = dir.resolve("plain" + NtupleModels.COMPACT_EXTENSION);
        Path kept = dir.resolve("kept" + NtupleModels.COMPACT_EXTENSION);
        try (NtupleModel m = trained(3, 60)) {
            NtupleModels.save(m, plain);
            NtupleModels.save(m, kept, NtupleModels.COMPACT_BITS, true);
            try (NtupleModel a = NtupleModels.loadForTraining(plain); NtupleModel b = NtupleModels.loadForTraining(kept)) {
                assertFalse(a.coherent());
                assertTrue(b.coherent());
                assertEquals(m.training(), b.training());
                long n = m.network().weights();
                MemorySegment before = m.accumulators();
                MemorySegment after = b.accumulators();
                long touched = 0;
                for (long i = 0; i < n; i++) {
                    // the same steps as without accumulators
                    assertEquals(a.network().entry(i), b.network().entry(i), "weight " + i);
                    float e = before.getAtIndex(F, 2 * i);
                    float abs = before.getAtIndex(F, 2 * i + 1);
                    float e2 = after.getAtIndex(F, 2 * i);
                    float abs2 = after.getAtIndex(F, 2 * i + 1);
                    if (abs == 0f) {
                        assertEquals(0f, abs2, "weight " + i);
                        assertEquals(0f, e2, "weight " + i);
                        continue;
                    }
                    touched++;
                    assertWithin(abs, abs2, "A of weight " + i);
                    double ratio = Math.abs((double) e) / abs;
                    if (ratio >= Math.pow(2, -16) * WITHIN) {
                        assertWithin(ratio, Math.abs((double) e2) / abs2, "rate of weight " + i);
                    }
                }
                assertTrue(touched > 1000, touched + " weights trained");
            }
            // play reads the tables alone
            try (NtupleModel play = NtupleModels.load(kept)) {
                assertFalse(play.coherent());
                assertEquals(m.evaluator().value(0x1234_0000_0000_0012L), play.evaluator().value(0x1234_0000_0000_0012L),
                        Math.abs(m.evaluator().value(0x1234_0000_0000_0012L)) * 1e-3 + 1);
            }
            assertTrue(Files.size(kept) > Files.size(plain), "the accumulators take room");
            IllegalArgumentException full = assertThrows(IllegalArgumentException.class,
                    () -> NtupleModels.save(m, dir.resolve("full.g2n"), NtupleModels.COMPACT_BITS, true));
            assertTrue(full.getMessage().contains("compact file"), full.getMessage());
        }
        try (NtupleModel none = NtupleModel.create(TupleSpec.parse("0123:sym:c15"), Shape.S4x4, Method.TD_AFTERSTATE, 1, 0.01)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> NtupleModels.save(none, dir.resolve("none" + NtupleModels.COMPACT_EXTENSION), NtupleModels.COMPACT_BITS, true));
            assertTrue(e.getMessage().contains("no temporal-coherence accumulators"), e.getMessage());
        }
    }

    /**
     * The point of keeping them: the same updates, applied to the model resumed exactly (from the full
     * file), to the one resumed from the compact file with its accumulators and to the one whose
     * accumulators start fresh, move the weights by what their rates say. The kept rates move them
     * as the exact ones do, within the coding's 19%; fresh ones (every rate at α) do not.
     */
    @Test
    void updatesAfterResumingMoveTheWeightsAsTheExactRunsDo() {
        Path full = dir.resolve("full.g2n");
        Path kept = dir.resolve("kept" + NtupleModels.COMPACT_EXTENSION);
        Path plain = dir.resolve("plain" + NtupleModels.COMPACT_EXTENSION);
        int[] touched;
        try (NtupleModel m = trained(11, 300)) {
            NtupleModels.save(m, full);
            NtupleModels.save(m, kept, NtupleModels.COMPACT_BITS, true);
            NtupleModels.save(m, plain);
            touched = java.util.stream.LongStream.range(0, m.network().weights())
                    .filter(i -> m.accumulators().getAtIndex(F, 2 * i + 1) != 0f).mapToInt(i -> (int) i).toArray();
        }
        assertTrue(touched.length > 1000, touched.length + " weights trained");
        try (NtupleModel exact = NtupleModels.loadForTraining(full); NtupleModel withTc = NtupleModels.loadForTraining(kept);
             NtupleModel fresh = NtupleModels.loadForTraining(plain)) {
            fresh.setCoherent(true);
            double[] dExact = moved(exact, touched);
            double[] dKept = moved(withTc, touched);
            double[] dFresh = moved(fresh, touched);
            double keptError = relativeError(dKept, dExact);
            double freshError = relativeError(dFresh, dExact);
            assertTrue(keptError < 0.1, "kept accumulators: the weights moved " + keptError + " off the exact run's moves");
            assertTrue(freshError > 5 * keptError, "fresh accumulators: " + freshError + " off, kept: " + keptError);
        }
    }

    /** How far 20,000 seeded updates of 4 trained weights each move every one of {@code touched}. */
    private static double[] moved(NtupleModel m, int[] touched) {
        float[] before = new float[touched.length];
        for (int k = 0; k < touched.length; k++) {
            before[k] = m.network().entry(touched[k]);
        }
        Rng rng = new Rng(21);
        int[] entries = new int[4];
        for (int u = 0; u < 20_000; u++) {
            for (int f = 0; f < entries.length; f++) {
                entries[f] = touched[rng.nextInt(touched.length)];
            }
            m.coherence().update(m.network(), entries, entries.length, 0.01f, (float) (rng.nextGaussian() * 50));
        }
        double[] d = new double[touched.length];
        for (int k = 0; k < touched.length; k++) {
            d[k] = m.network().entry(touched[k]) - before[k];
        }
        return d;
    }

    /** ‖a − b‖ / ‖b‖. */
    private static double relativeError(double[] a, double[] b) {
        double diff = 0;
        double norm = 0;
        for (int k = 0; k < a.length; k++) {
            diff += (a[k] - b[k]) * (a[k] - b[k]);
            norm += b[k] * b[k];
        }
        return Math.sqrt(diff / norm);
    }

    @Test
    void damagedAccumulatorSectionsAreRefusedNamingTheFile() throws IOException {
        Path kept = dir.resolve("kept" + NtupleModels.COMPACT_EXTENSION);
        try (NtupleModel m = trained(4, 10)) {
            NtupleModels.save(m, kept, NtupleModels.COMPACT_BITS, true);
        }
        byte[] good = Files.readAllBytes(kept);
        // the steps' byte count, first in the data, made larger than the data: the checksum is fixed up so
        // that the reader gets to the sections
        byte[] bad = good.clone();
        bad[ModelHeader.HEADER_BYTES + 6] = 0x7f;
        ModelFileException e = assertThrows(ModelFileException.class, () -> load(kept, bad));
        assertTrue(e.getMessage().startsWith("model file " + kept + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("corrupt compact data"), e.getMessage());
    }

    private static void load(Path file, byte[] bytes) throws IOException {
        ModelFileFuzzTest.fixChecksums(bytes);
        Files.write(file, bytes);
        NtupleModels.loadForTraining(file).close();
    }
}
