package g2048.ntuple;

import g2048.game.Images4x4;
import g2048.game.Shape;
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
 * transformed once per symmetry and each tuple's entry taken from its cells as
 * {@link TupleLayout} says (one PEXT per look-up for 16 values per cell).
 *
 * <p><b>Threading.</b> Reads and updates are plain, unsynchronised float accesses: several trainer
 * threads update the same entries racily, as the papers' trainers do; an update may be lost, an
 * entry is never torn. Nothing here allocates.
 */
public final class TupleNetwork {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    private final TupleLayout layout;
    private final int banks;
    private final long weights;
    private final MemorySegment lut;
    private final boolean hugePages;
    private final int images;
    private final int tuples;
    /** The 4×6 network on 4×4: its unrolled path, see {@link FourBySix}. */
    private final boolean fourBySix;
    /**
     * Any other network of 16 values per cell on every image of a 4×4 board (5x6 … 8x6): its eight
     * images taken at once ({@link Images4x4}) and each look-up one PEXT, unchecked, as {@link #value}'s
     * loops would give them, in their order.
     */
    private final boolean sixteenOn4x4;
    /**
     * Of those, the 5×6 network, whose {@link #value} takes constant masks and sums as a tree
     * ({@link FourBySix#valueFive}): twice the evaluations per second of the loops (NtupleBench.evaluate).
     * Training keeps the loops' entry numbers and serial sum ({@link #entries}, {@link #valueOf}):
     * the same unrolled there measured no faster.
     */
    private final boolean fiveBySix;
    private final long[] masks;
    private final int[] bases;
    /** Whether look-ups skip the segment's checks (see {@link RawMemory}); {@code address} is the table's start. */
    private final boolean raw;
    /** Unchecked writes too, never on a read-only (mapped) table, where they would crash. */
    private final boolean rawWrite;
    private final long address;

    /** A network over {@code lut}, which must hold {@code banks · spec.weights()} floats. */
    public TupleNetwork(TupleSpec spec, Shape shape, int banks, MemorySegment lut, boolean hugePages) {
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
        this.layout = new TupleLayout(spec, shape);
        this.banks = banks;
        this.weights = spec.weights();
        this.lut = lut;
        this.hugePages = hugePages;
        this.images = layout.images();
        this.tuples = layout.tuples();
        this.fourBySix = layout.fourBySix();
        this.raw = RawMemory.AVAILABLE && !Boolean.getBoolean("g2048.checkedAccess");
        this.sixteenOn4x4 = raw && !fourBySix && images == 8 && spec.values() == 16 && shape.equals(Shape.S4x4);
        this.fiveBySix = sixteenOn4x4 && FourBySix.isFive(spec, shape);
        this.masks = new long[tuples];
        this.bases = new int[tuples];
        for (int t = 0; t < tuples; t++) {
            masks[t] = layout.mask(t);
            bases[t] = layout.base(t);
        }
        this.rawWrite = raw && !lut.isReadOnly();
        this.address = lut.address();
    }

    public TupleSpec spec() {
        return layout.spec();
    }

    public Shape shape() {
        return layout.shape();
    }

    /** Where its look-ups land. */
    TupleLayout layout() {
        return layout;
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
        if (fourBySix) {
            return raw ? FourBySix.value(address + Float.BYTES * off, board) : FourBySix.value(lut, off, board);
        }
        if (fiveBySix) {
            return FourBySix.valueFive(address + Float.BYTES * off, board);
        }
        if (sixteenOn4x4) {
            Images4x4 x = Images4x4.of(board);
            long at = address + Float.BYTES * off;
            float sum = image(at, x.s0(), 0f);
            sum = image(at, x.s1(), sum);
            sum = image(at, x.s2(), sum);
            sum = image(at, x.s3(), sum);
            sum = image(at, x.s4(), sum);
            sum = image(at, x.s5(), sum);
            sum = image(at, x.s6(), sum);
            return image(at, x.s7(), sum);
        }
        float sum = 0;
        for (int s = 0; s < images; s++) {
            long x = layout.image(s, board);
            for (int t = 0; t < tuples; t++) {
                long i = off + layout.entry(x, t);
                sum += raw ? RawMemory.get(address + 4 * i) : lut.getAtIndex(F, i);
            }
        }
        return sum;
    }

    /** {@code sum} plus the entries of the image {@code x}, tuple after tuple, from the bank at address {@code bank}. */
    private float image(long bank, long x, float sum) {
        for (int t = 0; t < tuples; t++) {
            sum += RawMemory.get(bank + 4L * (bases[t] + Long.compress(x, masks[t])));
        }
        return sum;
    }

