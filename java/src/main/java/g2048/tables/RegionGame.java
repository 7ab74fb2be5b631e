package g2048.tables;

import g2048.game.Moves;
import g2048.game.Shape;

/**
 * The game an endgame table solves: a formation's free cells, until a tile of the target or more
 * is made in a free cell (success) or no move is left (failure). The fixed cells hold placeholder
 * tiles (code 15, which never merge: see {@link Moves}) that the game must keep in place: a move
 * that would shift one leaves the formation, and is not a move of this game. So the placeholders
 * act as walls, and the game is exactly a live board's where the big tiles are all different and
 * stay put. Spawns fall in free cells only: a 2 with probability 0.9, a 4 with 0.1.
 *
 * <p>Why not walls that never move (a move sliding the free tiles past them): on a live board the
 * big tiles slide like any other, so a table of walls counts on moves that break the formation
 * there. Measured with the shipped model at 1-ply, 100 games (seed 11): tables of walls playing their best
 * move scored a mean of 136,048 against 258,384 without tables.
 *
 * <p>A position is a <em>key</em>: the free cells' nibbles packed in cell order
 * ({@link Long#compress}), {@code 4·k} bits for {@code k} free cells. Its <em>age</em> is the sum of
 * its tiles; a move keeps it and a spawn adds 2 or 4, so a build runs age by age.
 */
public final class RegionGame {

    /** {@link #after}'s answer for a move that changes nothing. */
    public static final long ILLEGAL = -1;
    /** {@link #after}'s answer for a move that makes a tile of the target or more. */
    public static final long SUCCESS = -2;

    /** The oldest age holding {@link #seeds}: a build's forward pass runs at least that far. */
    public static final int LAST_SEED_AGE = 4;

    private static final Moves MOVES = Moves.of(Shape.S4x4);

    private final Formation formation;
    private final int targetCode;
    private final long freeNibbles;
    private final long walls;
    private final long keyMask;
    private final long targetPattern;
    private final long lowBits;

    public RegionGame(Formation formation, int target) {
        this.targetCode = targetCode(target);
        this.formation = formation;
        this.freeNibbles = formation.freeNibbles();
        this.walls = formation.fixedNibbles();
        int k = formation.freeCount();
        this.keyMask = (1L << (4 * k)) - 1;
        this.lowBits = 0x1111_1111_1111_1111L & keyMask;
        this.targetPattern = lowBits * targetCode;
    }

    /** The code (log2) of a target tile, refused unless a power of two in 8..16384. */
    public static int targetCode(int target) {
        if (target < 8 || target > 16384 || Integer.bitCount(target) != 1) {
            throw new IllegalArgumentException("target " + target + ": expected a power of two in 8..16384");
        }
        return Integer.numberOfTrailingZeros(target);
    }

    public Formation formation() {
        return formation;
    }

    public int target() {
        return 1 << targetCode;
    }

    public int targetCode() {
        return targetCode;
    }

    /** The number of free cells. */
    public int freeCount() {
        return formation.freeCount();
    }

    /** The mask of a key's nibbles. */
    public long keyMask() {
        return keyMask;
    }

    /** The 4×4 board of a key: its tiles in the free cells, placeholders (code 15) in the fixed ones. */
    public long board(long key) {
        return Long.expand(key, freeNibbles) | walls;
    }

    /** The key of a board's free cells (its fixed cells ignored). */
    public long key(long board) {
        return Long.compress(board, freeNibbles);
    }

    /**
     * The key after moving {@code key} in direction {@code dir}: {@link #ILLEGAL} when nothing
     * moves, {@link #SUCCESS} when a merge makes the target.
     */
    public long after(long key, int dir) {
        long k = moved(key, dir);
        return k >= 0 && madeTarget(k) ? SUCCESS : k;
    }

    /**
     * The key after moving {@code key} in direction {@code dir}, the target made or not;
     * {@link #ILLEGAL} when nothing moves or a placeholder would leave its cell (tiles never pass one
     * another, so the placeholders stay put exactly when the fixed cells still hold them all).
     */
    public long moved(long key, int dir) {
        long board = board(key);
        long moved = MOVES.move(board, dir);
        return moved == board || (moved & walls) != walls ? ILLEGAL : key(moved);
    }

    /** True if a free cell of the key holds the target (a move from tiles below it makes at most the target). */
    public boolean madeTarget(long key) {
        long x = (key ^ targetPattern) | ~keyMask;
        return ((x - 0x1111_1111_1111_1111L) & ~x & 0x8888_8888_8888_8888L) != 0;
    }

    /** The age of a key: the sum of its tiles. */
    public static int age(long key) {
        int sum = 0;
        for (long k = key; k != 0; k >>>= 4) {
            int c = (int) (k & 0xF);
            if (c != 0) {
                sum += 1 << c;
            }
        }
        return sum;
    }

    /** A bit at the low bit of every empty nibble of a key (a spawn of code {@code t} there is {@code key | t << bit}). */
    public long emptyCells(long key) {
        long x = key | (key >>> 1);
        x |= x >>> 2;
        return ~x & lowBits;
    }

    /**
     * The seeds of {@code age}, afterstates that no move reaches, sorted: the free cells empty (age
     * 0) or holding one 2 or one 4 (ages 2 and 4), so that every position of one or two tiles is
     * reached; none at other ages.
     */
    public long[] seeds(int age) {
        if (age == 0) {
            return new long[] {0};
        }
        if (age != 2 && age != LAST_SEED_AGE) {
            return new long[0];
        }
        long[] out = new long[freeCount()];
        for (int c = 0; c < out.length; c++) {
            out[c] = (long) (age / 2) << (4 * c);
        }
        return out;
    }

    /**
     * An afterstate's value from the sums, over its {@code empty} cells in cell order, of the values
     * of its 2-spawns and of its 4-spawns: every build computes it by this one expression, so that
     * builds on different machines agree to the bit. Capped at 1: where every spawn succeeds, the
     * rounding of 0.9 and 0.1 puts the mean an ulp above 1 for some counts of cells (13 and 14).
     */
    public static double spawnMean(double sum2, double sum4, int empty) {
        return Math.min(1.0, (0.9 * sum2 + 0.1 * sum4) / empty);
    }

    /** The largest possible age: every free cell one below the target. */
    public int maxAge() {
        return freeCount() * (target() / 2);
    }
}
