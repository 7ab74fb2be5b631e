package g2048.nn;

import g2048.game.Shape;
import g2048.game.Symmetries;
import g2048.settings.Named;

/**
 * How a policy network sees a board: as it is, or turned into one canonical orientation of its
 * eight (rotations and reflections) before the network reads it, the move then turned back.
 *
 * <p>{@link #CORNER}: of the eight images, the one whose cells read in order (row by row from the
 * top-left) are greatest, lexicographically; the first symmetry on a tie. The largest corner tile
 * goes to the top-left and the larger of its two neighbours to its right, then the rest in order:
 * a choice that a game built around one corner keeps from move to move. A network seeing boards
 * so turned learns one orientation of the game instead of eight, so each training position
 * teaches it what eight would as it is; its move on the image is turned back by the inverse
 * symmetry, so it plays every board as the same network would play that board's image.
 */
public enum BoardOrientation implements Named {
    /** The board as it is. */
    AS_IS,
    /** The canonical image described above. */
    CORNER;

    private static final Symmetries SYMMETRIES = new Symmetries(Shape.S4x4);

    /** The orientation named {@code text}; throws naming the accepted names. */
    public static BoardOrientation named(String text) {
        return Named.parse(BoardOrientation.class, "orientation", text);
    }

    /** The symmetry (as {@link Symmetries} numbers them) that turns {@code board} into what the network reads. */
    public int symmetry(long board) {
        if (this == AS_IS) {
            return 0;
        }
        int best = 0;
        long bestKey = readingOrder(board);
        for (int s = 1; s < 8; s++) {
            long key = readingOrder(SYMMETRIES.apply(s, board));
            if (Long.compareUnsigned(key, bestKey) > 0) {
                best = s;
                bestKey = key;
            }
        }
        return best;
    }

    /** The board the network reads for {@code board}. */
    public long image(long board) {
        return this == AS_IS ? board : SYMMETRIES.apply(symmetry(board), board);
    }

    /** The direction on the image, under symmetry {@code s}, of the move {@code dir} on the board. */
    public static int toImage(int s, int dir) {
        return SYMMETRIES.mapDirection(s, dir);
    }

    /** The direction on the board of the move {@code dir} on its image under symmetry {@code s}. */
    public static int fromImage(int s, int dir) {
        return SYMMETRIES.mapDirection(SYMMETRIES.inverse(s), dir);
    }

    /** The image under symmetry {@code s}. */
    public static long apply(int s, long board) {
        return SYMMETRIES.apply(s, board);
    }

    /** The cells as one number whose most significant nibble is cell 0 (top-left), its least cell 15. */
    static long readingOrder(long board) {
        long b = Long.reverseBytes(board);
        return ((b & 0x0F0F_0F0F_0F0F_0F0FL) << 4) | ((b >>> 4) & 0x0F0F_0F0F_0F0F_0F0FL);
    }
}
