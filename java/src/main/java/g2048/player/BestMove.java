package g2048.player;

/**
 * The greedy choice every player makes at its root: the legal direction of largest value, ties
 * going to the lowest direction, so that players which agree on values agree on moves.
 */
public final class BestMove {

    private BestMove() {
    }

    /**
     * The direction {@code d} with bit {@code d} set in {@code legal} and the largest
     * {@code values[d]}; the lowest such direction among equal values; -1 when {@code legal} is 0.
     * The values of illegal directions are not read.
     */
    public static int of(double[] values, int legal) {
        int best = -1;
        for (int d = 0; d < 4; d++) {
            if ((legal >>> d & 1) != 0 && (best < 0 || values[d] > values[best])) {
                best = d;
            }
        }
        return best;
    }
}
