package g2048.game;

/**
 * A fast seeded random generator (SplitMix64). Not thread-safe: one per thread or per game.
 * The same seed always gives the same sequence, which makes every game reproducible.
 */
public final class Rng {

    private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

    private long state;

    public Rng(long seed) {
        this.state = seed;
    }

    /** Restarts the sequence from {@code seed}. */
    public void reseed(long seed) {
        this.state = seed;
    }

    public long nextLong() {
        return mix(state += GOLDEN);
    }

    /** A uniform int in {@code [0, bound)}, bound ≥ 1 (Lemire's multiply-shift, bias < 2^-32). */
    public int nextInt(int bound) {
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** A uniform double in {@code [0, 1)}. */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** A standard normal variate (Marsaglia's polar method). */
    public double nextGaussian() {
        double u;
        double v;
        double s;
        do {
            u = 2 * nextDouble() - 1;
            v = 2 * nextDouble() - 1;
            s = u * u + v * v;
        } while (s >= 1 || s == 0);
        return u * Math.sqrt(-2 * Math.log(s) / s);
    }

    /** The SplitMix64 finaliser: a good 64-bit hash, also used to derive per-game seeds. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** The seed of game {@code index} of a run seeded with {@code runSeed}. */
    public static long gameSeed(long runSeed, long index) {
        return mix(runSeed * GOLDEN + mix(index + 1));
    }
}
