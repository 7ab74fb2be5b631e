package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AdamTest {

    @Test
    void twoStepsMatchTheHandComputedUpdate() {
        // Step 1, g = 0.1: m = 0.01, v = 1e-5, α_1 = 0.001·√0.001/0.1 = 3.16227766e-4,
        // Δ = α_1 · 0.01 / (√1e-5 + 1e-7) = 3.16227766e-4 · 3.16217766 = 9.99968e-4.
        // Step 2, g = -0.3: m = 0.009 - 0.03 = -0.021, v = 0.999e-5 + 0.001·0.09 = 9.999e-5,
        // α_2 = 0.001·√(1 − 0.998001)/(1 − 0.81) = 0.001·0.0447102/0.19 = 2.35317e-4,
        // Δ = α_2 · (−0.021)/(0.00999950 + 1e-7) = 2.35317e-4 · (−2.100084) = −4.94185e-4.
        Adam adam = new Adam(1);
        float[] w = {0.5f};
        adam.step(w, new float[] {0.1f});
        assertEquals(0.5 - 9.99968e-4, w[0], 2e-7);
        assertEquals(0.01, adam.firstMoments()[0], 1e-8);
        assertEquals(1e-5, adam.secondMoments()[0], 1e-11);
        adam.step(w, new float[] {-0.3f});
        assertEquals(0.5 - 9.99968e-4 + 4.94185e-4, w[0], 3e-7);
        assertEquals(-0.021, adam.firstMoments()[0], 1e-8);
        assertEquals(9.999e-5, adam.secondMoments()[0], 1e-10);
        assertEquals(2, adam.steps());
    }

    @Test
    void zeroGradientLeavesFreshWeightsAlone() {
        Adam adam = new Adam(3);
        float[] w = {1f, -2f, 3f};
        adam.step(w, new float[3]);
        assertEquals(1f, w[0]);
        assertEquals(-2f, w[1]);
        assertEquals(3f, w[2]);
    }
}
