package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Shape;
import g2048.game.Symmetries;
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

    private final TupleNetwork source;
    private final Shape shape;
    private final Symmetries symmetries;
    private final MemorySegment lut;
    private final boolean hugePages;
    private final double step;
    private final boolean exact;
    private final int images;
    private final int tuples;
    private final int[] base;
    private final boolean fourBy8;
    private final long m0;
    private final long m1;
    private final long m2;
    private final long m3;
    /** The first byte of each tuple's table, so that a look-up is one load at table + 2 · index. */
    private final long t0;
    private final long t1;
    private final long t2;
    private final long t3;
    private final boolean raw;
    private final long address;

    /**
     * Quantises bank {@code bank} of {@code net} into a new table owned by {@code arena}. When
     * {@code quantum} is positive and every entry is an exact 16-bit multiple of it (the weights
     * of a compact model file), that step is kept and the copy is exact; otherwise the step is
     * {@code max|w| / 32767} and each entry is rounded to the nearest step.
     */
    public Int16Network(TupleNetwork net, int bank, double quantum, Arena arena) {
        this.source = net;
        this.shape = net.shape();
        this.symmetries = new Symmetries(shape);
        long n = net.weights();
        long first = bank * n;
        OffHeap.Table t = OffHeap.allocate(n * Short.BYTES, arena);
        this.lut = t.segment();
        this.hugePages = t.hugePages();
        boolean fits = quantum > 0 && fill(net, first, n, quantum, true);
        double chosen = quantum;
        if (!fits) {
            float max = 0;
            for (long i = 0; i < n; i++) {
                max = Math.max(max, Math.abs(net.entry(first + i)));
            }
            chosen = max == 0 ? 1.0 : max / 32767.0;
            fill(net, first, n, chosen, false);
        }
        this.step = chosen;
        this.exact = fits || isExact(net, first, n, chosen);
        NetworkSpec spec = net.spec();
        this.images = spec.symmetric() ? symmetries.count() : 1;
        this.tuples = spec.tuples().length;
        this.base = new int[tuples];
        for (int k = 0; k < tuples; k++) {
            base[k] = net.base(k);
        }
        this.fourBy8 = tuples == 4 && spec.values() == 16 && images == 8 && shape.rows() == 4 && shape.cols() == 4;
        this.m0 = net.mask(0);
        this.m1 = tuples > 1 ? net.mask(1) : 0;
        this.m2 = tuples > 2 ? net.mask(2) : 0;
        this.m3 = tuples > 3 ? net.mask(3) : 0;
        this.raw = RawMemory.AVAILABLE && !Boolean.getBoolean("g2048.checkedAccess");
        this.address = lut.address();
        this.t0 = address;
        this.t1 = address + 2L * (tuples > 1 ? base[1] : 0);
        this.t2 = address + 2L * (tuples > 2 ? base[2] : 0);
        this.t3 = address + 2L * (tuples > 3 ? base[3] : 0);
    }

    /**
     * Writes {@code round(w / step)} for every entry; with {@code strict}, stops and returns false
     * at the first entry that is not exactly a 16-bit multiple of {@code step}.
     */
    private boolean fill(TupleNetwork net, long first, long n, double step, boolean strict) {
        for (long i = 0; i < n; i++) {
            float w = net.entry(first + i);
            long q = Math.round(w / step);
            if (strict && (q < -32767 || q > 32767 || (float) (step * q) != w)) {
                return false;
            }
            lut.setAtIndex(S, i, (short) Math.clamp(q, -32767, 32767));
        }
        return true;
    }

    private boolean isExact(TupleNetwork net, long first, long n, double step) {
        for (long i = 0; i < n; i++) {
            if ((float) (step * lut.getAtIndex(S, i)) != net.entry(first + i)) {
                return false;
            }
        }
        return true;
    }

    public Shape shape() {
        return shape;
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
        if (fourBy8 && raw) {
            return step * sum4x8(board);
        }
        long sum = 0;
        for (int s = 0; s < images; s++) {
            long x = s == 0 ? board : symmetries.apply(s, board);
            for (int k = 0; k < tuples; k++) {
                sum += lut.getAtIndex(S, base[k] + source.index(x, k));
            }
        }
        return step * sum;
    }

    /** As {@code TupleNetwork.value4x8Raw}: eight images, 32 look-ups summed as a tree so that they overlap. */
    private int sum4x8(long b) {
        long m = TupleNetwork.mirror(b);
        long f = TupleNetwork.flip(b);
        long mf = TupleNetwork.flip(m);
        long t = Board.transpose(b);
        long tf = TupleNetwork.mirror(t);
        return ((sum4(b) + sum4(m)) + (sum4(f) + sum4(mf)))
                + ((sum4(t) + sum4(TupleNetwork.flip(t))) + (sum4(tf) + sum4(TupleNetwork.flip(tf))));
    }

    private int sum4(long x) {
        return (RawMemory.getShort(t0 + 2 * Long.compress(x, m0)) + RawMemory.getShort(t1 + 2 * Long.compress(x, m1)))
                + (RawMemory.getShort(t2 + 2 * Long.compress(x, m2)) + RawMemory.getShort(t3 + 2 * Long.compress(x, m3)));
    }
}
