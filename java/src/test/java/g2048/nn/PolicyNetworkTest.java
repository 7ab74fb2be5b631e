package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The policy networks' sizes, and their float passes as layers of {@link Network} against {@link PolicyReference}: logits
 * agree on random networks and boards, and every parameter's analytic gradient matches central
 * finite differences of the reference loss.
 */
public class PolicyNetworkTest {

    @Test
    void theFourArchitecturesHaveTheSeedsWeightCounts() {
        assertEquals(817_068, Architectures.named(Head.POLICY, "POLICY2").weightCount());
        assertEquals(819_628, Architectures.named(Head.POLICY, "POLICY3").weightCount());
        assertEquals(820_228, Architectures.named(Head.POLICY, "POLICY4").weightCount());
        assertEquals(832_612, Architectures.named(Head.POLICY, "POLICY5").weightCount());
        long fromLayers = Architectures.named(Head.POLICY, "POLICY5").layers().stream().mapToLong(NetSpec.LayerInfo::weights).sum();
        assertEquals(832_612, fromLayers);
    }

    @Test
    void theTextFormRoundTrips() {
        NetSpec s = Architectures.named(Head.POLICY, "policy3");
        assertEquals(s, NetSpec.parse(Head.POLICY, s.text()));
    }

    public static long randomBoard(Rng rng) {
        long b = 0;
        for (int cell = 0; cell < 16; cell++) {
            if (rng.nextInt(3) != 0) {
                b = Board.withCode(b, cell, 1 + rng.nextInt(15));
            }
        }
        return b;
    }

    static Stream<NetSpec> tiny() {
        return Stream.of(NetSpec.policy("t1", 1, 3), NetSpec.policy("t2", 2, 5), NetSpec.policy("t3", 3, 6),
                NetSpec.policy("t2odd", 2, 7));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tiny")
    void logitsMatchTheReferenceOnRandomNetworksAndBoards(NetSpec spec) {
        Rng rng = new Rng(spec.text().hashCode());
        Network net = new Network(spec);
        for (int trial = 0; trial < 5; trial++) {
            float[] w = randomWeights(spec, rng);
            int n = 11;
            long[] boards = new long[n];
            for (int i = 0; i < n; i++) {
                boards[i] = randomBoard(rng);
            }
            Workspace ws = net.workspace(n, false);
            net.forward(w, ws, boards, 0, n);
            double[] p = toDouble(w);
            for (int i = 0; i < n; i++) {
                double[] ref = PolicyReference.logits(spec, p, boards[i]);
                for (int m = 0; m < 4; m++) {
                    assertEquals(ref[m], ws.outputs()[i * 4 + m], 1e-4 * Math.max(1, Math.abs(ref[m])), spec + " board " + i);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tiny")
    void analyticGradientMatchesFiniteDifferences(NetSpec spec) {
        Rng rng = new Rng(31 * spec.text().hashCode());
        Network net = new Network(spec);
        float[] w = randomWeights(spec, rng);
        Moves moves = Moves.of(Shape.S4x4);
        int n = 7;
        long[] boards = new long[n];
        int[] legal = new int[n];
        float[] targets = new float[n * 4];
        for (int i = 0; i < n; i++) {
            do {
                boards[i] = randomBoard(rng);
                legal[i] = moves.legalMask(boards[i]);
            } while (legal[i] == 0);
            // alternate hard and soft targets over the legal moves
            double sum = 0;
            for (int m = 0; m < 4; m++) {
                if ((legal[i] >> m & 1) != 0) {
                    targets[i * 4 + m] = i % 2 == 0 ? 1f : 0.1f + rng.nextInt(10);
                    sum += targets[i * 4 + m];
                    if (i % 2 == 0) {
                        break;
                    }
                }
            }
            for (int m = 0; m < 4; m++) {
                targets[i * 4 + m] /= (float) sum;
            }
        }
        // two threads in slices of 2 must give the gradient of the whole batch
        float[] grad = new float[spec.weightCount()];
        try (ParallelGradient pg = new ParallelGradient(net, 2, 2)) {
            double loss = pg.compute(w, new Optimiser.Moves(boards, legal, targets), 0, n, grad);
            double[] p = toDouble(w);
            assertEquals(PolicyReference.loss(spec, p, boards, legal, targets, n), loss / n, 1e-4);
            double h = 1e-6;
            double scale = 0;
            for (float g : grad) {
                scale = Math.max(scale, Math.abs(g));
            }
            assertTrue(scale > 0, "some gradient is non-zero");
            for (int i = 0; i < p.length; i++) {
                double keep = p[i];
                p[i] = keep + h;
                double up = PolicyReference.loss(spec, p, boards, legal, targets, n);
                p[i] = keep - h;
                double down = PolicyReference.loss(spec, p, boards, legal, targets, n);
                p[i] = keep;
                double fd = (up - down) / (2 * h);
                double err = Math.abs(fd - grad[i]) / (1e-3 * scale + Math.abs(fd));
                assertTrue(err < 1e-2, spec + " parameter " + i + ": analytic " + grad[i] + ", finite difference " + fd);
            }
        }
    }

    @Test
    void oneAndTwoThreadsGiveTheSameGradientUpToRounding() {
        NetSpec spec = NetSpec.policy("t", 2, 9);
        Rng rng = new Rng(5);
        Network net = new Network(spec);
        float[] w = randomWeights(spec, rng);
        Moves moves = Moves.of(Shape.S4x4);
        int n = 20;
        long[] boards = new long[n];
        int[] legal = new int[n];
        float[] targets = new float[n * 4];
        for (int i = 0; i < n; i++) {
            do {
                boards[i] = randomBoard(rng);
                legal[i] = moves.legalMask(boards[i]);
            } while (legal[i] == 0);
            targets[i * 4 + Integer.numberOfTrailingZeros(legal[i])] = 1f;
        }
        float[] g1 = new float[spec.weightCount()];
        float[] g2 = new float[spec.weightCount()];
        try (ParallelGradient a = new ParallelGradient(net, 1, 8); ParallelGradient b = new ParallelGradient(net, 2, 3)) {
            Optimiser.Moves batch = new Optimiser.Moves(boards, legal, targets);
            assertEquals(a.compute(w, batch, 0, n, g1), b.compute(w, batch, 0, n, g2), 1e-4);
        }
        for (int i = 0; i < g1.length; i++) {
            assertEquals(g1[i], g2[i], 1e-5, "parameter " + i);
        }
    }

    public static float[] randomWeights(NetSpec spec, Rng rng) {
        float[] w = new float[spec.weightCount()];
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) (rng.nextGaussian() * 0.5);
        }
        return w;
    }

    static double[] toDouble(float[] w) {
        double[] p = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            p[i] = w[i];
        }
        return p;
    }
}
