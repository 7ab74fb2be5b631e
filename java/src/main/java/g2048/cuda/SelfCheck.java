package g2048.cuda;

import g2048.eval.Evaluator;
import g2048.game.Rng;
import java.util.Locale;

/**
 * The check a GPU evaluator passes before the command line plays with it: the values of seeded
 * random boards from the GPU and from the CPU reference, compared as {@link CudaConformance}
 * compares (norm-wise relative error, tolerance {@link CudaConformance#TOLERANCE}, or
 * {@link CudaConformance#TF32_TOLERANCE} for TF32 products). A driver, a
 * card or a build that computes something else is refused before it plays a game, as lc0's
 * {@code check} backend refuses a backend that disagrees with its reference.
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
        return compare(gpu, cpu, seed, boards, CudaConformance.TOLERANCE);
    }

    /**
     * As {@link #compare(Evaluator, Evaluator, long, int)} within {@code tolerance}. The GPU values
     * the boards twice: all in one call, and {@link #SMALL_BATCH} at a time as a greedy move asks
     * (the path of few boards, replayed where the evaluator records its forwards); the error is the
     * worse of the two.
     */
    public static Result compare(Evaluator gpu, Evaluator cpu, long seed, int boards, double tolerance) {
        long[] b = CudaConformance.randomBoards(new Rng(seed), boards);
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
        float[] cf = CudaConformance.floats(c);
        double error = Math.max(CudaConformance.error(CudaConformance.floats(whole), cf),
                CudaConformance.error(CudaConformance.floats(small), cf));
        return new Result(boards, error, tolerance);
    }

    /** The batch of the second comparison: a greedy move's afterstates. */
    static final int SMALL_BATCH = 4;
}
