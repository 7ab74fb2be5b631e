package g2048.game;

/**
 * Tile-downgrading (TDL2048+'s {@code -h}): once a board holds large tiles, a player may search
 * and evaluate it translated to a board of smaller tiles, where a network trained on ordinary games
 * knows the positions well; it is what lets an n-tuple player go past 32768.
 *
 * <p><b>The translation.</b> While the board's tile set (the sum of its distinct tile values, as
 * for the stages of a network) is at least the threshold: find the largest tile value missing
 * below the largest tile (the "hole") and halve every tile above it. Tiles below the hole are left
 * as they are. A board with no hole is left as it is.
 *
 * <p><b>What it keeps.</b> The translation is strictly increasing on the tiles present, so equal
 * neighbours stay equal and unequal ones unequal: every move slides and merges the same cells on
 * both boards, and the legal moves are the same (one exception: two 32768 tiles, which never
 * merge on a board of nibbles, merge once halved, as they would in the real game). A move chosen on the translated board is
 * therefore legal on the real one. Deeper in a search the two games part (a merge can make the
 * hole's value, which the translated board confuses with the halved tile above it): the search
 * on the translated board is an approximation by design, exact only at the root.
 */
public final class Downgrade {

    private Downgrade() {
    }

    /** {@code board} translated until its tile set is below {@code threshold} or no hole is left. */
    public static long translate(long board, int threshold) {
        long b = board;
        while (Board.tileSet(b) >= threshold) {
            long next = halveAboveHole(b);
            if (next == b) {
                return b;
            }
            b = next;
        }
        return b;
    }

    /**
     * The board a search of {@code board} starts from with tile-downgrading at {@code threshold}
     * (0: off): the translated board, or {@code board} itself when the threshold is not reached or
     * when the translation would change which moves are legal (two 32768 tiles, halved, could
     * merge): the legal moves searched are always the real board's, so the move chosen is legal.
     */
    public static long searchRoot(long board, int threshold, Moves moves) {
        if (threshold <= 0 || Board.tileSet(board) < threshold) {
            return board;
        }
        long t = translate(board, threshold);
        return t == board || moves.legalMask(t) == moves.legalMask(board) ? t : board;
    }

    /** Whether {@code board} needs translating at {@code threshold}. */
    public static boolean applies(long board, int threshold) {
        return Board.tileSet(board) >= threshold;
    }

    /** One step: the tiles above the largest missing value below the largest tile, halved. */
    static long halveAboveHole(long board) {
        int set = Board.tileSet(board);
        int top = 31 - Integer.numberOfLeadingZeros(set);
        int hole = 0;
        for (int code = top - 1; code >= 1; code--) {
            if ((set & (1 << code)) == 0) {
                hole = code;
                break;
            }
        }
        if (hole == 0) {
            return board;
        }
        long out = board;
        for (int cell = 0; cell < 16; cell++) {
            int code = (int) (board >>> (4 * cell)) & 0xF;
            if (code > hole) {
                out -= 1L << (4 * cell);
            }
        }
        return out;
    }
}
