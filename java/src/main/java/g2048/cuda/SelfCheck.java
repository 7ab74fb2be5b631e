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

    /** As {@link #compare(Evaluator, Evaluator, long, int)} within {@code tolerance}. */
    public static Result compare(Evaluator gpu, Evaluator cpu, long seed, int boards, double tolerance) {
        long[] b = CudaConformance.randomBoards(new Rng(seed), boards);
        double[] g = new double[boards];
        double[] c = new double[boards];
        gpu.values(b, boards, g);
        cpu.values(b, boards, c);
        float[] gf = new float[boards];
        float[] cf = new float[boards];
        for (int i = 0; i < boards; i++) {
            gf[i] = (float) g[i];
            cf[i] = (float) c[i];
        }
        return new Result(boards, CudaConformance.error(gf, cf), tolerance);
    }
}
