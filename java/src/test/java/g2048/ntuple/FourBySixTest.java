package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/**
 * The 4×6 hot path (constant masks and offsets, unchecked and checked reads) against the plain
 * definition on seeded random boards: each tuple's entry read digit by digit off each image of the
 * board, and the float sum taken in the documented order, so that the values must agree to the bit.
 */
class FourBySixTest {

    private static final TupleSpec SPEC = TupleSpec.parse("4x6");

    @Test
    void onlyThe4x6NetworkOn4x4TakesThePath() {
        assertTrue(FourBySix.is(SPEC, Shape.S4x4));
        assertTrue(FourBySix.is(TupleSpec.parse("543210,987654,012456,a98654:sym"), Shape.S4x4));
        // the same tuples in another order lay the tables out differently
        assertFalse(FourBySix.is(TupleSpec.parse("45689a,012345,012456,456789:sym:c16"), Shape.S4x4));
        assertFalse(FourBySix.is(TupleSpec.parse("012345,456789,012456,45689a:c16"), Shape.S4x4));
        assertFalse(FourBySix.is(TupleSpec.parse("012345,456789,012456,45689a:sym:c15"), Shape.S4x4));
        assertFalse(FourBySix.is(TupleSpec.parse("5x6"), Shape.S4x4));
        assertFalse(FourBySix.is(TupleSpec.parse("0123,4567,89ab,cdef:sym"), Shape.S4x4));
    }

    @Test
    void masksAndOffsetsAreThoseOfTheSpec() {
        try (NtupleModel model = NtupleModel.create(SPEC, Shape.S4x4, Method.TD_AFTERSTATE, 1, 0.1)) {
            TupleNetwork net = model.network();
            assertTrue(net.fourBySix());
            assertArrayEquals(new long[] {FourBySix.M0, FourBySix.M1, FourBySix.M2, FourBySix.M3},
                    new long[] {net.mask(0), net.mask(1), net.mask(2), net.mask(3)});
            for (int t = 0; t < 4; t++) {
                assertEquals((long) t * FourBySix.PER, net.base(t));
            }
        }
    }

