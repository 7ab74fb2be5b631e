package g2048.ntuple;

import g2048.game.Board;
import g2048.settings.Numbers;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Multi-stage networks: one set of tables per stage, the stage chosen from the board's large tiles
 * as the field defines it (TDL2048+'s {@code -@}). A board's <i>tile set</i> is the sum of the
 * distinct tile values on it (bit k set when a 2^k tile is present); the stage is the number of
 * thresholds at or below that sum. So {@code 16384} gives two stages (the second from the first
 * tile of at least 16384), and {@code 16384,32768,49152} four (the last once a 32768 and a 16384
 * tile are on the board together).
 *
 * <p>The stage belongs to the board evaluated, never to the game: a TD target across a boundary
 * reads the next afterstate's own stage, and a merge that removes a large tile can lower it.
 *
 * @param thresholds strictly increasing tile sums in 2..65534; empty for a single stage
 */
public record Stages(int[] thresholds) {

    /** One stage: today's networks. */
    public static final Stages SINGLE = new Stages(new int[0]);
    /** The most stages a model file can describe. */
    public static final int MAX_STAGES = 8;

    /**
     * The tile set of every 16-bit quarter of a board: a board's tile set is the OR of its four
     * quarters', four loads from a table that stays in the L2 cache instead of a loop over sixteen
     * cells (the stage is looked up for every afterstate evaluated).
     */
    private static final char[] QUARTER_SET = new char[1 << 16];

    static {
        for (int q = 0; q < QUARTER_SET.length; q++) {
            QUARTER_SET[q] = (char) Board.tileSet(q);
        }
    }

    public Stages {
        thresholds = thresholds.clone();
        if (thresholds.length + 1 > MAX_STAGES) {
            throw new IllegalArgumentException("at most " + (MAX_STAGES - 1) + " thresholds (" + MAX_STAGES
                    + " stages), got " + thresholds.length);
        }
        for (int i = 0; i < thresholds.length; i++) {
            if (thresholds[i] < 2 || thresholds[i] > 65534) {
                throw new IllegalArgumentException("threshold " + thresholds[i] + " outside 2..65534 (a sum of tile values)");
            }
            if (i > 0 && thresholds[i] <= thresholds[i - 1]) {
                throw new IllegalArgumentException("thresholds must increase: " + thresholds[i - 1] + " then " + thresholds[i]);
            }
        }
    }

    /** Parses {@code T1,T2,...} (tile sums such as 16384 or 49152); empty or {@code none} is one stage. */
    public static Stages parse(String text) {
        String s = text == null ? "" : text.trim();
        if (s.isEmpty() || s.equals("none")) {
            return SINGLE;
        }
        String[] parts = s.split(",", -1);
        int[] t = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                t[i] = Numbers.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + parts[i].trim() + "' is not a tile sum (expected e.g. 16384,32768,49152)");
            }
        }
        return new Stages(t);
    }

    public int count() {
        return thresholds.length + 1;
    }

    /** The stage of {@code board}: how many thresholds its tile set ({@link Board#tileSet}) reaches. */
    public int of(long board) {
        int[] t = thresholds;
        int k = 0;
        int set = -1;
        while (k < t.length) {
            int threshold = t[k];
            boolean reached;
            if ((threshold & (threshold - 1)) == 0) {
                // a power of two is reached exactly when a tile that large is on the board
                reached = hasTileOfCodeAtLeast(board, Integer.numberOfTrailingZeros(threshold));
            } else {
                if (set < 0) {
                    set = QUARTER_SET[(int) board & 0xFFFF] | QUARTER_SET[(int) (board >>> 16) & 0xFFFF]
                            | QUARTER_SET[(int) (board >>> 32) & 0xFFFF] | QUARTER_SET[(int) (board >>> 48)];
                }
                reached = set >= threshold;
            }
            if (!reached) {
                break;
            }
            k++;
        }
        return k;
    }

    /**
     * Whether some cell holds a code of at least {@code code} (1..15), without a loop or a load: the
     * even and odd nibbles spread one to a byte, each byte plus 16 − code carries into its bit 4
     * exactly when the nibble is at least {@code code} (the sums stay below 32, so no byte spills).
     */
    static boolean hasTileOfCodeAtLeast(long board, int code) {
        long bytes = 0x0101_0101_0101_0101L;
        long even = board & 0x0F0F_0F0F_0F0F_0F0FL;
        long odd = (board >>> 4) & 0x0F0F_0F0F_0F0F_0F0FL;
        long add = (16 - code) * bytes;
        return (((even + add) | (odd + add)) & 0x1010_1010_1010_1010L) != 0;
    }

    /** {@code 16384,32768}, or {@code none} for one stage. */
    public String text() {
        return thresholds.length == 0 ? "none"
                : Arrays.stream(thresholds).mapToObj(Integer::toString).collect(Collectors.joining(","));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Stages s && Arrays.equals(s.thresholds, thresholds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(thresholds);
    }

    @Override
    public String toString() {
        return text();
    }
}
