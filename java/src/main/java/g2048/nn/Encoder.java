package g2048.nn;

import g2048.game.Board;

/**
 * The input arrays of the value networks (Matsuzaki 2021), written into a sample's slice {@code [cell][channel]}
 * with {@code channels} values per cell (cell = 4r + c, the board's nibble order).
 */
public final class Encoder {

    private Encoder() {
    }

    /**
     * Value planes: for each cell, channel {@code first + k} is 1 where the cell holds code k
     * (k = 0 for an empty cell, else the tile 2^k) and the other 15 value channels are 0.
     * Leaves the cell's other channels alone.
     */
    public static void values(long board, float[] dst, int off, int channels, int first) {
        for (int cell = 0; cell < NetSpec.CELLS; cell++) {
            int base = off + cell * channels + first;
            java.util.Arrays.fill(dst, base, base + NetSpec.VALUE_PLANES, 0f);
            dst[base + Board.code(board, cell)] = 1f;
        }
    }

    /**
     * Position planes: for each cell (r, c), channel {@code first + r} and {@code first + 4 + c}
     * are 1, the other 6 position channels 0.
     */
    public static void positions(float[] dst, int off, int channels, int first) {
        for (int cell = 0; cell < NetSpec.CELLS; cell++) {
            int base = off + cell * channels + first;
            java.util.Arrays.fill(dst, base, base + NetSpec.POSITION_PLANES, 0f);
            dst[base + cell / 4] = 1f;
            dst[base + 4 + cell % 4] = 1f;
        }
    }
}