    @Test
    void valuesIndicesAndInt16SumsMatchTheDefinitionExactly() {
        for (boolean checked : new boolean[] {false, true}) {
            String before = System.getProperty("g2048.checkedAccess");
            System.setProperty("g2048.checkedAccess", Boolean.toString(checked));
            try (NtupleModel model = NtupleModel.create(SPEC, Shape.S4x4, Method.Q_LEARNING, 1, 0.1);
                 Arena arena = Arena.ofConfined()) {
                TupleNetwork net = model.network();
                assertEquals(!checked, net.rawAccess());
                Rng rng = new Rng(checked ? 7 : 8);
                long[] boards = new long[2_000];
                for (int i = 0; i < boards.length; i++) {
                    boards[i] = randomBoard(rng);
                    for (int bank = 0; bank < 4; bank++) {
                        for (long e : reference(boards[i], bank)) {
                            // multiples of 1/64 that the int16 copy below holds exactly (step 1/64)
                            net.setEntry(e, (float) (((Rng.mix(e) & 0x7FFF) - 16384) / 64.0));
                        }
                    }
                }
                Int16Network[] copies = new Int16Network[4];
                for (int bank = 0; bank < 4; bank++) {
                    copies[bank] = new Int16Network(net, bank, 1 / 64.0, arena);
                    assertTrue(copies[bank].exact());
                }
                int[] fast = new int[32];
                java.lang.foreign.MemorySegment wide = java.lang.foreign.Arena.ofAuto().allocate(4 * 128, 64);
                for (long board : boards) {
                    for (int bank = 0; bank < 4; bank++) {
                        long[] entries = reference(board, bank);
                        float expected = 0;
                        float byIndices = 0;
                        for (int s = 0; s < 8; s += 4) {
                            // ((v0 + v1) + (v2 + v3)) + ((v4 + v5) + (v6 + v7)), v_s = (t0 + t1) + (t2 + t3)
                            float half = (image(net, entries, s) + image(net, entries, s + 1))
                                    + (image(net, entries, s + 2) + image(net, entries, s + 3));
                            expected = s == 0 ? half : expected + half;
                        }
                        for (int s = 0; s < 8; s++) {
                            byIndices += image(net, entries, s);
                        }
                        assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(net.value(bank, board)),
                                "value of " + Long.toHexString(board) + " in bank " + bank + (checked ? " (checked)" : ""));
                        if (!checked) {
                            // entry numbers first, reads after: at any slot of a wider scratch, the same float
                            long at = 128L * ((bank + (int) board) & 3);
                            FourBySix.indicesAt((int) (bank * SPEC.weights()), board, wide.address() + at);
                            assertArrayEquals(toInts(entries), wide.asSlice(at, 128).toArray(ValueLayout.JAVA_INT));
                            assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(FourBySix.valueAt(net.address(), wide.address() + at)),
                                    "value from entry numbers of " + Long.toHexString(board) + " in bank " + bank);
                        }
                        float viaIndices = net.indices(bank, board, fast);
                        assertArrayEquals(toInts(entries), fast, "entries of " + Long.toHexString(board));
                        assertEquals(Float.floatToIntBits(byIndices), Float.floatToIntBits(viaIndices));
                        assertEquals(Float.floatToIntBits(byIndices), Float.floatToIntBits(net.sumOf(fast)));
                        double exact = 0;
                        for (long e : entries) {
                            exact += net.entry(e);
                        }
                        assertEquals(exact, copies[bank].value(board), "int16 sum of " + Long.toHexString(board));
                    }
                }
            } finally {
                if (before == null) {
                    System.clearProperty("g2048.checkedAccess");
                } else {
                    System.setProperty("g2048.checkedAccess", before);
                }
            }
        }
    }

    @Test
    void theFiveBySixPathMatchesTheDefinitionExactly() {
        TupleSpec five = TupleSpec.parse("5x6");
        assertTrue(FourBySix.isFive(five, Shape.S4x4));
        assertFalse(FourBySix.isFive(SPEC, Shape.S4x4));
        assertFalse(FourBySix.isFive(TupleSpec.parse("012345,456789,012456,45689a,89abcd:sym"), Shape.S4x4));
        assertTrue(FourBySix.isSix(TupleSpec.parse(FourBySix.SIX), Shape.S4x4));
        assertFalse(FourBySix.isSix(five, Shape.S4x4));
        assertFalse(FourBySix.isSix(TupleSpec.parse("012345,456789,89abcd,012456,234569,45689a:sym"), Shape.S4x4));
        assertTrue(FourBySix.isEight(TupleSpec.parse(FourBySix.EIGHT), Shape.S4x4));
        assertFalse(FourBySix.isEight(TupleSpec.parse(FourBySix.SIX), Shape.S4x4));
        assertFalse(FourBySix.isEight(TupleSpec.parse("8x6"), Shape.S4x4));
        int banks = 4;
        // Q-learning's four banks, so that a bank's offset is part of what is checked
        try (NtupleModel model = NtupleModel.create(five, Shape.S4x4, Method.Q_LEARNING, 1, 0.1)) {
            TupleNetwork net = model.network();
            assertTrue(net.rawAccess() && net.sixteenOn4x4());
            Rng rng = new Rng(55);
            int[] e = new int[40];
            MemorySegment scratch = Arena.ofAuto().allocate(4 * (3 + 40), 4);
            int[] viaIndices = new int[40];
            for (int trial = 0; trial < 2_000; trial++) {
                long board = randomBoard(rng);
                int bank = trial % banks;
                long[] entries = reference(five, board, bank);
                for (long i : entries) {
                    net.setEntry(i, (float) ((Rng.mix(i + trial) & 0xFFFFF) / 64.0 - 8192));
                }
                // ((v0 + v1) + (v2 + v3)) + ((v4 + v5) + (v6 + v7)), v_s = ((t0 + t1) + (t2 + t3)) + t4
                float[] v = new float[8];
                for (int s = 0; s < 8; s++) {
                    v[s] = ((net.entry(entries[5 * s]) + net.entry(entries[5 * s + 1]))
                            + (net.entry(entries[5 * s + 2]) + net.entry(entries[5 * s + 3]))) + net.entry(entries[5 * s + 4]);
                }
                float expected = ((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7]));
                String at = Long.toHexString(board) + " in bank " + bank;
                assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(net.value(bank, board)), "value of " + at);
                // training's entry numbers and their serial sum, in the same order
                float serial = 0;
                for (long i : entries) {
                    serial += net.entry(i);
                }
                // written off the heap after three ints of something else, as training's scratch holds them
                net.entriesAt((int) (bank * five.weights()), board, scratch.address() + 12);
                assertArrayEquals(toInts(entries), scratch.asSlice(12, 40 * 4).toArray(ValueLayout.JAVA_INT),
                        "entries of " + at);
                assertEquals(Float.floatToIntBits(serial), Float.floatToIntBits(net.valueAt(scratch.address() + 12)),
                        "value from entries of " + at);
                net.entryNumbers(bank, board, e);
                assertArrayEquals(toInts(entries), e, "entry numbers of " + at);
                assertEquals(Float.floatToIntBits(serial), Float.floatToIntBits(net.indices(bank, board, viaIndices)),
                        "indices' value of " + at);
                assertArrayEquals(toInts(entries), viaIndices);
                for (long i : entries) {
                    net.setEntry(i, 0f);
                }
            }
        }
    }

    /** Image s's four entries summed as the path does: (t0 + t1) + (t2 + t3). */
    private static float image(TupleNetwork net, long[] entries, int s) {
        return (net.entry(entries[4 * s]) + net.entry(entries[4 * s + 1]))
                + (net.entry(entries[4 * s + 2]) + net.entry(entries[4 * s + 3]));
    }

    /** The 32 absolute entries of {@code board} in {@code bank} for the 4×6 network. */
    private static long[] reference(long board, int bank) {
        return reference(SPEC, board, bank);
    }

    /** The absolute entries of {@code board} in {@code bank}: tuple t's cells read off image s, in base 16. */
    private static long[] reference(TupleSpec spec, long board, int bank) {
        Symmetries sym = new Symmetries(Shape.S4x4);
        int n = spec.tuples().length;
        long[] out = new long[8 * n];
        for (int s = 0; s < 8; s++) {
            long image = sym.apply(s, board);
            for (int t = 0; t < n; t++) {
                int[] cells = spec.tuples()[t];
                long index = 0;
                long mul = 1;
                for (int cell : cells) {
                    index += Board.code(image, cell) * mul;
                    mul *= 16;
                }
                out[n * s + t] = bank * spec.weights() + (long) t * FourBySix.PER + index;
            }
        }
        return out;
    }

    private static int[] toInts(long[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = Math.toIntExact(a[i]);
        }
        return out;
    }

    private static long randomBoard(Rng rng) {
        long b = 0;
        for (int cell = 0; cell < 16; cell++) {
            b |= (long) (rng.nextInt(3) == 0 ? 0 : rng.nextInt(16)) << (4 * cell);
        }
        return b;
    }
}
