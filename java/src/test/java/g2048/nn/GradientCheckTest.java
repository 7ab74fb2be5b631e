package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast float forward and backward passes against a double reference written from the spec:
 * outputs agree, and every parameter's analytic gradient matches central finite differences of
 * the reference loss. Tiny widths keep it fast; the shapes are those of the full architectures.
 */
class GradientCheckTest {

    static Stream<NetSpec> specs() {
        return Stream.of(
                Architectures.cnn22("tiny-CNN22", 3, 4, 5, 3),
                Architectures.cnn12("tiny-CNN12", 3, 4),
                Architectures.mlp("tiny-MLP", 6, 5, 4, 3),
                Architectures.bpCnn("tiny-BP-CNN", 3, 4, 5, 3),
                Architectures.fcCnn("tiny-FC-CNN", 5, 2, 3, 4, 5, 3),
                Architectures.cnnCnn("tiny-CNN-CNN", 3, 2, 3, 4, 5, 3),
                // Single layer types with odd kernels.
                new NetSpec("conv3x3", InputKind.VALUES, List.of(), List.of(new LayerSpec.Conv(3, 3, 4), new LayerSpec.Dense(1))),
                new NetSpec("conv1x2", InputKind.VALUES, List.of(), List.of(new LayerSpec.Conv(1, 2, 3), new LayerSpec.Conv(2, 1, 2), new LayerSpec.Dense(1))),
                new NetSpec("dual12", InputKind.VALUES, List.of(), List.of(new LayerSpec.Dual12(3), new LayerSpec.Dense(1))),
                new NetSpec("fc", InputKind.VALUES_POSITIONS, List.of(), List.of(new LayerSpec.Dense(1))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void analyticGradientMatchesFiniteDifferences(NetSpec spec) {
        Rng rng = new Rng(spec.name().hashCode());
        Network net = new Network(spec);
        float[] w = new float[net.paramCount()];
        // Larger than the paper's σ so that signals survive the tiny widths.
        Initializer.fill(w, 0.5, rng);
        int n = 5;
        long[] boards = TestBoards.random(rng, n);
        float[] targets = new float[n];
        for (int i = 0; i < n; i++) {
            targets[i] = (float) rng.nextGaussian();
        }
        // Two passes split 3 + 2 must give the gradient of the whole batch.
        Workspace ws = net.workspace(3, true);
        float[] grad = new float[net.paramCount()];
        float[] values = new float[n];
        for (int from = 0; from < n; from += 3) {
            int k = Math.min(3, n - from);
            net.forward(w, ws, boards, from, k);
            System.arraycopy(ws.outputs(), 0, values, from, k);
            net.backward(w, ws, new Optimiser.Values(boards, targets, 0), from, k, 2f / n, grad);
        }
        double[] p = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            p[i] = w[i];
        }
        for (int i = 0; i < n; i++) {
            double ref = ReferenceNet.value(spec, p, boards[i]);
            assertEquals(ref, values[i], 1e-4 * Math.max(1, Math.abs(ref)), spec.name() + " forward, sample " + i);
        }
        double h = 1e-6;
        double worst = 0;
        double gradScale = 0;
        for (float g : grad) {
            gradScale = Math.max(gradScale, Math.abs(g));
        }
        assertTrue(gradScale > 0, "some gradient is non-zero");
        for (int i = 0; i < p.length; i++) {
            double keep = p[i];
            p[i] = keep + h;
            double up = ReferenceNet.loss(spec, p, boards, targets, n);
            p[i] = keep - h;
            double down = ReferenceNet.loss(spec, p, boards, targets, n);
            p[i] = keep;
            double fd = (up - down) / (2 * h);
            double err = Math.abs(fd - grad[i]) / (1e-3 * gradScale + Math.abs(fd));
            worst = Math.max(worst, err);
            assertTrue(err < 1e-2, spec.name() + " parameter " + i + ": analytic " + grad[i] + ", finite difference " + fd);
        }
    }
}
