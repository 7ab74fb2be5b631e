package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import org.junit.jupiter.api.Test;

class ParallelGradientTest {

    @Test
    void threadsSplitTheBatchAndGiveTheSameGradient() {
        Network net = new Network(Architectures.fcCnn("small", 6, 2, 6, 8, 16, 6));
        float[] w = Initializer.truncatedNormal(net, 4);
        Rng rng = new Rng(12);
        int n = 203;
        long[] boards = TestBoards.random(rng, n + 5);
        float[] targets = new float[n + 5];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = (float) (100 * rng.nextGaussian());
        }
        float[] one = new float[net.paramCount()];
        double sseOne;
        try (ParallelGradient g = new ParallelGradient(net, 1, 64)) {
            sseOne = g.compute(w, new Optimiser.Values(boards, targets, 0), 5, n, one);
        }
        float scale = 0;
        for (float x : one) {
            scale = Math.max(scale, Math.abs(x));
        }
        assertTrue(scale > 0);
        for (int threads : new int[] {2, 3}) {
            try (ParallelGradient g = new ParallelGradient(net, threads, 16)) {
                float[] a = new float[net.paramCount()];
                float[] b = new float[net.paramCount()];
                java.util.Arrays.fill(a, 9f);
                double sse = g.compute(w, new Optimiser.Values(boards, targets, 0), 5, n, a);
                g.compute(w, new Optimiser.Values(boards, targets, 0), 5, n, b);
                assertArrayEquals(a, b, "the same thread count gives the same gradient");
                assertEquals(sseOne, sse, 1e-6 * sseOne);
                for (int i = 0; i < a.length; i++) {
                    assertEquals(one[i], a[i], 1e-5 * scale, threads + " threads, parameter " + i);
                }
            }
        }
    }
}
