package g2048.ntuple;

import g2048.game.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A network as data: its tuples (cell lists), the number of values {@code c} a cell can take, and
 * whether each tuple is used under all the shape's symmetries (symmetric sampling).
 *
 * <p><b>Cells</b> are nibble numbers of the board layout, {@code 4r + c}, written as hex digits
 * ({@code 0} top-left, {@code a} = row 2 column 2); on 4×4 this is row-major order. The cells of a
 * tuple are kept in ascending order: the order does not change what a network can represent, it
 * fixes the table layout (and lets the index be read straight off the board's bits).
 *
 * <p><b>Index.</b> A tuple with cells {@code k_1 < ... < k_n} reads codes {@code v_j} and looks up
 * entry {@code Σ min(v_j, c−1)·c^(j−1)}: codes at or above {@code c} share the last value (with
 * {@code c = 16} every code fits; with Szubert and Jaśkowski's {@code c = 15} only 32768 tiles are clamped).
 *
 * <p><b>Spec strings.</b> Named networks: {@code 4x6} (cells {@code 012345 456789 012456 45689a},
 * symmetric, c = 16, 67,108,864 weights), {@code 17x4} (Szubert and Jaśkowski's 4 rows, 4 columns and 9 2×2
 * squares, c = 15, not symmetric, 860,625 weights), {@code 2x4+2x6} (Szubert and Jaśkowski's 2 straight 4-tuples
 * and 2 2×3 rectangles, symmetric, c = 15, 22,882,500 weights), and the field's larger networks of
 * 6-tuples, all symmetric with c = 16: {@code 5x6} ({@code 4x6} and the third row pair
 * {@code 89abcd}), {@code 6x6}, {@code 7x6} and {@code 8x6} (the first six, seven or all eight of
 * {@code 012456 456789 012345 234569 01259a 345678 134567 01489a}; 8x6 has 134,217,728 weights).
 * General form:
 * {@code TUPLE[,TUPLE...][:sym][:cN]}, e.g. {@code 0123,4567:sym:c16} (c defaults to 16).
 */
public record TupleSpec(int[][] tuples, int values, boolean symmetric) {

    /** The eight 6-tuples of the field's 6x6, 7x6 and 8x6 networks; the smaller ones take the first six or seven. */
    private static final String SIX_TUPLES_8 = "012456,456789,012345,234569,01259a,345678,134567,01489a";

    /** The named networks, for help texts and {@link #name()}. */
    public static final List<String> NAMES = List.of("4x6", "5x6", "6x6", "7x6", "8x6", "17x4", "2x4+2x6");

    /** The largest number of entries one tuple's table may have (2^28 floats = 1 GiB). */
    public static final long MAX_TUPLE_ENTRIES = 1L << 28;

    public TupleSpec {
        if (tuples.length == 0) {
            throw new IllegalArgumentException("a network needs at least one tuple");
        }
        if (values < 2 || values > 16) {
            throw new IllegalArgumentException("values per cell must be in 2..16, got " + values);
        }
        int[][] sorted = new int[tuples.length][];
        for (int t = 0; t < tuples.length; t++) {
            int[] cells = tuples[t].clone();
            if (cells.length == 0) {
                throw new IllegalArgumentException("tuple " + (t + 1) + " is empty");
            }
            Arrays.sort(cells);
            for (int j = 0; j < cells.length; j++) {
                if (cells[j] < 0 || cells[j] > 15) {
                    throw new IllegalArgumentException("tuple " + (t + 1) + ": cell " + cells[j] + " outside 0..f");
                }
                if (j > 0 && cells[j] == cells[j - 1]) {
                    throw new IllegalArgumentException("tuple " + (t + 1) + ": cell " + Integer.toHexString(cells[j]) + " repeated");
                }
            }
            if (Math.pow(values, cells.length) > MAX_TUPLE_ENTRIES) {
                throw new IllegalArgumentException("tuple " + (t + 1) + ": " + values + "^" + cells.length
                        + " entries is more than " + MAX_TUPLE_ENTRIES);
            }
            sorted[t] = cells;
        }
        tuples = sorted;
    }

    /** Parses a named network or the general form (see the class comment). */
    public static TupleSpec parse(String text) {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        switch (s) {
            case "4x6":
                return general("012345,456789,012456,45689a:sym:c16");
            case "17x4":
                return general("0123,4567,89ab,cdef,048c,159d,26ae,37bf,"
                        + "0145,1256,2367,4589,569a,67ab,89cd,9ade,abef:c15");
            case "2x4+2x6":
                return general("0123,4567,012456,45689a:sym:c15");
            case "5x6":
                return general("012345,456789,89abcd,012456,45689a:sym:c16");
            case "6x6":
                return sixTuples(6);
            case "7x6":
                return sixTuples(7);
            case "8x6":
                return sixTuples(8);
            default:
                return general(s);
        }
    }

    private static TupleSpec sixTuples(int n) {
        return general(String.join(",", Arrays.asList(SIX_TUPLES_8.split(",")).subList(0, n)) + ":sym:c16");
    }

    private static TupleSpec general(String s) {
        String[] parts = s.split(":");
        boolean sym = false;
        int values = 16;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i];
            if (p.equals("sym")) {
                sym = true;
            } else if (p.matches("c[0-9]+")) {
                values = Integer.parseInt(p.substring(1));
            } else {
                throw new IllegalArgumentException("network '" + s + "': unknown option ':" + p
                        + "', expected :sym or :cN (N values per cell); named networks are " + String.join(", ", NAMES));
            }
        }
        List<int[]> tuples = new ArrayList<>();
        for (String t : parts[0].split(",")) {
            if (!t.matches("[0-9a-f]+")) {
                throw new IllegalArgumentException("network '" + s + "': tuple '" + t
                        + "' must be hex cell digits (0..f, cell 4r+c); named networks are " + String.join(", ", NAMES));
            }
            int[] cells = new int[t.length()];
            for (int j = 0; j < cells.length; j++) {
                cells[j] = Character.digit(t.charAt(j), 16);
            }
            tuples.add(cells);
        }
        return new TupleSpec(tuples.toArray(int[][]::new), values, sym);
    }

    /** The canonical general form, e.g. {@code 012345,456789,012456,45689a:sym:c16}. */
    public String canonical() {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < tuples.length; t++) {
            if (t > 0) {
                sb.append(',');
            }
            for (int c : tuples[t]) {
                sb.append(Integer.toHexString(c));
            }
        }
        if (symmetric) {
            sb.append(":sym");
        }
        return sb.append(":c").append(values).toString();
    }

    /** The short name of a named network, else the canonical form. */
    public String name() {
        for (String n : NAMES) {
            if (parse(n).canonical().equals(canonical())) {
                return n;
            }
        }
        return canonical();
    }

    /** Number of entries of tuple {@code t}'s table: c^n. */
    public int tupleEntries(int t) {
        long e = 1;
        for (int i = 0; i < tuples[t].length; i++) {
            e *= values;
        }
        return (int) e;
    }

    /** Number of weights of the network (the tables' total length). */
    public long weights() {
        long w = 0;
        for (int t = 0; t < tuples.length; t++) {
            w += tupleEntries(t);
        }
        return w;
    }

    /** Checks that every cell lies on {@code shape}; a one-line error names the first that does not. */
    public void checkFits(Shape shape) {
        for (int t = 0; t < tuples.length; t++) {
            for (int c : tuples[t]) {
                if (c / 4 >= shape.rows() || c % 4 >= shape.cols()) {
                    throw new IllegalArgumentException("network " + name() + ": tuple " + (t + 1) + " uses cell "
                            + Integer.toHexString(c) + " (row " + c / 4 + ", column " + c % 4 + "), not on a "
                            + shape + " board");
                }
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TupleSpec n && n.canonical().equals(canonical());
    }

    @Override
    public int hashCode() {
        return canonical().hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
