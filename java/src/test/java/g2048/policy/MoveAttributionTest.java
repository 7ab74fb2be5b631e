package g2048.policy;

import g2048.nn.PolicyNetworkTest;
import g2048.nn.NetSpec;
import g2048.nn.Workspace;
import g2048.nn.Network;
import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Board;
import g2048.game.Rng;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DeepLIFT-rescale shares: hand-built networks get the shares computed by hand, and shares add to 100%. */
class MoveAttributionTest {

    /** A board with the given codes at the given cells. */
    private static long board(int... cellCode) {
        long b = 0;
        for (int i = 0; i < cellCode.length; i += 2) {
            b = Board.withCode(b, cellCode[i], cellCode[i + 1]);
        }
        return b;
    }

    @Test
    void oneConvolutionGivesEachUnitItsChangeTimesItsWeight() {
        // filter 0 fires 1 on a 2 at the window's NW corner; filter 1 fires 2 − 0.5 on a 4 there
        NetSpec spec = NetSpec.policy("hand1", 1, 2);
        float[] w = new float[spec.weightCount()];
        int ch = 2;
        w[(0 * 16 + 1) * ch + 0] = 1f;
        w[(0 * 16 + 2) * ch + 1] = 2f;
        w[4 * 16 * ch + 1] = -0.5f;
        int d = spec.lastLayerOffset();
        w[d + (0 * ch + 0) * 4 + 0] = 3f;  // cell (0,0), filter 0, move 0
        w[d + (1 * ch + 1) * 4 + 0] = 1f;  // cell (0,1), filter 1, move 0
        long b = board(0, 1, 1, 2);         // a 2 at (0,0), a 4 at (0,1)
        MoveAttribution.Result r = MoveAttribution.explain(spec, w, b, 0);
        // z = 3·1 + 1·1.5 = 4.5; the reference has every unit at relu(bias) = 0, so Δz = 4.5
        assertEquals(4.5, r.delta(), 1e-9);
        List<MoveAttribution.Pair> p = r.pairs();
        assertEquals(2, p.size());
        assertPair(p.get(0), 0, 0, 0, 3.0, 2.0 / 3);
        assertPair(p.get(1), 0, 1, 1, 1.5, 1.0 / 3);
    }

    @Test
    void twoConvolutionsRescaleThroughTheSecondRelu() {
        NetSpec spec = NetSpec.policy("hand2", 2, 1);
        float[] w = new float[spec.weightCount()];
        // layer 1 (one filter): 1 on a 2 at the NW corner, 3 on a 4 there
        w[0 * 16 + 1] = 1f;
        w[0 * 16 + 2] = 3f;
        // layer 2: reads NW and SE of its window with weight 1, bias −2
        int o2 = spec.layerOffset(1);
        w[o2 + 0] = 1f;     // tap NW
        w[o2 + 3] = 1f;     // tap SE
        w[o2 + 4] = -2f;    // bias
        int d = spec.lastLayerOffset();
        w[d + 0 * 4 + 0] = 1f;  // cell (0,0), move 0
        w[d + 5 * 4 + 0] = 1f;  // cell (1,1), move 0
        long b = board(0, 1, 5, 2);  // a 2 at (0,0), a 4 at (1,1)
        // h1: (0,0) = 1, (1,1) = 3; u2(0,0) = 1 + 3 − 2 = 2, u2(1,1) = 3 + 0 − 2 = 1; references u2 = −2, h2 = 0
        // multipliers: (0,0): 2/4, (1,1): 1/3; z = 3, Δz = 3
        // unit (0,0): 1 · 1 · 1/2 = 0.5; unit (1,1): 3 · 1/2 + 3 · 1/3 = 2.5
        MoveAttribution.Result r = MoveAttribution.explain(spec, w, b, 0);
        assertEquals(3.0, r.delta(), 1e-9);
        assertEquals(2, r.pairs().size());
        assertPair(r.pairs().get(0), 1, 1, 0, 2.5, 2.5 / 3);
        assertPair(r.pairs().get(1), 0, 0, 0, 0.5, 0.5 / 3);
    }

    @Test
    void sharesAddUpToOneOnRandomNetworksAndBoards() {
        Rng rng = new Rng(17);
        for (NetSpec spec : List.of(NetSpec.policy("r2", 2, 6), NetSpec.policy("r3", 3, 5), NetSpec.policy("r1", 1, 4))) {
            for (int trial = 0; trial < 20; trial++) {
                float[] w = PolicyNetworkTest.randomWeights(spec, rng);
                long b = PolicyNetworkTest.randomBoard(rng);
                int move = rng.nextInt(4);
                MoveAttribution.Result r = MoveAttribution.explain(spec, w, b, move);
                double sum = r.pairs().stream().mapToDouble(MoveAttribution.Pair::share).sum();
                double contributions = r.pairs().stream().mapToDouble(MoveAttribution.Pair::contribution).sum();
                assertEquals(r.delta(), contributions, 1e-9 * Math.max(1, Math.abs(r.delta())), spec + " trial " + trial);
                assertEquals(1.0, sum, 1e-9, spec + " trial " + trial);
                // the logit is the network's own (the float path) up to rounding
                Network net = new Network(spec);
                Workspace ws = net.workspace(1, false);
                net.forward(w, ws, new long[] {b}, 0, 1);
                assertEquals(ws.outputs()[move], r.logit(), 1e-4 * Math.max(1, Math.abs(r.logit())));
            }
        }
    }

    private static void assertPair(MoveAttribution.Pair p, int row, int col, int filter, double contribution, double share) {
        assertEquals(row, p.row(), "row");
        assertEquals(col, p.col(), "column");
        assertEquals(filter, p.filter(), "filter");
        assertEquals(contribution, p.contribution(), 1e-9, "contribution");
        assertEquals(share, p.share(), 1e-9, "share");
    }
}
