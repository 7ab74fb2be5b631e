package g2048.cuda;

/**
 * Launch geometry, computed here and nowhere else. The constants mirror {@code cuda/common.cuh}
 * (a test reads that file and checks each one); the methods are pure, so they are tested without a
 * GPU.
 */
public final class Geometry {

    public static final int BLOCK_1D = 256;
    public static final int BLOCK_MSE = 1024;
    public static final int BIAS_COLS = 32;
    public static final int BIAS_ROWS = 8;
    public static final int GEMM_THREADS = 256;
    public static final int GEMM_BK = 16;
    public static final int GEMM_LARGE_BM = 128;
    public static final int GEMM_LARGE_BN = 128;
    public static final int GEMM_SMALL_BM = 64;
    public static final int GEMM_SMALL_BN = 64;

    /** Grid dimensions the driver accepts in y and z. */
    static final int MAX_GRID_YZ = 65535;
    /** Blocks per SM a grid-stride launch aims for; more only adds scheduling. */
    static final int BLOCKS_PER_SM = 16;
    /** Row shares of the bias-gradient reduction at most (each adds its partial sums atomically). */
    static final int MAX_BIAS_SHARES = 128;
    /** Blocks per SM a split weight-gradient GEMM aims for. */
    static final int GEMM_WAVES = 2;

    /** A tile forced on every GEMM (the conformance checks run each tile), or null for the choice below. */
    static volatile Tile forcedTile;

    private Geometry() {
    }

    /** A launch: grid and block dimensions. */
    public record Grid(int gx, int gy, int gz, int bx, int by, int bz) {
        public long threads() {
            return (long) gx * gy * gz * bx * by * bz;
        }
    }

    /** The two GEMM tile shapes of cuda/gemm.cu. */
    public enum Tile {
        LARGE(GEMM_LARGE_BM, GEMM_LARGE_BN, "large"),
        SMALL(GEMM_SMALL_BM, GEMM_SMALL_BN, "small");

        public final int bm;
        public final int bn;
        final String suffix;

        Tile(int bm, int bn, String suffix) {
            this.bm = bm;
            this.bn = bn;
            this.suffix = suffix;
        }
    }

    /**
     * A GEMM launch: the tile, the grid, and the reduction chunk of one block (the whole reduction
     * unless split over z).
     */
    public record Gemm(Tile tile, Grid grid, int chunk) {
    }

    /** A grid-stride launch over {@code count} elements: enough blocks to fill the device, at least one. */
    public static Grid elementwise(long count, int multiprocessors) {
        if (count < 0) {
            throw new IllegalArgumentException("negative element count " + count);
        }
        long blocks = Math.max(1, Math.min(ceilDiv(count, BLOCK_1D), (long) multiprocessors * BLOCKS_PER_SM));
        return new Grid((int) blocks, 1, 1, BLOCK_1D, 1, 1);
    }

    /** The single-block MSE launch. */
    public static Grid mse() {
        return new Grid(1, 1, 1, BLOCK_MSE, 1, 1);
    }

    /** Bias gradient of an [rows][cols] gradient: column groups in x, row shares in y. */
    public static Grid biasGradient(int rows, int cols, int multiprocessors) {
        positive(rows, "rows");
        positive(cols, "cols");
        int gx = ceilDiv(cols, BIAS_COLS);
        long wanted = Math.max(1, (long) multiprocessors * 4 / gx);
        int gy = (int) Math.max(1, Math.min(Math.min(wanted, MAX_BIAS_SHARES), ceilDiv(rows, BIAS_ROWS * 32)));
        return new Grid(gx, gy, 1, BIAS_COLS, BIAS_ROWS, 1);
    }

    /**
     * A GEMM of {@code rows × cols} results, each a sum over {@code reduction} terms. The large tile
     * when it alone gives at least one block per SM, else the small one. With {@code split}, the
     * reduction is cut into chunks (multiples of {@link #GEMM_BK}) over grid z until the grid has
     * about {@link #GEMM_WAVES} blocks per SM (the kernel then adds atomically).
     */
    public static Gemm gemm(int rows, int cols, int reduction, boolean split, int multiprocessors) {
        positive(rows, "rows");
        positive(cols, "cols");
        positive(reduction, "reduction");
        Tile tile = forcedTile != null ? forcedTile
                : (long) ceilDiv(rows, GEMM_LARGE_BM) * ceilDiv(cols, GEMM_LARGE_BN) >= multiprocessors ? Tile.LARGE : Tile.SMALL;
        int gx = ceilDiv(cols, tile.bn);
        int gy = ceilDiv(rows, tile.bm);
        if (gy > MAX_GRID_YZ) {
            throw new IllegalArgumentException("GEMM of " + rows + " rows needs " + gy + " row tiles, more than the grid's " + MAX_GRID_YZ);
        }
        int chunk = reduction;
        int gz = 1;
        if (split) {
            long tiles = (long) gx * gy;
            long wanted = ceilDiv((long) multiprocessors * GEMM_WAVES, tiles);
            // Each block keeps at least 4 k-tiles of work, so the atomics stay a small share.
            long most = Math.max(1, reduction / (4L * GEMM_BK));
            int splits = (int) Math.max(1, Math.min(Math.min(wanted, most), MAX_GRID_YZ));
            chunk = (int) (ceilDiv((long) ceilDiv(reduction, splits), GEMM_BK) * GEMM_BK);
            gz = ceilDiv(reduction, chunk);
        }
        return new Gemm(tile, new Grid(gx, gy, gz, GEMM_THREADS, 1, 1), chunk);
    }

    static int ceilDiv(int a, int b) {
        return (int) (((long) a + b - 1) / b);
    }

    static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    private static void positive(int v, String what) {
        if (v < 1) {
            throw new IllegalArgumentException(what + " must be positive, got " + v);
        }
    }
}
