package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Images4x4;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The hot path of the 4×6 network ({@code --net 4x6}: the 6-tuples {@code 012345 456789 012456
 * 45689a} on the eight images of a 4×4 board, 16 values, 67,108,864 weights a bank), and of the
 * 5×6 network, which adds {@code 89abcd} ({@code --net 5x6}; its look-ups in its spec's order:
 * {@code 012345 456789 89abcd 012456 45689a}), and of the int16 tables of the six-tuple network grown
 * from it, which adds {@code 234569} ({@link #SIX}), and of the eight-tuple network grown from that, which adds
 * {@code 01259a} and {@code 345678} ({@link #EIGHT}).
 *
 * <p>Its cell masks and table offsets are constants, so that the compiled look-up is one PEXT (the
 * tuple's cells gathered: the index in base 16) and one load at {@code table + size · index + the
 * tuple's offset}, with the table's address the only register it needs. Play and training are
 * bound by the cache misses of these 32 loads per afterstate, and the fewer instructions lie
 * between them, the more of them the processor has in flight at once.
 *
 * <p>The images come from {@link Images4x4} and the look-ups are summed as a tree of pairs rather
 * than one chain, so that the loads do not wait on each other's additions: image {@code s} gives
 * {@code v_s = (t0 + t1) + (t2 + t3)} over its tuples, the board
 * {@code ((v0 + v1) + (v2 + v3)) + ((v4 + v5) + (v6 + v7))}. The unchecked reads (see
 * {@link RawMemory}) and the segment's checked reads sum in the same order, so both give the same
 * float.
 */
final class FourBySix {

    /** Entries per tuple: 16^6. */
    static final int PER = 1 << 24;
    /** The tuples' cells as nibble masks. */
    static final long M0 = 0x0000_0000_00FF_FFFFL;
    static final long M1 = 0x0000_00FF_FFFF_0000L;
    static final long M2 = 0x0000_0000_0FFF_0FFFL;
    static final long M3 = 0x0000_0FFF_0FFF_0000L;
    /** The tuple {@code 89abcd} that the 5×6 network adds to these four. */
    static final long M4 = 0x00FF_FFFF_0000_0000L;
    /** The tuple {@code 234569} that the six-tuple network adds to the 5×6 one. */
    static final long M5 = 0x0000_00F0_0FFF_FF00L;
    /** The six-tuple network: the 5×6 network's tuples in its order, then {@code 234569}. */
    static final String SIX = "012345,456789,89abcd,012456,45689a,234569:sym:c16";
    /** The tuples {@code 01259a} and {@code 345678} that the eight-tuple network adds to the six-tuple one. */
    static final long M6 = 0x0000_0FF0_00F0_0FFFL;
    static final long M7 = 0x0000_000F_FFFF_F000L;
    /** The eight-tuple network grown from the six-tuple one: its tuples in its order, then {@code 01259a 345678}. */
    static final String EIGHT = "012345,456789,89abcd,012456,45689a,234569,01259a,345678:sym:c16";

    private static final TupleSpec SPEC = TupleSpec.parse("4x6");
    private static final TupleSpec FIVE = TupleSpec.parse("5x6");
    private static final TupleSpec SIX_SPEC = TupleSpec.parse(SIX);
    private static final TupleSpec EIGHT_SPEC = TupleSpec.parse(EIGHT);
    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    private FourBySix() {
    }

    /** Whether {@code spec} on {@code shape} is this network. */
    static boolean is(TupleSpec spec, Shape shape) {
        return spec.equals(SPEC) && shape.equals(Shape.S4x4);
    }

    /** Whether {@code spec} on {@code shape} is the 5×6 network: these four tuples and {@link #M4}, in its own order. */
    static boolean isFive(TupleSpec spec, Shape shape) {
        return spec.equals(FIVE) && shape.equals(Shape.S4x4);
    }

    /** Whether {@code spec} on {@code shape} is the six-tuple network ({@link #SIX}, in its order). */
    static boolean isSix(TupleSpec spec, Shape shape) {
        return spec.equals(SIX_SPEC) && shape.equals(Shape.S4x4);
    }

    /** Whether {@code spec} on {@code shape} is the eight-tuple network ({@link #EIGHT}, in its order). */
    static boolean isEight(TupleSpec spec, Shape shape) {
        return spec.equals(EIGHT_SPEC) && shape.equals(Shape.S4x4);
    }

    /** The value of {@code b} from the float32 bank whose first byte is at address {@code bank}. */
    static float value(long bank, long b) {
        Images4x4 x = Images4x4.of(b);
        return ((sum(bank, x.s0()) + sum(bank, x.s1())) + (sum(bank, x.s2()) + sum(bank, x.s3())))
                + ((sum(bank, x.s4()) + sum(bank, x.s5())) + (sum(bank, x.s6()) + sum(bank, x.s7())));
    }

    private static float sum(long bank, long x) {
        return (RawMemory.get(bank + 4 * Long.compress(x, M0)) + RawMemory.get(bank + 4 * (PER + Long.compress(x, M1))))
                + (RawMemory.get(bank + 4 * (2L * PER + Long.compress(x, M2)))
                + RawMemory.get(bank + 4 * (3L * PER + Long.compress(x, M3))));
    }

    /** {@link #value} read through the segment's checked accesses, from the bank starting at entry {@code off}. */
    static float value(MemorySegment lut, long off, long b) {
        Images4x4 x = Images4x4.of(b);
        return ((sum(lut, off, x.s0()) + sum(lut, off, x.s1())) + (sum(lut, off, x.s2()) + sum(lut, off, x.s3())))
                + ((sum(lut, off, x.s4()) + sum(lut, off, x.s5())) + (sum(lut, off, x.s6()) + sum(lut, off, x.s7())));
    }

    private static float sum(MemorySegment lut, long off, long x) {
        return (lut.getAtIndex(F, off + Long.compress(x, M0)) + lut.getAtIndex(F, off + PER + Long.compress(x, M1)))
                + (lut.getAtIndex(F, off + 2L * PER + Long.compress(x, M2))
                + lut.getAtIndex(F, off + 3L * PER + Long.compress(x, M3)));
    }

    /** The exact sum of {@code b}'s entries in the int16 bank whose first byte is at address {@code bank}. */
    static int sum16(long bank, long b) {
        Images4x4 x = Images4x4.of(b);
        return ((sum16x(bank, x.s0()) + sum16x(bank, x.s1())) + (sum16x(bank, x.s2()) + sum16x(bank, x.s3())))
                + ((sum16x(bank, x.s4()) + sum16x(bank, x.s5())) + (sum16x(bank, x.s6()) + sum16x(bank, x.s7())));
    }

    /** {@link #sum16} of the 5×6 network: the same look-ups and that of {@link #M4} on each image. */
    static int sum16Five(long bank, long b) {
        Images4x4 x = Images4x4.of(b);
        return ((sum16y(bank, x.s0()) + sum16y(bank, x.s1())) + (sum16y(bank, x.s2()) + sum16y(bank, x.s3())))
                + ((sum16y(bank, x.s4()) + sum16y(bank, x.s5())) + (sum16y(bank, x.s6()) + sum16y(bank, x.s7())));
    }

    /** The 5×6 network's tables, in its spec's order: {@code 012345 456789 89abcd 012456 45689a}. */
    private static int sum16y(long bank, long x) {
        return (RawMemory.getShort(bank + 2 * Long.compress(x, M0))
                + RawMemory.getShort(bank + 2 * (PER + Long.compress(x, M1))))
                + (RawMemory.getShort(bank + 2 * (2L * PER + Long.compress(x, M4)))
                + RawMemory.getShort(bank + 2 * (3L * PER + Long.compress(x, M2))))
                + RawMemory.getShort(bank + 2 * (4L * PER + Long.compress(x, M3)));
    }

    /** {@link #sum16} of the six-tuple network ({@link #SIX}): the 5×6 look-ups and that of {@link #M5} on each image. */
    static int sum16Six(long bank, long b) {
        Images4x4 x = Images4x4.of(b);
        return ((sum16z(bank, x.s0()) + sum16z(bank, x.s1())) + (sum16z(bank, x.s2()) + sum16z(bank, x.s3())))
                + ((sum16z(bank, x.s4()) + sum16z(bank, x.s5())) + (sum16z(bank, x.s6()) + sum16z(bank, x.s7())));
    }

    private static int sum16z(long bank, long x) {
        return ((RawMemory.getShort(bank + 2 * Long.compress(x, M0))
                + RawMemory.getShort(bank + 2 * (PER + Long.compress(x, M1))))
                + (RawMemory.getShort(bank + 2 * (2L * PER + Long.compress(x, M4)))
                + RawMemory.getShort(bank + 2 * (3L * PER + Long.compress(x, M2)))))
                + (RawMemory.getShort(bank + 2 * (4L * PER + Long.compress(x, M3)))
                + RawMemory.getShort(bank + 2 * (5L * PER + Long.compress(x, M5))));
    }

    /** {@link #sum16} of the eight-tuple network ({@link #EIGHT}): the six-tuple look-ups and those of {@link #M6}, {@link #M7}. */
    static int sum16Eight(long bank, long b) {
        Images4x4 x = Images4x4.of(b);
        return ((sum16w(bank, x.s0()) + sum16w(bank, x.s1())) + (sum16w(bank, x.s2()) + sum16w(bank, x.s3())))
                + ((sum16w(bank, x.s4()) + sum16w(bank, x.s5())) + (sum16w(bank, x.s6()) + sum16w(bank, x.s7())));
    }

    private static int sum16w(long bank, long x) {
        return (((RawMemory.getShort(bank + 2 * Long.compress(x, M0))
                + RawMemory.getShort(bank + 2 * (PER + Long.compress(x, M1))))
                + (RawMemory.getShort(bank + 2 * (2L * PER + Long.compress(x, M4)))
                + RawMemory.getShort(bank + 2 * (3L * PER + Long.compress(x, M2)))))
                + ((RawMemory.getShort(bank + 2 * (4L * PER + Long.compress(x, M3)))
                + RawMemory.getShort(bank + 2 * (5L * PER + Long.compress(x, M5))))
                + (RawMemory.getShort(bank + 2 * (6L * PER + Long.compress(x, M6)))
                + RawMemory.getShort(bank + 2 * (7L * PER + Long.compress(x, M7))))));
    }

    private static int sum16x(long bank, long x) {
        return (RawMemory.getShort(bank + 2 * Long.compress(x, M0))
                + RawMemory.getShort(bank + 2 * (PER + Long.compress(x, M1))))
                + (RawMemory.getShort(bank + 2 * (2L * PER + Long.compress(x, M2)))
                + RawMemory.getShort(bank + 2 * (3L * PER + Long.compress(x, M3))));
    }

    /**
     * The float32 value of {@code b} for the 5×6 network, from the bank whose first byte is at
     * address {@code bank}: each image's five look-ups as {@code ((t0 + t1) + (t2 + t3)) + t4} in
     * the spec's order, the images as {@link #value}'s tree.
     */
    static float valueFive(long bank, long b) {
        Images4x4 x = Images4x4.of(b);
        return ((sumFive(bank, x.s0()) + sumFive(bank, x.s1())) + (sumFive(bank, x.s2()) + sumFive(bank, x.s3())))
                + ((sumFive(bank, x.s4()) + sumFive(bank, x.s5())) + (sumFive(bank, x.s6()) + sumFive(bank, x.s7())));
    }

    private static float sumFive(long bank, long x) {
        return ((RawMemory.get(bank + 4 * Long.compress(x, M0)) + RawMemory.get(bank + 4 * (PER + Long.compress(x, M1))))
                + (RawMemory.get(bank + 4 * (2L * PER + Long.compress(x, M4)))
                + RawMemory.get(bank + 4 * (3L * PER + Long.compress(x, M2)))))
                + RawMemory.get(bank + 4 * (4L * PER + Long.compress(x, M3)));
    }

    /**
     * Writes the 32 entry numbers of {@code b}, each plus {@code off} (the bank's first entry), into
     * {@code out[0..32)}: image after image, tuple after tuple.
     */
    static void indices(int off, long b, int[] out) {
        Images4x4 x = Images4x4.of(b);
        put(off, x.s0(), out, 0);
        put(off, x.s1(), out, 4);
        put(off, x.s2(), out, 8);
        put(off, x.s3(), out, 12);
        put(off, x.s4(), out, 16);
        put(off, x.s5(), out, 20);
        put(off, x.s6(), out, 24);
        put(off, x.s7(), out, 28);
    }

    /**
     * {@link #indices} into the 32 ints at address {@code out} (scratch memory
     * of the caller's, read back by {@link #valueAt}): unchecked stores, where an array's would each
     * carry a bounds check.
     */
    static void indicesAt(int off, long b, long out) {
        // the images of Images4x4.of, each made just before its look-ups, so that few stay live at once
        putAt(off, b, out);
        long m = Symmetries.mirrorColumns(b);
        putAt(off, m, out + 16);
        putAt(off, Symmetries.flipRows(b), out + 32);
        putAt(off, Symmetries.flipRows(m), out + 48);
        long t = Board.transpose(b);
        putAt(off, t, out + 64);
        long ft = Symmetries.flipRows(t);
        putAt(off, ft, out + 80);
        putAt(off, Symmetries.mirrorColumns(t), out + 96);
        putAt(off, Symmetries.mirrorColumns(ft), out + 112);
    }

    private static void putAt(int off, long x, long out) {
        RawMemory.putInt(out, off + (int) Long.compress(x, M0));
        RawMemory.putInt(out + 4, off + PER + (int) Long.compress(x, M1));
        RawMemory.putInt(out + 8, off + 2 * PER + (int) Long.compress(x, M2));
        RawMemory.putInt(out + 12, off + 3 * PER + (int) Long.compress(x, M3));
    }

    /**
     * The value {@link #value(long, long)} gives, from the 32 entry numbers at address {@code e}
     * ({@link #indicesAt}), read unchecked from the float32 table whose first byte is at
     * {@code table}, summed in the same tree. Computing the entry numbers of several afterstates
     * first and reading them after puts the loads close together, so that more of them are in
     * flight at once, and leaves the numbers for an update.
     */
    static float valueAt(long table, long e) {
        return ((imageAt(table, e) + imageAt(table, e + 16)) + (imageAt(table, e + 32) + imageAt(table, e + 48)))
                + ((imageAt(table, e + 64) + imageAt(table, e + 80)) + (imageAt(table, e + 96) + imageAt(table, e + 112)));
    }

    private static float imageAt(long table, long e) {
        return (RawMemory.get(table + 4L * RawMemory.getInt(e)) + RawMemory.get(table + 4L * RawMemory.getInt(e + 4)))
                + (RawMemory.get(table + 4L * RawMemory.getInt(e + 8)) + RawMemory.get(table + 4L * RawMemory.getInt(e + 12)));
    }

    private static void put(int off, long x, int[] out, int at) {
        out[at] = off + (int) Long.compress(x, M0);
        out[at + 1] = off + PER + (int) Long.compress(x, M1);
        out[at + 2] = off + 2 * PER + (int) Long.compress(x, M2);
        out[at + 3] = off + 3 * PER + (int) Long.compress(x, M3);
    }
}