    /** Whether this is a network of 16 values per cell on the eight images of a 4×4 board other than the 4×6 one. */
    boolean sixteenOn4x4() {
        return sixteenOn4x4;
    }

    /**
     * For {@link #sixteenOn4x4()} networks: writes the {@link #features()} entry numbers of
     * {@code board}, each plus {@code off} (the bank's first entry), as ints from address {@code out}
     * (scratch memory of the caller's, read back by {@link #valueAt}), image after image, tuple after
     * tuple. Computing those of several afterstates before reading any puts their loads close
     * together, as {@link FourBySix#indicesAt} does for the 4×6 network.
     */
    void entriesAt(int off, long board, long out) {
        Images4x4 x = Images4x4.of(board);
        long n = 4L * tuples;
        imageAt(off, x.s0(), out);
        imageAt(off, x.s1(), out + n);
        imageAt(off, x.s2(), out + 2 * n);
        imageAt(off, x.s3(), out + 3 * n);
        imageAt(off, x.s4(), out + 4 * n);
        imageAt(off, x.s5(), out + 5 * n);
        imageAt(off, x.s6(), out + 6 * n);
        imageAt(off, x.s7(), out + 7 * n);
    }

    private void imageAt(int off, long x, long out) {
        for (int t = 0; t < tuples; t++) {
            RawMemory.putInt(out + 4L * t, off + bases[t] + (int) Long.compress(x, masks[t]));
        }
    }

    /** {@link #entriesAt} into {@code out[at..)}, for {@link #entryNumbers}. */
    private void entries(int off, long board, int[] out, int at) {
        Images4x4 x = Images4x4.of(board);
        int n = tuples;
        image(off, x.s0(), out, at);
        image(off, x.s1(), out, at + n);
        image(off, x.s2(), out, at + 2 * n);
        image(off, x.s3(), out, at + 3 * n);
        image(off, x.s4(), out, at + 4 * n);
        image(off, x.s5(), out, at + 5 * n);
        image(off, x.s6(), out, at + 6 * n);
        image(off, x.s7(), out, at + 7 * n);
    }

    private void image(int off, long x, int[] out, int at) {
        for (int t = 0; t < tuples; t++) {
            out[at + t] = off + bases[t] + (int) Long.compress(x, masks[t]);
        }
    }

    /** For {@link #sixteenOn4x4()} networks: the sum of the entries whose numbers {@link #entriesAt} wrote from address {@code e}, in {@link #value}'s order. */
    float valueAt(long e) {
        float sum = 0f;
        for (long f = e, end = e + 4L * 8 * tuples; f < end; f += 4) {
            sum += RawMemory.get(address + 4L * RawMemory.getInt(f));
        }
        return sum;
    }

    /** For {@link #sixteenOn4x4()} networks: the sum of the entries {@code e[at..at+features())}, in {@link #value}'s order. */
    float valueOf(int[] e, int at) {
        float sum = 0f;
        for (int f = at, end = at + 8 * tuples; f < end; f++) {
            sum += RawMemory.get(address + 4L * e[f]);
        }
        return sum;
    }

    /**
     * The value of {@code board} in bank {@code bank}, writing each feature's absolute entry number
     * into {@code out[0..features())} for a following {@link #add}.
     */
    public float indices(int bank, long board, int[] out) {
        entryNumbers(bank, board, out);
        return sumOfNumbered(out);
    }

    /** What {@link #indices} returns for the entry numbers {@code numbers[0..features())} it wrote, read afresh. */
    float sumOfNumbered(int[] numbers) {
        if (fourBySix) {
            return sumOf(numbers);
        }
        if (sixteenOn4x4) {
            return valueOf(numbers, 0);
        }
        return sequentialSum(numbers);
    }

    /**
     * {@link #value(int, long)} of {@code board}, whose entry numbers in bank {@code bank} are
     * {@code numbers[0..features())} ({@link #entryNumbers}): the same sum in the same order, without
     * numbering the board again (the 5×6 network's sum has its own order, so it reads the board).
     */
    float valueOfNumbered(int bank, long board, int[] numbers) {
        if (fourBySix) {
            return raw ? treeSum(numbers) : value(bank, board);
        }
        if (fiveBySix) {
            return value(bank, board);
        }
        if (sixteenOn4x4) {
            return valueOf(numbers, 0);
        }
        return sequentialSum(numbers);
    }

