package g2048.train.cnn;

import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import java.util.Locale;

/**
 * Where fresh plays start (Matsuzaki 2021). Five starting positions, one per slot; slot
 * {@code i mod 5} goes to play stream i (the seed had five generator threads; here a stream is
 * a lane of a generator, numbered across generators). An "initial tile" is a 2 (p = 0.9) or a 4
 * on a uniformly chosen empty cell; large tiles go on a uniformly chosen cell.
 *
 * <pre>
 *   slot     S-jump          L-jump           nojump
 *   0        two initial     two initial      two initial
 *   1        2048 + initial  4096 + initial   two initial
 *   2        4096 + initial  8192 + initial   two initial
 *   3        4096 + 2048     8192 + 4096      two initial
 *   4        8192 + initial  16384 + initial  two initial
 * </pre>
 */
public enum JumpStart {
    S_JUMP(new int[][] {{}, {11}, {12}, {12, 11}, {13}}),
    L_JUMP(new int[][] {{}, {12}, {13}, {13, 12}, {14}}),
    NOJUMP(new int[][] {{}, {}, {}, {}, {}});

    public static final int SLOTS = 5;

    // Codes of the large tiles of each slot; an empty slot is two initial tiles.
    private final int[][] large;

    JumpStart(int[][] large) {
        this.large = large;
    }

    /** The large tile codes of a slot (empty for two initial tiles). */
    public int[] largeTiles(int slot) {
        return large[slot].clone();
    }

    /** A starting board for stream {@code stream}. */
    public long start(int stream, Rng rng) {
        int[] tiles = large[Math.floorMod(stream, SLOTS)];
        if (tiles.length == 0) {
            return Spawns.initial(Shape.S4x4, rng);
        }
        long b = 0;
        for (int code : tiles) {
            int cell;
            do {
                cell = rng.nextInt(16);
            } while (Board.code(b, cell) != 0);
            b = Board.withCode(b, cell, code);
        }
        return tiles.length == 2 ? b : Spawns.spawn(b, Shape.S4x4, rng);
    }

    public static JumpStart parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "s-jump", "s", "sjump" -> S_JUMP;
            case "l-jump", "l", "ljump" -> L_JUMP;
            case "nojump", "none" -> NOJUMP;
            default -> throw new IllegalArgumentException("--jump: expected S-jump, L-jump or nojump, got '" + text + "'");
        };
    }

    public String text() {
        return switch (this) {
            case S_JUMP -> "S-jump";
            case L_JUMP -> "L-jump";
            case NOJUMP -> "nojump";
        };
    }
}
