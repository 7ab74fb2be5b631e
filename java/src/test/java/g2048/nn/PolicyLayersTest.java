package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * A policy network run as layers of {@link Network} against the CPU's former policy pass
 * ({@link FormerPolicyPath}) on seeded random networks and boards: the convolutions' activations
 * are the same bits on the tap products (vector and scalar kernel), the logits, losses and
 * gradients the same up to float rounding (the last layer sums in another order) on every kernel,
 * the sparse rows too; and the shipped network
 * picks the same move as before on positions of its own games.
 */
class PolicyLayersTest {

    static Stream<NetSpec> specs() {
        // widths past the vector kernel's blocks (4 rows, 2 vectors of up to 16 lanes) and with every tail
        return Stream.of(NetSpec.policy("t1", 1, 3), NetSpec.policy("t2", 2, 7), NetSpec.policy("t3", 3, 37),
                NetSpec.policy("t4", 3, 70));
    }

    private record Data(long[] boards, int[] legal, float[] targets) {
    }

    private static Data data(Rng rng, int n) {
        Moves moves = Moves.of(Shape.S4x4);
        long[] boards = new long[n];
        int[] legal = new int[n];
        float[] targets = new float[4 * n];
        for (int s = 0; s < n; s++) {
            do {
                boards[s] = PolicyNetworkTest.randomBoard(rng);
                legal[s] = moves.legalMask(boards[s]);
            } while (legal[s] == 0);
            double sum = 0;
            for (int m = 0; m < 4; m++) {
                if ((legal[s] >> m & 1) != 0) {
                    targets[4 * s + m] = s % 2 == 0 ? 1f : 0.1f + rng.nextInt(10);
                    sum += targets[4 * s + m];
                    if (s % 2 == 0) {
                        break;
                    }
                }
            }
            for (int m = 0; m < 4; m++) {
                targets[4 * s + m] /= (float) sum;
            }
        }
        return new Data(boards, legal, targets);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void theLayersComputeWhatTheFormerPolicyPassComputed(NetSpec spec) {
        Rng rng = new Rng(spec.text().hashCode());
        for (GemmKernel kernel : GemmKernel.values()) {
            Network net = new Network(spec, kernel);
            for (int trial = 0; trial < 3; trial++) {
                float[] w = trial == 0 ? Initializer.heNormal(spec, trial) : PolicyNetworkTest.randomWeights(spec, rng);
                int n = 1 + rng.nextInt(13);
                Data d = data(rng, n);
                FormerPolicyPath former = new FormerPolicyPath(spec, w, d.boards(), n);
                Workspace ws = net.workspace(n, false);
                net.forward(w, ws, d.boards(), 0, n);
                String what = spec.name() + " " + kernel + " trial " + trial;
                if (kernel != GemmKernel.SPARSE) {
                    for (int l = 1; l < spec.convs() + 1; l++) {
                        for (int r = 0; r < 16 * n; r++) {
                            for (int c = 0; c < spec.channels(); c++) {
                                assertEquals(Float.floatToIntBits(former.acts[l][r][c]),
                                        Float.floatToIntBits(ws.trunkActs[l][r * spec.channels() + c]), what + " layer " + l + " row " + r);
                            }
                        }
                    }
                }
                for (int i = 0; i < 4 * n; i++) {
                    assertEquals(former.logits[i], ws.outputs()[i], 1e-6 * (1 + former.logitScale[i]), what + " logit " + i);
                }
                float[] want = new float[w.length];
                double wantLoss = former.gradient(d.legal(), d.targets(), want);
                float scale = 0;
                for (float g : want) {
                    scale = Math.max(scale, Math.abs(g));
                }
                assertTrue(scale > 0, what + ": some gradient is non-zero");
                for (int threads = 1; threads <= 2; threads++) {
                    float[] got = new float[w.length];
                    try (ParallelGradient pg = new ParallelGradient(net, threads, 3)) {
                        double loss = pg.compute(w, new Optimiser.Moves(d.boards(), d.legal(), d.targets()), 0, n, got);
                        assertEquals(wantLoss, loss, 1e-5 * (1 + wantLoss), what);
                    }
                    for (int i = 0; i < w.length; i++) {
                        assertEquals(want[i], got[i], 1e-4f * scale, what + " threads " + threads + " parameter " + i);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void theScalarKernelComputesTheVectorKernelsBits(NetSpec spec) {
        // the fallback without the Vector API module plays and trains exactly as the vector kernel does
        Network vector = new Network(spec, GemmKernel.VECTOR);
        Network scalar = new Network(spec, GemmKernel.SCALAR);
        Rng rng = new Rng(spec.text().hashCode() + 1);
        for (int trial = 0; trial < 3; trial++) {
            float[] w = PolicyNetworkTest.randomWeights(spec, rng);
            int n = 1 + rng.nextInt(40);
            Data d = data(rng, n);
            Workspace wv = vector.workspace(n, false);
            Workspace ws = scalar.workspace(n, false);
            vector.forward(w, wv, d.boards(), 0, n);
            scalar.forward(w, ws, d.boards(), 0, n);
            String what = spec.name() + " trial " + trial;
            for (int i = 0; i < 4 * n; i++) {
                assertEquals(Float.floatToIntBits(wv.outputs()[i]), Float.floatToIntBits(ws.outputs()[i]), what + " logit " + i);
            }
            float[] gv = new float[w.length];
            float[] gs = new float[w.length];
            Optimiser.Moves batch = new Optimiser.Moves(d.boards(), d.legal(), d.targets());
            try (ParallelGradient pv = new ParallelGradient(vector, 2, 16); ParallelGradient ps = new ParallelGradient(scalar, 2, 16)) {
                assertEquals(pv.compute(w, batch, 0, n, gv), ps.compute(w, batch, 0, n, gs), what + " loss");
            }
            for (int i = 0; i < w.length; i++) {
                assertEquals(Float.floatToIntBits(gv[i]), Float.floatToIntBits(gs[i]), what + " parameter " + i);
            }
        }
    }

    @Test
    void theShippedNetworkPicksTheMovesItPickedBefore() throws IOException {
        PolicyModel model = PolicyFile.loadOrDefault(null);
        NetSpec spec = model.spec();
        Network net = new Network(spec);
        Rng rng = new Rng(2048);
        int n = 24;
        Data d = data(rng, n);
        FormerPolicyPath former = new FormerPolicyPath(spec, model.weights(), d.boards(), n);
        Workspace ws = net.workspace(n, false);
        net.forward(model.weights(), ws, d.boards(), 0, n);
        for (int s = 0; s < n; s++) {
            assertEquals(g2048.policy.PolicyPlayer.best(former.logits, 4 * s, d.legal()[s]),
                    g2048.policy.PolicyPlayer.best(ws.outputs(), 4 * s, d.legal()[s]), "board " + Long.toHexString(d.boards()[s]));
        }
    }
}
