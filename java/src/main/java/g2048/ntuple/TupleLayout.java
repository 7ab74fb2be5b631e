package g2048.ntuple;

import g2048.game.Shape;
import g2048.game.Symmetries;

/**
 * Where a network's look-ups land, independent of how its tables are stored: for each tuple its
 * cells as a nibble mask and the start of its table within a bank, and the entry a tuple reads on
 * an already transformed board. Shared by the float32 {@link TupleNetwork} and the int16
 * {@link Int16Network}, so that an int16 table can be read without any float32 table behind it.
 *
 * <p>Each tuple's cells, kept in ascending order, are gathered with one {@link Long#compress} (a
 * single PEXT on x86 with BMI2): the gathered nibbles are already the index in base 16. For fewer
 * values per cell a 65,536-entry table turns each group of four nibbles into base {@code c} with
 * codes clamped to {@code c − 1}. Immutable.
 */
final class TupleLayout {

    private final TupleSpec spec;
    private final Shape shape;
    private final Symmetries symmetries;
    private final int images;
    private final int tuples;
    private final long[] masks;
    private final int[] base;
    private final int[] chunks;
    private final int[] digits;
    private final int valuesPow4;
    private final boolean fourBySix;

    TupleLayout(TupleSpec spec, Shape shape) {
        spec.checkFits(shape);
        this.spec = spec;
        this.shape = shape;
        this.symmetries = new Symmetries(shape);
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
        this.fourBySix = FourBySix.is(spec, shape);
        int c = spec.values();
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

    TupleSpec spec() {
        return spec;
    }

    Shape shape() {
        return shape;
    }

    /** Images of the board each tuple is read on: the shape's symmetries, or 1 without symmetric sampling. */
    int images() {
        return images;
    }

    int tuples() {
        return tuples;
    }

    /** Image {@code s} of {@code board} (0 is the board itself). */
    long image(int s, long board) {
        return s == 0 ? board : symmetries.apply(s, board);
    }

    /** Whether this is the 4×6 network on 4×4, whose look-ups go through {@link FourBySix}. */
    boolean fourBySix() {
        return fourBySix;
    }

    /** The entry, within a bank, that tuple {@code t} reads on an already transformed board {@code x}. */
    int entry(long x, int t) {
        return base[t] + index(x, t);
    }

    /** The entry tuple {@code t} reads within its own table on an already transformed board {@code x}. */
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
}
