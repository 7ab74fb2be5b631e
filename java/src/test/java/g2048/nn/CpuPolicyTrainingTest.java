package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import org.junit.jupiter.api.Test;

/** The CPU backend's policy training steps against ParallelGradient and Adam. */
class CpuPolicyTrainingTest {

    @Test
    void theCpuStepsAsParallelGradientAndAdamDo() {
        NetSpec spec = NetSpec.policy("T", 2, 5);
        Network net = new Network(spec);
        float[] w0 = Initializer.heNormal(spec, 3);
        Rng rng = new Rng(4);
        int n = 40;
        long[] boards = new long[n];
        int[] legal = new int[n];
        float[] targets = new float[4 * n];
        for (int s = 0; s < n; s++) {
            boards[s] = rng.nextLong();
            legal[s] = 0b1010;
            targets[4 * s + 1 + 2 * rng.nextInt(2)] = 1f;
        }
        float[] w = w0.clone();
        Adam adam = new Adam(w.length);
        double loss;
        try (Optimiser<Optimiser.Moves> o = new CpuBackend().policyTraining(spec, w, adam, n, 2)) {
            loss = o.step(new Optimiser.Moves(boards, legal, targets), 0, n);
            assertSame(adam, o.adam());
        }
        float[] want = w0.clone();
        float[] grad = new float[w0.length];
        Adam ref = new Adam(w0.length);
        double refLoss;
        try (ParallelGradient pg = new ParallelGradient(net, 2, 32)) {
            refLoss = pg.compute(want, new Optimiser.Moves(boards, legal, targets), 0, n, grad);
        }
        ref.step(want, grad);
        assertEquals(refLoss, loss);
        assertArrayEquals(want, w);
        assertTrue(loss > 0);
        assertEquals(1, adam.steps());
    }
}
