package g2048.cuda.check;

import static g2048.cuda.SelfCheck.error;

import g2048.cuda.check.CudaConformance.Outcome;
import g2048.game.Rng;
import java.util.ArrayList;
import java.util.List;

/**
 * Gradients and training steps judged only on inputs the CPU reference can vouch for. A ReLU whose
 * input lies within rounding of 0 is open on one device and shut on the other, and the gradient
 * through it jumps: on an H100 a POLICY2 gradient block once differed from the CPU's by 2.4e-3 and a
 * CNN22 step by 4.4e-4, and moving every weight of the CPU reference by a few units in the last place
 * moved it by just as much. So a failed comparison is looked at again: the reference is recomputed
 * with every weight nudged by ±4 and ±16 ulps, each size in its own random direction; where that
 * moves it by more than the tolerance, the inputs are ill-conditioned and redrawn (the outcome says
 * how often), and the verdict is the comparison on inputs where the reference holds still. A wrong
 * kernel fails there as well.
 */
final class RoundingScreen {

    /** Inputs drawn at most, the first included, before the check fails as ill-conditioned. */
    static final int DRAWS = 8;

    /**
     * Nudges of ±1 and ±4 ulps in one direction missed a POLICY5 kink that an H100 met (seed
     * 313049640911): wide layers sum hundreds of products, and a different order moves a sum by
     * more than a few ulps of each weight does; 16 ulps in another direction found it.
     */
    static final int[] NUDGES = {4, -4, 16, -16};

    private RoundingScreen() {
    }

    /** One comparison at one draw of inputs: the same arrays from the GPU and from the CPU. */
    interface Comparison {

        /** The CPU reference's arrays at inputs drawn from {@code seed}, every weight moved by {@code ulps} (0: as drawn). */
        float[][] reference(long seed, int ulps);

        /** The GPU's arrays at inputs drawn from {@code seed}. */
        float[][] gpu(long seed);
    }

    /** One outcome per name (one name per compared array), judged as described above. */
    static List<Outcome> judged(long seed, List<String> names, double tolerance, Comparison c) {
        long draw = seed;
        double worstSpread = 0;
        for (int d = 0; d < DRAWS; d++) {
            float[][] cpu = c.reference(draw, 0);
            List<Outcome> out = compare(names, c.gpu(draw), cpu, tolerance);
            if (out.stream().allMatch(Outcome::passed)) {
                return d == 0 ? out : renamed(out, " [inputs redrawn " + d + "x: the reference moved by up to "
                        + String.format("%.1e", worstSpread) + " under 1-4 ulps of weight noise]");
            }
            double spread = spread(c, draw, cpu);
            if (spread <= tolerance) {
                return d == 0 ? out : renamed(out, " [after " + d + " ill-conditioned draws]");
            }
            worstSpread = Math.max(worstSpread, spread);
            draw = nextDraw(draw);
        }
        List<Outcome> out = new ArrayList<>();
        for (String name : names) {
            out.add(new Outcome(name + " [ill-conditioned in all " + DRAWS + " draws: no verdict]", Double.POSITIVE_INFINITY, tolerance));
        }
        return out;
    }

    /** The seed of the draw after {@code draw}'s. */
    static long nextDraw(long draw) {
        return Rng.mix(draw + 0x9E37_79B9_7F4A_7C15L);
    }

    /** The most the reference moves, array by array, when its weights are nudged by a few ulps. */
    static double spread(Comparison c, long seed, float[][] cpu) {
        double worst = 0;
        for (int ulps : NUDGES) {
            float[][] moved = c.reference(seed, ulps);
            for (int i = 0; i < cpu.length; i++) {
                worst = Math.max(worst, error(moved[i], cpu[i]));
            }
        }
        return worst;
    }

    /**
     * The weights with each moved by {@code ulps} units in its last place, up or down as a seeded
     * coin says, a coin of its own for each size (all reversed for negative {@code ulps}): noise the
     * size of a summation order's.
     */
    static float[] nudged(float[] w, int ulps) {
        if (ulps == 0) {
            return w;
        }
        float[] out = w.clone();
        Rng coin = new Rng(0x5EED + Math.abs(ulps));
        for (int i = 0; i < out.length; i++) {
            float step = ulps * Math.ulp(out[i]);
            out[i] += coin.nextInt(2) == 0 ? step : -step;
        }
        return out;
    }

    /** The worst of the outcomes of one step's arrays (parameters and moments), all under the step's name. */
    static Outcome worst(List<Outcome> parts) {
        Outcome worst = parts.getFirst();
        for (Outcome o : parts) {
            if (o.error() > worst.error()) {
                worst = o;
            }
        }
        return worst;
    }

    private static List<Outcome> compare(List<String> names, float[][] gpu, float[][] cpu, double tolerance) {
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            out.add(new Outcome(names.get(i), error(gpu[i], cpu[i]), tolerance));
        }
        return out;
    }

    private static List<Outcome> renamed(List<Outcome> outcomes, String note) {
        List<Outcome> out = new ArrayList<>();
        for (Outcome o : outcomes) {
            out.add(new Outcome(o.name() + note, o.error(), o.tolerance()));
        }
        return out;
    }
}
