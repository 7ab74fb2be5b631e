package g2048.cuda.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.GemmMode;
import g2048.cuda.check.CudaConformance.Outcome;
import g2048.game.Rng;
import g2048.nn.Architectures;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link RoundingScreen} on a real kink: the "gradient" of sum relu(w . x_j) over a few inputs x_j,
 * whose mask jumps where some w . x_j crosses 0. The "GPU" sums the same products in reverse order and
 * takes a ReLU at exactly 0 as open (its derivative there may be either): a correct device that
 * disagrees with the reference only on a kink. A wrong device adds an error to every entry.
 */
class RoundingScreenTest {

    private static final int DIM = 64;
    private static final int INPUTS = 8;
    private static final double TOLERANCE = 1e-4;

    /** Draws whose first input sits exactly on the kink: w . x_0 is 0 in floats too. */
    private final Set<Long> onTheKink = new HashSet<>();

    private static float[] weights(long seed) {
        Rng rng = new Rng(seed);
        float[] w = new float[DIM];
        for (int i = 0; i < DIM; i++) {
            w[i] = (float) rng.nextGaussian();
        }
        return w;
    }

    private float[][] inputs(long seed) {
        Rng rng = new Rng(seed + 1);
        float[][] x = new float[INPUTS][DIM];
        for (float[] row : x) {
            for (int i = 0; i < DIM; i++) {
                row[i] = (float) rng.nextGaussian();
            }
        }
        if (onTheKink.contains(seed)) {
            // w_a w_b - w_b w_a: the same product twice, so the sum is exactly 0 in any order. Two
            // weights of ordinary size that the nudges move the sum the same way with, so that the
            // nudged sum leaves 0 by some ulps instead of cancelling within a product's rounding.
            float[] w = weights(seed);
            float[] up = RoundingScreen.nudged(w, RoundingScreen.NUDGES[0]);
            int a = -1;
            int b = -1;
            for (int i = 0; i < DIM && b < 0; i++) {
                for (int j = i + 1; j < DIM && b < 0; j++) {
                    boolean ordinary = Math.abs(w[i]) > 0.5 && Math.abs(w[j]) > 0.5;
                    if (ordinary && Math.signum((up[i] - w[i]) * w[j]) == -Math.signum((up[j] - w[j]) * w[i])) {
                        a = i;
                        b = j;
                    }
                }
            }
            java.util.Arrays.fill(x[0], 0f);
            x[0][a] = w[b];
            x[0][b] = -w[a];
        }
        return x;
    }

    private float[][] gradient(long seed, int ulps, boolean gpu, float bias) {
        float[] w = RoundingScreen.nudged(weights(seed), ulps);
        float[] g = new float[DIM];
        for (float[] row : inputs(seed)) {
            float dot = 0;
            for (int k = 0; k < DIM; k++) {
                int i = gpu ? DIM - 1 - k : k;
                dot += w[i] * row[i];
            }
            if (dot > 0 || gpu && dot == 0) {
                for (int i = 0; i < DIM; i++) {
                    g[i] += row[i];
                }
            }
        }
        for (int i = 0; i < DIM; i++) {
            g[i] += bias;
        }
        return new float[][] {g};
    }

    private RoundingScreen.Comparison device(float bias) {
        return new RoundingScreen.Comparison() {
            @Override
            public float[][] reference(long seed, int ulps) {
                return gradient(seed, ulps, false, 0f);
            }

            @Override
            public float[][] gpu(long seed) {
                return gradient(seed, 0, true, bias);
            }
        };
    }

    @Test
    void wellConditionedInputsAreJudgedAtOnce() {
        for (long seed = 1; seed <= 50; seed++) {
            List<Outcome> right = RoundingScreen.judged(seed, List.of("g"), TOLERANCE, device(0f));
            assertTrue(right.getFirst().passed(), right.toString());
            assertEquals("g", right.getFirst().name());
            List<Outcome> wrong = RoundingScreen.judged(seed, List.of("g"), TOLERANCE, device(1e-2f));
            assertFalse(wrong.getFirst().passed(), wrong.toString());
            assertEquals("g", wrong.getFirst().name(), "a wrong device on stable inputs fails without a redraw");
        }
    }

