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
    public static final int SKINNY_ROWS = 8;
    public static final int SKINNY_COLS = 32;
    /** Reduction slices of a skinny block: its threads in groups of {@link #SKINNY_COLS}. */
    static final int SKINNY_SLICES = GEMM_THREADS / SKINNY_COLS;
    /**
     * The forward takes the skinny kernel up to this many rows (n · cells of the layer group), the
     * tiled ones beyond. Up to one small tile's rows, a tiled grid is a single row of blocks, one per
     * 64 columns. Chosen from the kernels' structure, not yet from timings ({@code g2048 gpu-check}'s GEMM table times both).
     */
    static final int SKINNY_MAX_ROWS = 64;

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

    /** Undoes {@link #force} on close. */
    public static final class Forced implements AutoCloseable {
        private Forced() {
        }

        @Override
        public void close() {
            forcedTile = null;
        }
    }

    /**
     * Forces {@code tile} (null: the usual choice) on every GEMM launched until the result is closed,
     * process-wide: for the checks in {@link g2048.cuda.check}, which judge each tile on its own.
     * Never set while the engine plays or trains.
     */
    public static Forced force(Tile tile) {
        forcedTile = tile;
        return new Forced();
    }

    /** A launch: grid and block dimensions. */
    public record Grid(int gx, int gy, int gz, int bx, int by, int bz) {
        public long threads() {
            return (long) gx * gy * gz * bx * by * bz;
        }
    }

    /**
     * The GEMM tile shapes of cuda/gemm.cu: rows and columns of a block. {@code SKINNY} is the
     * forward's only (gemm_fwd_skinny); forcing it leaves the gradients' tiles to the usual choice.
     */
    public enum Tile {
        LARGE(GEMM_LARGE_BM, GEMM_LARGE_BN, "large"),
        SMALL(GEMM_SMALL_BM, GEMM_SMALL_BN, "small"),
        SKINNY(SKINNY_ROWS, SKINNY_COLS, "skinny");

        public final int bm;
        public final int bn;
        /** The kernel names' suffix, e.g. {@code large} in {@code gemm_fwd_large}. */
        public final String suffix;

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
        Tile forced = forcedTile;
        Tile tile = forced != null && forced != Tile.SKINNY ? forced
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

    /**
     * The forward GEMM of {@code rows × cols} results over {@code reduction} terms: the skinny
     * kernel for at most {@link #SKINNY_MAX_ROWS} rows (or when forced), else a tile as {@link #gemm}
     * chooses it, unsplit.
     */
    public static Gemm forward(int rows, int cols, int reduction, int multiprocessors) {
        Tile forced = forcedTile;
        boolean skinny = forced == Tile.SKINNY || forced == null && rows <= SKINNY_MAX_ROWS;
        return skinny ? skinny(rows, cols, reduction, multiprocessors) : gemm(rows, cols, reduction, false, multiprocessors);
    }

    /**
     * The skinny forward's launch: {@link #SKINNY_COLS} columns in x, {@link #SKINNY_ROWS} rows in
     * y, and the reduction cut into chunks (multiples of {@link #SKINNY_SLICES}) over z until the
     * grid has about {@link #GEMM_WAVES} blocks per SM, each slice keeping at least 4 terms. With
     * more than one chunk the kernel needs {@link #skinnyPartialFloats} floats of partial sums and
     * {@link #skinnyCounters} arrival counters; this split never asks for more.
     */
    static Gemm skinny(int rows, int cols, int reduction, int multiprocessors) {
        positive(rows, "rows");
        positive(cols, "cols");
        positive(reduction, "reduction");
        int gx = ceilDiv(cols, SKINNY_COLS);
        int gy = ceilDiv(rows, SKINNY_ROWS);
        if (gy > MAX_GRID_YZ) {
            throw new IllegalArgumentException("skinny GEMM of " + rows + " rows needs " + gy + " row blocks, more than the grid's "
                    + MAX_GRID_YZ);
        }
        long tiles = (long) gx * gy;
        long wanted = ceilDiv((long) multiprocessors * GEMM_WAVES, tiles);
        long most = Math.max(1, reduction / (4L * SKINNY_SLICES));
        int splits = (int) Math.max(1, Math.min(Math.min(wanted, most), MAX_GRID_YZ));
        int chunk = (int) (ceilDiv((long) ceilDiv(reduction, splits), SKINNY_SLICES) * SKINNY_SLICES);
        int gz = ceilDiv(reduction, chunk);
        // A split needs wanted >= 2, so tiles < waves·SMs, and gz·rows·cols <= 256·tiles·wanted < 2·256·waves·SMs.
        if (gz > 1 && ((long) gz * rows * cols > skinnyPartialFloats(multiprocessors) || tiles > skinnyCounters(multiprocessors))) {
            throw new IllegalStateException("skinny GEMM " + rows + "x" + cols + " over " + reduction + " split " + gz
                    + " ways outgrows its scratch");
        }
        return new Gemm(Tile.SKINNY, new Grid(gx, gy, gz, GEMM_THREADS, 1, 1), chunk);
    }

    /** Floats of partial sums a split skinny GEMM may write on a device of this many SMs. */
    static long skinnyPartialFloats(int multiprocessors) {
        return 2L * GEMM_WAVES * multiprocessors * SKINNY_ROWS * SKINNY_COLS;
    }

    /** Arrival counters (one per block tile) a split skinny GEMM may use on a device of this many SMs. */
    static int skinnyCounters(int multiprocessors) {
        return multiprocessors * GEMM_WAVES;
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
