package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Rng;
import org.junit.jupiter.api.Test;

/** Every architecture at its full paper size: the fast forward pass equals the double reference. */
class FullSizeForwardTest {

    @Test
    void fullArchitecturesMatchTheReference() {
        Rng rng = new Rng(2048);
        long[] boards = TestBoards.random(rng, 2);
        for (String name : Architectures.names(Head.VALUE)) {
            NetSpec spec = Architectures.named(name);
            Network net = new Network(spec);
            // Uniform weights: cheaper to draw than the truncated normal for millions of parameters.
            float[] w = new float[net.paramCount()];
            for (int i = 0; i < w.length; i++) {
                w[i] = (float) (0.2 * rng.nextDouble() - 0.1);
            }
            Workspace ws = net.workspace(boards.length, false);
            net.forward(w, ws, boards, boards.length);
            double[] p = new double[w.length];
            for (int i = 0; i < w.length; i++) {
                p[i] = w[i];
            }
            for (int i = 0; i < boards.length; i++) {
                double ref = ReferenceNet.value(spec, p, boards[i]);
                assertEquals(ref, ws.outputs()[i], 1e-4 * Math.max(1, Math.abs(ref)), name + " board " + i);
            }
        }
    }
}