    @Test
    void inputsOnAKinkAreRedrawnAndARightDevicePasses() {
        for (long seed = 1; seed <= 50; seed++) {
            onTheKink.add(seed);
            List<Outcome> right = RoundingScreen.judged(seed, List.of("g"), TOLERANCE, device(0f));
            assertTrue(right.getFirst().passed(), right.toString());
            assertTrue(right.getFirst().name().startsWith("g [inputs redrawn 1x"), right.getFirst().name());
            List<Outcome> wrong = RoundingScreen.judged(seed, List.of("g"), TOLERANCE, device(1e-2f));
            assertFalse(wrong.getFirst().passed(), "a wrong device fails on the redrawn inputs too: " + wrong);
        }
    }

    @Test
    void inputsOnAKinkInEveryDrawGiveNoVerdict() {
        long draw = 7;
        for (int d = 0; d < RoundingScreen.DRAWS; d++) {
            onTheKink.add(draw);
            draw = RoundingScreen.nextDraw(draw);
        }
        Outcome o = RoundingScreen.judged(7, List.of("g"), TOLERANCE, device(0f)).getFirst();
        assertFalse(o.passed());
        assertTrue(o.name().contains("ill-conditioned in all " + RoundingScreen.DRAWS + " draws"), o.name());
    }

    @Test
    void theNudgesFindTheKinkInThePolicyReferenceThatAnH100Met() {
        // At this seed an H100's POLICY5 gradient differed from the CPU's by up to 1.0e-3 in every
        // convolution below the last, while nudges of 1-4 ulps in one direction moved the reference's
        // whole gradient by 5.5e-7 at most: the screen judged the inputs stable and failed a correct device.
        NetSpec spec = Architectures.named(Head.POLICY, "POLICY5");
        long seed = 313_049_640_911L;
        RoundingScreen.Comparison cpuOnly = new RoundingScreen.Comparison() {
            @Override
            public float[][] reference(long s, int ulps) {
                return PolicyConformance.passOnCpu(spec, s, 256, ulps);
            }

            @Override
            public float[][] gpu(long s) {
                throw new UnsupportedOperationException("the spread is the reference's alone");
            }
        };
        double spread = RoundingScreen.spread(cpuOnly, seed, cpuOnly.reference(seed, 0));
        assertTrue(spread > GemmMode.FP32_TOLERANCE, "spread " + spread);
    }

    @Test
    void nudgesMoveEachWeightByThatManyUlpsWithTheSignsReversedForNegativeCounts() {
        float[] w = weights(3);
        assertSame(w, RoundingScreen.nudged(w, 0));
        float[] up = RoundingScreen.nudged(w, 4);
        float[] down = RoundingScreen.nudged(w, -4);
        int raised = 0;
        for (int i = 0; i < DIM; i++) {
            assertEquals(4 * Math.ulp(w[i]), Math.abs(up[i] - w[i]), Math.ulp(w[i]) * 1e-3, "weight " + i);
            assertEquals(w[i] - up[i], down[i] - w[i], Math.ulp(w[i]) * 1e-3, "weight " + i);
            raised += up[i] > w[i] ? 1 : 0;
        }
        assertTrue(raised > DIM / 4 && raised < 3 * DIM / 4, "the directions are a coin's: " + raised + " of " + DIM + " raised");
    }

    @Test
    void aStepIsJudgedByItsWorstArray() {
        Outcome worst = RoundingScreen.worst(List.of(new Outcome("s", 1e-6), new Outcome("s", 3e-4), new Outcome("s", 2e-5)));
        assertEquals(3e-4, worst.error());
        assertFalse(worst.passed());
    }
}
