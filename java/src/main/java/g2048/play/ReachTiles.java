package g2048.play;

import g2048.game.Shape;

/**
 * The tiles whose reach rates a summary reports: 2048..32768 on 4×4, as the papers do; on a
 * smaller board the five largest tiles it can hold.
 */
public final class ReachTiles {

    private ReachTiles() {
    }

    /** The tile codes to report, ascending. */
    public static int[] codes(Shape shape) {
        int top = shape.maxReachableCode();
        int first = shape.equals(Shape.S4x4) ? 11 : Math.max(1, top - 4);
        int[] codes = new int[top - first + 1];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = first + i;
        }
        return codes;
    }
}
