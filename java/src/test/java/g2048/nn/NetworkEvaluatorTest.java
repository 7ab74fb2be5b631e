package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import g2048.eval.Evaluator;
import g2048.game.Rng;
import org.junit.jupiter.api.Test;

class NetworkEvaluatorTest {

    @Test
    void batchValuesEqualSingleValuesAndTheReference() {
        NetSpec spec = Architectures.cnn22("small", 8, 16, 32, 8);
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, 11);
        Evaluator shared = new NetworkEvaluator(net, w, "test");
        Evaluator e = shared.forThread();
        assertNotSame(shared, e);
        Rng rng = new Rng(8);
        int n = NetworkEvaluator.BATCH * 2 + 17;
        long[] boards = TestBoards.random(rng, n);
        double[] out = new double[n];
        e.values(boards, n, out);
        double[] p = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            p[i] = w[i];
        }
        for (int i = 0; i < n; i++) {
            assertEquals(out[i], shared.value(boards[i]), 1e-5 * Math.max(1, Math.abs(out[i])), "sample " + i);
            if (i % 50 == 0) {
                double ref = ReferenceNet.value(spec, p, boards[i]);
                assertEquals(ref, out[i], 1e-4 * Math.max(1, Math.abs(ref)));
            }
        }
    }
}
