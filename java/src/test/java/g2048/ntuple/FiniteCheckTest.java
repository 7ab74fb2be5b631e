package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The two-floats-at-a-time finite check against the float-by-float definition. */
class FiniteCheckTest {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT_UNALIGNED;

    /** A float from every kind there is: ordinary, tiny, zero, the largest, infinite, NaN with any payload. */
    private static float anyKind(SplittableRandom r) {
        return switch (r.nextInt(8)) {
            case 0 -> Float.intBitsToFloat(r.nextInt());
            case 1 -> Float.intBitsToFloat((r.nextBoolean() ? 0x8000_0000 : 0) | r.nextInt(0x0080_0000));
            case 2 -> r.nextBoolean() ? 0f : -0f;
            case 3 -> r.nextBoolean() ? Float.MAX_VALUE : -Float.MAX_VALUE;
            case 4 -> r.nextBoolean() ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
            case 5 -> Float.intBitsToFloat((r.nextBoolean() ? 0x8000_0000 : 0) | 0x7F80_0000 | (1 + r.nextInt(0x007F_FFFF)));
            default -> (float) (r.nextGaussian() * 1e5);
        };
    }

    private static float finite(SplittableRandom r) {
        float f;
        do {
            f = anyKind(r);
        } while (!Float.isFinite(f));
        return f;
    }

    @Test
    void agreesWithTheDefinitionOnRandomData() {
        SplittableRandom r = new SplittableRandom(20261128);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(4 * 300 + 4, 8);
            for (int trial = 0; trial < 20_000; trial++) {
                // at a float's offset, so that the longs read are not all aligned, and of any length, odd ones too
                int offset = 4 * r.nextInt(2);
                int n = r.nextInt(301);
                MemorySegment data = buffer.asSlice(offset, 4L * n);
                for (int i = 0; i < n; i++) {
                    data.setAtIndex(F, i, finite(r));
                }
                // none, one or a few floats of any kind planted anywhere
                int planted = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(3);
                for (int k = 0; k < planted && n > 0; k++) {
                    data.setAtIndex(F, r.nextInt(n), anyKind(r));
                }
                long firstBad = -1;
                for (int i = 0; i < n && firstBad < 0; i++) {
                    firstBad = Float.isFinite(data.getAtIndex(F, i)) ? -1 : i;
                }
                assertEquals(firstBad < 0, FiniteCheck.allFinite(data), "trial " + trial);
                if (firstBad >= 0) {
                    long bad = firstBad;
                    ModelFileException e = assertThrows(ModelFileException.class,
                            () -> FiniteCheck.checkFinite("m.g2n", data, 1000));
                    assertTrue(e.getMessage().contains("at entry " + (1000 + bad) + ":"), e.getMessage());
                } else {
                    FiniteCheck.checkFinite("m.g2n", data, 1000);
                }
            }
        }
    }

    @Test
    void findsEveryNonFiniteValueInEitherHalfOfALong() {
        float[] bad = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            Float.intBitsToFloat(0x7F80_0001), Float.intBitsToFloat(0xFFFF_FFFF)};
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(4 * 9, 8);
            for (float b : bad) {
                for (int at = 0; at < 9; at++) {
                    data.fill((byte) 0);
                    data.setAtIndex(F, at, b);
                    assertTrue(!FiniteCheck.allFinite(data), b + " at " + at);
                }
            }
            for (int at = 0; at < 9; at++) {
                data.setAtIndex(F, at, at % 2 == 0 ? Float.MAX_VALUE : -Float.MIN_VALUE);
            }
            assertTrue(FiniteCheck.allFinite(data));
        }
    }

    @Test
    void theBoundCheckAgreesWithTheDefinitionOnRandomDataAndBounds() {
        SplittableRandom r = new SplittableRandom(20261129);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(4 * 200 + 4, 8);
            for (int trial = 0; trial < 20_000; trial++) {
                int offset = 4 * r.nextInt(2);
                int n = r.nextInt(201);
                MemorySegment data = buffer.asSlice(offset, 4L * n);
                for (int i = 0; i < n; i++) {
                    data.setAtIndex(F, i, anyKind(r));
                }
                // a bound anywhere among the magnitudes, or one of the data's own (equal is not below)
                float limit = n > 0 && r.nextBoolean() ? Math.abs(data.getAtIndex(F, r.nextInt(n)))
                        : Math.abs(finite(r));
                if (!Float.isFinite(limit)) {
                    limit = Math.abs(finite(r)); // a limit is a finite number
                }
                if (!(limit > 0)) {
                    limit = Float.MIN_VALUE;
                }
                int bound = Float.floatToRawIntBits(limit) + 1;
                boolean want = true;
                long firstBad = -1;
                for (int i = 0; i < n; i++) {
                    float w = data.getAtIndex(F, i);
                    boolean ok = Float.isFinite(w) && Math.abs(w) <= limit;
                    want &= ok;
                    if (!ok && firstBad < 0) {
                        firstBad = i;
                    }
                }
                assertEquals(want, WeightCheck.allBelow(data, bound), "trial " + trial);
                if (firstBad >= 0) {
                    long bad = firstBad;
                    float l = limit;
                    ModelFileException e = assertThrows(ModelFileException.class,
                            () -> WeightCheck.check("m.g2n", data, 1000, l));
                    assertTrue(e.getMessage().contains("at entry " + (1000 + bad) + ":"), e.getMessage());
                } else {
                    WeightCheck.check("m.g2n", data, 1000, limit);
                }
            }
        }
    }

    @Test
    void aModelOfHugeFiniteWeightsIsRefusedAtLoadNamingTheEntry(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        NtupleModel m = NtupleModel.create(TupleSpec.parse("012,456:sym:c12"), g2048.game.Shape.S3x3, Method.TD_AFTERSTATE,
                TerminalValue.ZERO, Stages.SINGLE, 0, false, 1, 0.01);
        m.network().setEntry(77, 3.4e38f);
        java.nio.file.Path file = dir.resolve("huge.g2n");
        NtupleModels.save(m, file);
        m.close();
        for (TablePrecision p : TablePrecision.values()) {
            ModelFileException e = assertThrows(ModelFileException.class, () -> NtupleModels.load(file, p).close(), p.toString());
            assertTrue(e.getMessage().contains("huge.g2n") && e.getMessage().contains("at entry 77") && e.getMessage()
                    .contains("could overflow"), e.getMessage());
        }
        assertThrows(ModelFileException.class, () -> NtupleModels.loadForTraining(file).close());
        // the largest weight allowed still gives every board a finite value, 2^16 times over
        TupleSpec spec = TupleSpec.parse("012,456:sym:c12");
        float limit = WeightCheck.limit(spec);
        assertTrue((double) limit * spec.tuples().length * 8 * 65536 <= Float.MAX_VALUE);
    }
}
