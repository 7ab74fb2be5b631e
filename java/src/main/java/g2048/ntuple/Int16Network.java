package g2048.ntuple;

import g2048.game.Images4x4;
import g2048.game.Shape;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A read-only copy of one bank of a {@link TupleNetwork} with each entry stored as a 16-bit
 * multiple of a step: half the bytes of the float32 table, so that play and search, whose cost is
 * the cache misses of their look-ups, touch half as many cache lines.
 *
 * <p>Each entry becomes {@code q = round(w / step)}; a value is {@code step · Σ q}, summed exactly
 * in integers (the float32 path sums rounded floats, so the two agree to about 1e-7 relative). A
 * network loaded from the compact file form keeps that form's step and loses nothing (see
 * {@link #exact()}); any other is rounded to steps of {@code max|w| / 32767}, an error of at most
 * half a step per look-up.
 */
public final class Int16Network {

    private static final ValueLayout.OfShort S = ValueLayout.JAVA_SHORT;

    private final TupleLayout layout;
    private final MemorySegment lut;
    private final boolean hugePages;
    private final double step;
    private final boolean exact;
    private final int images;
    private final int tuples;
    /** The 4×6 network on 4×4 with unchecked reads: {@link FourBySix#sum16}. */
    private final boolean fourBySix;
    /** The 5×6 network on 4×4 with unchecked reads: {@link FourBySix#sum16Five}. */
    private final boolean fiveBySix;
    /** The six-tuple network grown from it ({@link FourBySix#SIX}): its constant masks too. */
    private final boolean sixTuples;
    /** The eight-tuple network grown from that ({@link FourBySix#EIGHT}): its constant masks too. */
    private final boolean eightTuples;
    /** Another network of 16 values on a 4×4 board's eight images: the images taken at once, look-ups unchecked. */
    private final boolean sixteenOn4x4;
    private final long[] masks;
    private final int[] bases;
    private final long address;

    /**
     * Quantises bank {@code bank} of {@code net} into a new table owned by {@code arena}. When
     * {@code quantum} is positive and every entry is an exact 16-bit multiple of it (the weights
     * of a compact model file), that step is kept and the copy is exact; otherwise the step is
     * {@code max|w| / 32767} and each entry is rounded to the nearest step.
     */
    public Int16Network(TupleNetwork net, int bank, double quantum, Arena arena) {
        long n = net.weights();
        long first = bank * n;
        OffHeap.Table t = OffHeap.allocate(n * Short.BYTES, arena);
        MemorySegment table = t.segment();
        boolean fits = quantum > 0 && fill(net, first, n, quantum, true, table);
        double chosen = quantum;
        if (!fits) {
            float max = 0;
            for (long i = 0; i < n; i++) {
                max = Math.max(max, Math.abs(net.entry(first + i)));
            }
            chosen = stepFor(max);
            fill(net, first, n, chosen, false, table);
        }
        this(net.layout(), table, t.hugePages(), chosen, fits || isExact(net, first, n, chosen, table));
    }

    /**
     * Over {@code table}, one bank of 16-bit multiples of {@code step} laid out as {@code layout}
     * says, written by whoever made it (the compact model form's loader): no float32 table behind it.
     */
    Int16Network(TupleLayout layout, OffHeap.Table table, double step) {
        this(layout, table.segment(), table.hugePages(), step, true);
    }

    /** Over {@code table}, one bank of 16-bit multiples of {@code step} made by a loader that knows whether they are exact. */
    Int16Network(TupleLayout layout, OffHeap.Table table, double step, boolean exact) {
        this(layout, table.segment(), table.hugePages(), step, exact);
    }

    private Int16Network(TupleLayout layout, MemorySegment lut, boolean hugePages, double step, boolean exact) {
        if (lut.byteSize() != layout.spec().weights() * Short.BYTES) {
            throw new IllegalArgumentException("int16 table of " + lut.byteSize() + " bytes for a bank of "
                    + layout.spec().weights() + " weights");
        }
        this.layout = layout;
        this.lut = lut;
        this.hugePages = hugePages;
        this.step = step;
        this.exact = exact;
        this.images = layout.images();
        this.tuples = layout.tuples();
        boolean raw = RawMemory.AVAILABLE && !Boolean.getBoolean("g2048.checkedAccess");
        this.fourBySix = raw && layout.fourBySix();
        this.fiveBySix = raw && FourBySix.isFive(layout.spec(), layout.shape());
        this.sixTuples = raw && FourBySix.isSix(layout.spec(), layout.shape());
        this.eightTuples = raw && FourBySix.isEight(layout.spec(), layout.shape());
        this.sixteenOn4x4 = raw && !layout.fourBySix() && images == 8 && layout.spec().values() == 16
                && layout.shape().equals(Shape.S4x4);
        this.masks = new long[tuples];
        this.bases = new int[tuples];
        for (int t = 0; t < tuples; t++) {
            masks[t] = layout.mask(t);
            bases[t] = layout.base(t);
        }
        this.address = lut.address();
    }

    /**
     * Writes {@code round(w / step)} for every entry; with {@code strict}, stops and returns false
     * at the first entry that is not exactly a 16-bit multiple of {@code step}.
     */
    private static boolean fill(TupleNetwork net, long first, long n, double step, boolean strict, MemorySegment lut) {
        for (long i = 0; i < n; i++) {
            float w = net.entry(first + i);
            long q = Math.round(w / step);
            if (strict && (q < -32767 || q > 32767 || (float) (step * q) != w)) {
                return false;
            }
            lut.setAtIndex(S, i, rounded(w, step));
        }
        return true;
    }

    /** The step of a bank whose largest weight magnitude is {@code largest}: the 16-bit range spans it. */
    static double stepFor(float largest) {
        return largest == 0 ? 1.0 : largest / 32767.0;
    }

    /** {@code w} as the nearest multiple of {@code step} a 16-bit entry holds. */
    static short rounded(float w, double step) {
        return (short) Math.clamp(Math.round(w / step), -32767, 32767);
    }

    private static boolean isExact(TupleNetwork net, long first, long n, double step, MemorySegment lut) {
        for (long i = 0; i < n; i++) {
            if ((float) (step * lut.getAtIndex(S, i)) != net.entry(first + i)) {
                return false;
            }
        }
        return true;
    }

    public Shape shape() {
        return layout.shape();
    }

    /** The quantised entry {@code i} of the bank (the value is {@code step · q}). */
    short entry(long i) {
        return lut.getAtIndex(S, i);
    }

    /** The value of one quantum. */
    public double step() {
        return step;
    }

    /** Whether every entry was already a multiple of the step, so that nothing was rounded. */
    public boolean exact() {
        return exact;
    }

    public boolean hugePages() {
        return hugePages;
    }

    /** The value of {@code board}: step × the exact sum of its features' entries. */
    public double value(long board) {
        if (fourBySix) {
            return step * FourBySix.sum16(address, board);
        }
        if (fiveBySix) {
            return step * FourBySix.sum16Five(address, board);
        }
        if (sixTuples) {
            return step * FourBySix.sum16Six(address, board);
        }
        if (eightTuples) {
            return step * FourBySix.sum16Eight(address, board);
        }
        if (sixteenOn4x4) {
            Images4x4 x = Images4x4.of(board);
            return step * (((sum16(x.s0()) + sum16(x.s1())) + (sum16(x.s2()) + sum16(x.s3())))
                    + ((sum16(x.s4()) + sum16(x.s5())) + (sum16(x.s6()) + sum16(x.s7()))));
        }
        long sum = 0;
        for (int s = 0; s < images; s++) {
            long x = layout.image(s, board);
            for (int k = 0; k < tuples; k++) {
                sum += lut.getAtIndex(S, layout.entry(x, k));
            }
        }
        return step * sum;
    }

    /** The exact sum of the entries the tuples read on the image {@code x}, unchecked. */
    private int sum16(long x) {
        int sum = 0;
        for (int t = 0; t < tuples; t++) {
            sum += RawMemory.getShort(address + 2L * (bases[t] + Long.compress(x, masks[t])));
        }
        return sum;
    }
}
