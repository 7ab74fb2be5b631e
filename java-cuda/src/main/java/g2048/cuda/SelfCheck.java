package g2048.cuda;

import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Rng;
import java.util.Locale;

/**
 * The check a GPU evaluator passes before the command line plays with it: the values of seeded
 * random boards from the GPU and from the CPU reference, compared norm-wise (see {@link #error})
 * within the products' tolerance ({@link GemmMode#tolerance()}). A driver, a card or a build that
 * computes something else is refused before it plays a game, as lc0's {@code check} backend
 * refuses a backend that disagrees with its reference.
 *
 * <p>This is product logic (it decides whether {@code --device auto} may use the GPU), so it
 * stays here; the exhaustive checks of every kernel, layer and pass are in
 * {@link g2048.cuda.check}, which measures by the same {@link #error}.
 */
public final class SelfCheck {

    /** Boards compared at start-up: enough to reach every kernel path, a few milliseconds on a GPU. */
    public static final int BOARDS = 256;

    /** What a check found. */
    public record Result(int boards, double error, double tolerance) {
        public boolean passed() {
            return error <= tolerance;
        }

        /** E.g. {@code checked against the CPU reference on 256 boards: relative error 2.1e-07}. */
        public String line() {
            return String.format(Locale.ROOT, "%s against the CPU reference on %d boards: relative error %.2g (tolerance %.0e)",
                    passed() ? "checked" : "FAILED", boards, error, tolerance);
        }
    }

    private SelfCheck() {
    }

    /** Values {@code boards} seeded random boards on both evaluators and compares them within the fp32 tolerance. */
    public static Result compare(Evaluator gpu, Evaluator cpu, long seed, int boards) {
        return compare(gpu, cpu, seed, boards, GemmMode.FP32_TOLERANCE);
    }

    /**
     * As {@link #compare(Evaluator, Evaluator, long, int)} within {@code tolerance}. The GPU values
     * the boards twice: all in one call, and {@link #SMALL_BATCH} at a time as a greedy move asks
     * (the path of few boards, replayed where the evaluator records its forwards); the error is the
     * worse of the two.
     */
    public static Result compare(Evaluator gpu, Evaluator cpu, long seed, int boards, double tolerance) {
        long[] b = randomBoards(new Rng(seed), boards);
        double[] c = new double[boards];
        cpu.values(b, boards, c);
        double[] whole = new double[boards];
        gpu.values(b, boards, whole);
        double[] small = new double[boards];
        long[] part = new long[SMALL_BATCH];
        double[] partValues = new double[SMALL_BATCH];
        for (int from = 0; from < boards; from += SMALL_BATCH) {
            int n = Math.min(SMALL_BATCH, boards - from);
            System.arraycopy(b, from, part, 0, n);
            gpu.values(part, n, partValues);
            System.arraycopy(partValues, 0, small, from, n);
        }
        float[] cf = floats(c);
        double error = Math.max(error(floats(whole), cf), error(floats(small), cf));
        return new Result(boards, error, tolerance);
    }

    /** The batch of the second comparison: a greedy move's afterstates. */
    static final int SMALL_BATCH = 4;

    /**
     * The norm-wise relative error of {@code gpu} against {@code cpu}: {@code max_i |gpu_i − cpu_i| /
     * max_i |cpu_i|} (0 when both are all zero; infinite where only one is NaN). Element-wise
     * relative error is meaningless where a sum cancels to nearly zero; the norm-wise form bounds
     * every element's error by the tolerance times the largest value.
     */
    public static double error(float[] gpu, float[] cpu) {
        if (gpu.length != cpu.length) {
            throw new IllegalArgumentException("compared arrays differ in length: " + gpu.length + " and " + cpu.length);
        }
        double diff = 0;
        double scale = 0;
        for (int i = 0; i < cpu.length; i++) {
            if (Float.isNaN(gpu[i]) != Float.isNaN(cpu[i])) {
                return Double.POSITIVE_INFINITY;
            }
            diff = Math.max(diff, Math.abs((double) gpu[i] - cpu[i]));
            scale = Math.max(scale, Math.abs((double) cpu[i]));
        }
        return diff == 0 ? 0 : scale == 0 ? Double.POSITIVE_INFINITY : diff / scale;
    }

    /** Evaluator values (doubles) as the floats the network computed, for {@link #error}. */
    public static float[] floats(double[] v) {
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            f[i] = (float) v[i];
        }
        return f;
    }

    /** Boards whose cells are empty with probability about 1/3, else a code in 1..15. */
    public static long[] randomBoards(Rng rng, int n) {
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            long x = 0;
            for (int cell = 0; cell < 16; cell++) {
                if (rng.nextInt(3) != 0) {
                    x = Board.withCode(x, cell, 1 + rng.nextInt(15));
                }
            }
            b[i] = x;
        }
        return b;
    }
}
