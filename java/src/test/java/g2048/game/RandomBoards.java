package g2048.game;

/**
 * Seeded random boards with realistic tile distributions for cross-checks: mostly small tiles
 * (roughly geometric, as in play), many empty cells or none, runs of equal neighbours, and on 4×4
 * some 32768 tiles (code 15), including pairs of them. Codes never exceed the shape's
 * {@link Shape#maxReachableCode()} unless {@code maxCode} says so.
 */
public final class RandomBoards {

    private final Shape shape;
    private final Rng rng;
    private final int maxCode;

    public RandomBoards(Shape shape, long seed) {
        this(shape, seed, shape.maxReachableCode());
    }

    RandomBoards(Shape shape, long seed, int maxCode) {
        this.shape = shape;
        this.rng = new Rng(seed);
        this.maxCode = maxCode;
    }

    /** The next board; each call draws one of several kinds of board. */
    public long next() {
        int kind = rng.nextInt(8);
        double emptyShare = switch (rng.nextInt(4)) {
            case 0 -> 0;
            case 1 -> 0.1;
            case 2 -> 0.3;
            default -> 0.6;
        };
        long board = 0;
        int previous = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                int code;
                if (rng.nextDouble() < emptyShare) {
                    code = 0;
                } else {
                    code = switch (kind) {
                        case 0, 1 -> 1 + rng.nextInt(3);                       // few distinct small tiles: many merges
                        case 2 -> rng.nextInt(2) == 0 && previous > 0 ? previous : geometric(); // runs of equals
                        case 3 -> maxCode - rng.nextInt(3);                    // the largest tiles, 32768 on 4×4
                        case 4 -> 1 + rng.nextInt(maxCode);                    // uniform over all codes
                        default -> geometric();                                // as in play
                    };
                }
                previous = code;
                board |= (long) code << (4 * Shape.nibble(r, c));
            }
        }
        return board;
    }

    /** A code drawn with P(k) halving from k = 1, capped at {@code maxCode}. */
    private int geometric() {
        int k = 1 + Long.numberOfTrailingZeros(rng.nextLong() | Long.MIN_VALUE) / 2;
        return Math.min(k, maxCode);
    }
}
