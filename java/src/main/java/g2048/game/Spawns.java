package g2048.game;

/**
 * Spawning tiles: a 2 (p = 0.9) or a 4 (p = 0.1) on an empty cell chosen uniformly.
 */
public final class Spawns {

    /** Probability of a 2 (code 1); a 4 (code 2) comes with 1 − this. */
    public static final double P_TWO = 0.9;

    private Spawns() {
    }

    /**
     * The board with one tile spawned on it. One draw of the generator decides both the cell and
     * the value. Throws if the board has no empty cell of the shape.
     */
    public static long spawn(long board, long cellMask, Rng rng) {
        long empty = Board.emptyCells(board, cellMask);
        int n = Long.bitCount(empty);
        if (n == 0) {
            throw new IllegalStateException("no empty cell to spawn on");
        }
        long r = rng.nextLong();
        int k = (int) (((r >>> 32) * n) >>> 32);
        // the k-th empty cell (counting from the low bits): a bit deposit, one instruction with BMI2
        int shift = Long.numberOfTrailingZeros(Long.expand(1L << k, empty));
        long code = ((r & 0xFFFF_FFFFL) * 10 >>> 32) == 0 ? 2 : 1;
        return board | (code << shift);
    }

    public static long spawn(long board, Shape shape, Rng rng) {
        return spawn(board, shape.cellMask(), rng);
    }

    /** An initial state: two spawns on an empty board. */
    public static long initial(Shape shape, Rng rng) {
        long mask = shape.cellMask();
        return spawn(spawn(0L, mask, rng), mask, rng);
    }
}
