package g2048.game;

/**
 * Move tables for one row length L (2..4): for every row value (L nibbles, cell 0 = column 0
 * in the low nibble) the row after sliding left, after sliding right, the move's reward, and
 * which of the two slides change the row (for legality tests without building the afterstate).
 *
 * <p>Tables hold {@code char}s (16 bits) to stay small in cache: 16^L entries each, 128 KiB for
 * L = 4. The reward is stored divided by 4 (every merge creates at least a 4) and is the same
 * for both directions: merges happen only inside runs of equal tiles, and a run of k equal tiles
 * yields ⌊k/2⌋ merges whichever end it is read from.
 */
final class RowTables {

    private static final RowTables[] BY_LENGTH = {null, null, new RowTables(2), new RowTables(3), new RowTables(4)};

    final int length;
    final char[] left;
    final char[] right;
    final char[] reward4;
    /** Per row value: bit 0 set if sliding left changes the row, bit 1 if sliding right does. */
    final byte[] moved;

    private RowTables(int length) {
        this.length = length;
        int size = 1 << (4 * length);
        left = new char[size];
        right = new char[size];
        reward4 = new char[size];
        moved = new byte[size];
        int[] cells = new int[length];
        for (int row = 0; row < size; row++) {
            for (int i = 0; i < length; i++) {
                cells[i] = (row >>> (4 * i)) & 0xF;
            }
            int reward = slideTowardsZero(cells);
            left[row] = (char) pack(cells);
            reward4[row] = (char) (reward / 4);
            for (int i = 0; i < length; i++) {
                cells[i] = (row >>> (4 * (length - 1 - i))) & 0xF;
            }
            slideTowardsZero(cells);
            right[row] = (char) packReversed(cells);
            moved[row] = (byte) ((left[row] != row ? 1 : 0) | (right[row] != row ? 2 : 0));
        }
    }

    static RowTables of(int length) {
        return BY_LENGTH[length];
    }

    /**
     * Slides the cells towards index 0 in place and returns the reward. Merges are taken from
     * index 0 outwards; a merged tile does not merge again; two tiles of {@link Board#MAX_CODE}
     * do not merge (see {@link Moves}).
     */
    static int slideTowardsZero(int[] cells) {
        int n = cells.length;
        int out = 0;
        int reward = 0;
        int pending = 0; // a tile read but not yet placed, free to merge with the next one
        for (int i = 0; i < n; i++) {
            int c = cells[i];
            if (c == 0) {
                continue;
            }
            if (pending == c && c != Board.MAX_CODE) {
                cells[out++] = c + 1;
                reward += 1 << (c + 1);
                pending = 0;
            } else {
                if (pending != 0) {
                    cells[out++] = pending;
                }
                pending = c;
            }
        }
        if (pending != 0) {
            cells[out++] = pending;
        }
        while (out < n) {
            cells[out++] = 0;
        }
        return reward;
    }

    private static int pack(int[] cells) {
        int row = 0;
        for (int i = 0; i < cells.length; i++) {
            row |= cells[i] << (4 * i);
        }
        return row;
    }

    private static int packReversed(int[] cells) {
        int row = 0;
        int n = cells.length;
        for (int i = 0; i < n; i++) {
            row |= cells[i] << (4 * (n - 1 - i));
        }
        return row;
    }
}
