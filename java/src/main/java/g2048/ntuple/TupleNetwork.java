package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The lookup tables of a network and the hot path that reads and updates them.
 *
 * <p><b>Layout.</b> One segment of float32 entries: {@code banks} copies of the network (1 for the
 * V-function methods, 4 for Q-learning's V_up, V_right, V_down, V_left), each the tuples' tables
 * back to back in spec order; tuple {@code t}'s entry {@code i} of bank {@code b} is float
 * {@code b·weights + base[t] + i}.
 *
 * <p><b>Index extraction.</b> Symmetric sampling looks a tuple up on every image of the board under
 * the shape's symmetries (8 on a square, 4 on a rectangle); that is the same as looking up the
 * tuple's image cells on the board itself (see {@link SymmetricSampling}). Here the board is
 * transformed once per symmetry and each tuple's cells, kept in ascending order, are gathered with
 * one {@link Long#compress} (a single PEXT instruction on x86 with BMI2): the gathered nibbles are
 * already the index in base 16. For fewer values per cell a 65,536-entry table turns each group of
 * four nibbles into base {@code c} with codes clamped to {@code c − 1}.
 *
 * <p><b>Threading.</b> Reads and updates are plain, unsynchronised float accesses: several trainer
 * threads update the same entries racily, as the papers' trainers do; an update may be lost, an
 * entry is never torn. Nothing here allocates.
 */
public final class TupleNetwork {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    private final NetworkSpec spec;
    private final Shape shape;
    private final Symmetries symmetries;
    private final int banks;
    private final long weights;
    private final MemorySegment lut;
    private final boolean hugePages;
    private final int images;
    private final int tuples;
    private final long[] masks;
    private final int[] base;
    private final int[] chunks;
    private final int[] digits;
    private final int valuesPow4;
    /** The 4×6 case (4 tuples, 16 values, 8 symmetries on 4×4): unrolled, see {@link #sum4}. */
    private final boolean fourBy8;
    private final long m0;
    private final long m1;
    private final long m2;
    private final long m3;
    private final long b1;
    private final long b2;
    private final long b3;
    /** Whether look-ups skip the segment's checks (see {@link RawMemory}); {@code address} is the table's start. */
    private final boolean raw;
    /** Unchecked writes too, never on a read-only (mapped) table, where they would crash. */
    private final boolean rawWrite;
    private final long address;

    /** A network over {@code lut}, which must hold {@code banks · spec.weights()} floats. */
    public TupleNetwork(NetworkSpec spec, Shape shape, int banks, MemorySegment lut, boolean hugePages) {
        spec.checkFits(shape);
        if (banks < 1) {
            throw new IllegalArgumentException("banks must be at least 1, got " + banks);
        }
        long need = banks * spec.weights() * Float.BYTES;
        if (lut.byteSize() != need) {
            throw new IllegalArgumentException("table of " + lut.byteSize() + " bytes for a network needing " + need);
        }
        if (banks * spec.weights() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("network " + spec.name() + " × " + banks + " banks has more than 2^31 weights");
        }
        this.spec = spec;
        this.shape = shape;
        this.symmetries = new Symmetries(shape);
        this.banks = banks;
        this.weights = spec.weights();
        this.lut = lut;
        this.hugePages = hugePages;
        this.images = spec.symmetric() ? symmetries.count() : 1;
        this.tuples = spec.tuples().length;
        this.masks = new long[tuples];
        this.base = new int[tuples];
        this.chunks = new int[tuples];
        int offset = 0;
        for (int t = 0; t < tuples; t++) {
            for (int cell : spec.tuples()[t]) {
                masks[t] |= 0xFL << (4 * cell);
            }
            base[t] = offset;
            offset += spec.tupleEntries(t);
            chunks[t] = (spec.tuples()[t].length + 3) / 4;
        }
        int c = spec.values();
        this.fourBy8 = tuples == 4 && c == 16 && images == 8 && shape.rows() == 4 && shape.cols() == 4;
        this.m0 = masks[0];
        this.m1 = tuples > 1 ? masks[1] : 0;
        this.m2 = tuples > 2 ? masks[2] : 0;
        this.m3 = tuples > 3 ? masks[3] : 0;
        this.b1 = tuples > 1 ? base[1] : 0;
        this.b2 = tuples > 2 ? base[2] : 0;
        this.b3 = tuples > 3 ? base[3] : 0;
        this.raw = RawMemory.AVAILABLE && !Boolean.getBoolean("g2048.checkedAccess");
        this.rawWrite = raw && !lut.isReadOnly();
        this.address = lut.address();
        this.valuesPow4 = c * c * c * c;
        if (c == 16) {
            this.digits = null;
        } else {
            digits = new int[1 << 16];
            for (int x = 0; x < digits.length; x++) {
                int v = 0;
                int mul = 1;
                for (int j = 0; j < 4; j++) {
                    v += Math.min((x >>> (4 * j)) & 0xF, c - 1) * mul;
                    mul *= c;
                }
                digits[x] = v;
            }
        }
    }

    public NetworkSpec spec() {
        return spec;
    }

    public Shape shape() {
        return shape;
    }

    public int banks() {
        return banks;
    }

    /** Weights of one bank. */
    public long weights() {
        return weights;
    }

    /** The tables (all banks). */
    public MemorySegment table() {
        return lut;
    }

    /** Whether look-ups read the table without the segment's per-access checks (see {@link RawMemory}). */
    public boolean rawAccess() {
        return raw;
    }

    /** Whether unchecked writes may go to the table (see {@link Coherence}). */
    boolean rawWritable() {
        return rawWrite;
    }

    /** The table's first byte (for unchecked access). */
    long address() {
        return address;
    }

    /** Whether the tables were placed on transparent huge pages. */
    public boolean hugePages() {
        return hugePages;
    }

    /** Look-ups per evaluation: tuples × images. */
    public int features() {
        return tuples * images;
    }

    /** The value of {@code board} in bank {@code bank}: the sum of its features' entries. */
    public float value(int bank, long board) {
        long off = bank * weights;
        if (fourBy8) {
            return raw ? value4x8Raw(address + Float.BYTES * off, board) : value4x8(off, board);
        }
        float sum = 0;
        for (int s = 0; s < images; s++) {
            long x = s == 0 ? board : symmetries.apply(s, board);
            for (int t = 0; t < tuples; t++) {
                long i = off + base[t] + index(x, t);
                sum += raw ? RawMemory.get(address + 4 * i) : lut.getAtIndex(F, i);
            }
        }
        return sum;
    }

    /*
     * The 4x6 hot path. The eight images of the board are built with a few shifts and masks, and
     * the 32 look-ups are summed as a tree rather than one chain, so that the loads (mostly cache
     * misses in a 256 MiB table) overlap instead of waiting on each other's additions.
     */
    private float value4x8(long off, long b) {
        long m = mirror(b);
        long f = flip(b);
        long mf = flip(m);
        long t = Board.transpose(b);
        long tm = Board.transpose(m);
        long tf = Board.transpose(f);
        long tmf = Board.transpose(mf);
        return ((sum4(off, b) + sum4(off, m)) + (sum4(off, f) + sum4(off, mf)))
                + ((sum4(off, t) + sum4(off, tm)) + (sum4(off, tf) + sum4(off, tmf)));
    }

    /**
     * As {@link #value4x8} with unchecked reads from {@code base}, the bank's first byte; each
     * tuple's table start is added once, so that a look-up is one load at table + 4 · index.
     */
    private float value4x8Raw(long base, long b) {
        long a1 = base + 4 * b1;
        long a2 = base + 4 * b2;
        long a3 = base + 4 * b3;
        long m = mirror(b);
        long f = flip(b);
        long mf = flip(m);
        // One transpose: the other transposed images follow from it by cheaper flips and mirrors.
        long t = Board.transpose(b);
        long tm = flip(t);
        long tf = mirror(t);
        long tmf = flip(tf);
        return ((sum4Raw(base, a1, a2, a3, b) + sum4Raw(base, a1, a2, a3, m))
                + (sum4Raw(base, a1, a2, a3, f) + sum4Raw(base, a1, a2, a3, mf)))
                + ((sum4Raw(base, a1, a2, a3, t) + sum4Raw(base, a1, a2, a3, tm))
                + (sum4Raw(base, a1, a2, a3, tf) + sum4Raw(base, a1, a2, a3, tmf)));
    }

    private float sum4Raw(long a0, long a1, long a2, long a3, long x) {
        return (RawMemory.get(a0 + 4 * Long.compress(x, m0)) + RawMemory.get(a1 + 4 * Long.compress(x, m1)))
                + (RawMemory.get(a2 + 4 * Long.compress(x, m2)) + RawMemory.get(a3 + 4 * Long.compress(x, m3)));
    }

    private float sum4(long off, long x) {
        return (lut.getAtIndex(F, off + Long.compress(x, m0)) + lut.getAtIndex(F, off + b1 + Long.compress(x, m1)))
                + (lut.getAtIndex(F, off + b2 + Long.compress(x, m2)) + lut.getAtIndex(F, off + b3 + Long.compress(x, m3)));
    }

    private int indices4x8(int off, long b, int[] out) {
        long m = mirror(b);
        long f = flip(b);
        long mf = flip(m);
        put4(off, b, out, 0);
        put4(off, m, out, 4);
        put4(off, f, out, 8);
        put4(off, mf, out, 12);
        long t = Board.transpose(b);
        long tf = mirror(t);
        put4(off, t, out, 16);
        put4(off, flip(t), out, 20);
        put4(off, tf, out, 24);
        put4(off, flip(tf), out, 28);
        return 32;
    }

    private void put4(int off, long x, int[] out, int at) {
        out[at] = off + (int) Long.compress(x, m0);
        out[at + 1] = off + (int) b1 + (int) Long.compress(x, m1);
        out[at + 2] = off + (int) b2 + (int) Long.compress(x, m2);
        out[at + 3] = off + (int) b3 + (int) Long.compress(x, m3);
    }

    /** Mirrors the columns of a 4×4 board. */
    static long mirror(long b) {
        return ((b & 0x000F_000F_000F_000FL) << 12)
                | ((b & 0x00F0_00F0_00F0_00F0L) << 4)
                | ((b >>> 4) & 0x00F0_00F0_00F0_00F0L)
                | ((b >>> 12) & 0x000F_000F_000F_000FL);
    }

    /** Flips the rows of a 4×4 board. */
    static long flip(long b) {
        long halves = Long.rotateLeft(b, 32);
        return ((halves >>> 16) & 0x0000_FFFF_0000_FFFFL) | ((halves & 0x0000_FFFF_0000_FFFFL) << 16);
    }

    /**
     * The value of {@code board} in bank {@code bank}, writing each feature's absolute entry number
     * into {@code out[0..features())} for a following {@link #add}.
     */
    public float indices(int bank, long board, int[] out) {
        int off = (int) (bank * weights);
        if (fourBy8) {
            indices4x8(off, board, out);
            float sum = 0;
            if (raw) {
                for (int f = 0; f < 32; f += 4) {
                    sum += (RawMemory.get(address + 4L * out[f]) + RawMemory.get(address + 4L * out[f + 1]))
                            + (RawMemory.get(address + 4L * out[f + 2]) + RawMemory.get(address + 4L * out[f + 3]));
                }
                return sum;
            }
            for (int f = 0; f < 32; f += 4) {
                sum += (lut.getAtIndex(F, out[f]) + lut.getAtIndex(F, out[f + 1]))
                        + (lut.getAtIndex(F, out[f + 2]) + lut.getAtIndex(F, out[f + 3]));
            }
            return sum;
        }
        float sum = 0;
        int f = 0;
        for (int s = 0; s < images; s++) {
            long x = s == 0 ? board : symmetries.apply(s, board);
            for (int t = 0; t < tuples; t++) {
                int i = off + base[t] + index(x, t);
                out[f++] = i;
                sum += raw ? RawMemory.get(address + 4L * i) : lut.getAtIndex(F, i);
            }
        }
        return sum;
    }

    /** Adds {@code delta} to the entries {@code entries[0..features())} (racy, see the class comment). */
    public void add(int[] entries, float delta) {
        int n = tuples * images;
        if (rawWrite) {
            for (int f = 0; f < n; f++) {
                long a = address + 4L * entries[f];
                RawMemory.put(a, RawMemory.get(a) + delta);
            }
            return;
        }
        for (int f = 0; f < n; f++) {
            long i = entries[f];
            lut.setAtIndex(F, i, lut.getAtIndex(F, i) + delta);
        }
    }

    /** The entry tuple {@code t} reads on an already transformed board {@code x}. */
    int index(long x, int t) {
        long packed = Long.compress(x, masks[t]);
        if (digits == null) {
            return (int) packed;
        }
        int idx = digits[(int) packed & 0xFFFF];
        int mul = valuesPow4;
        for (int k = 1; k < chunks[t]; k++) {
            idx += digits[(int) (packed >>> (16 * k)) & 0xFFFF] * mul;
            mul *= valuesPow4;
        }
        return idx;
    }

    /** The cells of tuple {@code t} as a nibble mask. */
    long mask(int t) {
        return masks[t];
    }

    /** The start of tuple {@code t}'s table within a bank. */
    int base(int t) {
        return base[t];
    }

    /** One entry, by absolute number. */
    public float entry(long i) {
        return lut.getAtIndex(F, i);
    }

    public void setEntry(long i, float v) {
        lut.setAtIndex(F, i, v);
    }
}