    /** The entries {@code numbers[0..features())} summed one after another, as the general {@link #value} sums them. */
    private float sequentialSum(int[] numbers) {
        float sum = 0;
        for (int f = 0, n = tuples * images; f < n; f++) {
            sum += raw ? RawMemory.get(address + 4L * numbers[f]) : lut.getAtIndex(F, numbers[f]);
        }
        return sum;
    }

    /** The 4×6 network's 32 entries {@code numbers[0..32)} summed in {@link FourBySix#value(long, long)}'s tree. */
    private float treeSum(int[] numbers) {
        return ((imageSum(numbers, 0) + imageSum(numbers, 4)) + (imageSum(numbers, 8) + imageSum(numbers, 12)))
                + ((imageSum(numbers, 16) + imageSum(numbers, 20)) + (imageSum(numbers, 24) + imageSum(numbers, 28)));
    }

    private float imageSum(int[] numbers, int at) {
        return (RawMemory.get(address + 4L * numbers[at]) + RawMemory.get(address + 4L * numbers[at + 1]))
                + (RawMemory.get(address + 4L * numbers[at + 2]) + RawMemory.get(address + 4L * numbers[at + 3]));
    }

    /**
     * Each feature's absolute entry number of {@code board} in bank {@code bank}, into
     * {@code out[0..features())} as {@link #indices} writes them, without reading the table: for an
     * update whose error was measured already.
     */
    public void entryNumbers(int bank, long board, int[] out) {
        int off = (int) (bank * weights);
        if (fourBySix) {
            FourBySix.indices(off, board, out);
            return;
        }
        if (sixteenOn4x4) {
            entries(off, board, out, 0);
            return;
        }
        int f = 0;
        for (int s = 0; s < images; s++) {
            long x = layout.image(s, board);
            for (int t = 0; t < tuples; t++) {
                out[f++] = off + layout.entry(x, t);
            }
        }
    }

    /**
     * The sum of the 4×6 network's entries {@code entries[0..32)} (from {@link FourBySix#indices}),
     * taken four at a time, each four as a tree: the order in which {@link #indices} sums them.
     */
    float sumOf(int[] entries) {
        float sum = 0;
        if (raw) {
            for (int f = 0; f < 32; f += 4) {
                sum += (RawMemory.get(address + 4L * entries[f]) + RawMemory.get(address + 4L * entries[f + 1]))
                        + (RawMemory.get(address + 4L * entries[f + 2]) + RawMemory.get(address + 4L * entries[f + 3]));
            }
            return sum;
        }
        for (int f = 0; f < 32; f += 4) {
            sum += (lut.getAtIndex(F, entries[f]) + lut.getAtIndex(F, entries[f + 1]))
                    + (lut.getAtIndex(F, entries[f + 2]) + lut.getAtIndex(F, entries[f + 3]));
        }
        return sum;
    }

    /**
     * The sum of the entries {@code entries[from..from+count)}, read as {@link #value} reads them:
     * the table reads of evaluations without the index work and learning around them (a benchmark's
     * measure of how fast this machine serves them).
     */
    public float sumEntries(int[] entries, int from, int count) {
        float sum = 0;
        for (int f = from; f < from + count; f++) {
            sum += raw ? RawMemory.get(address + 4L * entries[f]) : lut.getAtIndex(F, entries[f]);
        }
        return sum;
    }

    /** Whether this is the 4×6 network on 4×4, whose look-ups go through {@link FourBySix}. */
    boolean fourBySix() {
        return fourBySix;
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

    /** {@link #add} of the {@code n} entry numbers stored as ints from address {@code at}. */
    void addAt(long at, int n, float delta) {
        if (rawWrite) {
            for (int f = 0; f < n; f++) {
                long a = address + 4L * RawMemory.getInt(at + 4L * f);
                RawMemory.put(a, RawMemory.get(a) + delta);
            }
            return;
        }
        for (int f = 0; f < n; f++) {
            long i = RawMemory.getInt(at + 4L * f);
            lut.setAtIndex(F, i, lut.getAtIndex(F, i) + delta);
        }
    }

    /** The cells of tuple {@code t} as a nibble mask. */
    long mask(int t) {
        return layout.mask(t);
    }

    /** The start of tuple {@code t}'s table within a bank. */
    int base(int t) {
        return layout.base(t);
    }

    /** One entry, by absolute number. */
    public float entry(long i) {
        return lut.getAtIndex(F, i);
    }

    public void setEntry(long i, float v) {
        lut.setAtIndex(F, i, v);
    }
}
