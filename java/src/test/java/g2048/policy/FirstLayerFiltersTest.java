package g2048.policy;

import g2048.nn.NetSpec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The filter tables read the right weights, and the importance is max output × outgoing norm. */
class FirstLayerFiltersTest {

    @Test
    void tablesAndImportanceOfAHandBuiltNetwork() {
        NetSpec spec = NetSpec.policy("hand", 2, 3);
        int ch = 3;
        float[] w = new float[spec.weightCount()];
        // filter 1: SE corner holding 2^5 weighs 0.7, NW empty weighs −0.2, bias 0.1
        w[(3 * 16 + 5) * ch + 1] = 0.7f;
        w[(0 * 16 + 0) * ch + 1] = -0.2f;
        w[4 * 16 * ch + 1] = 0.1f;
        // filter 2: only a bias of 1 (active everywhere)
        w[4 * 16 * ch + 2] = 1f;
        // the second convolution reads filter 1 with weights 3 and 4 (norm 5), filter 2 with weight 1
        int o2 = spec.layerOffset(1);
        w[o2 + (0 * ch + 1) * ch + 0] = 3f;
        w[o2 + (2 * ch + 1) * ch + 2] = 4f;
        w[o2 + (1 * ch + 2) * ch + 1] = 1f;
        FirstLayerFilters.Filter f1 = FirstLayerFilters.of(spec, w, 1);
        assertEquals(0.7f, f1.weights()[3][5]);
        assertEquals(-0.2f, f1.weights()[0][0]);
        assertEquals(0.1f, f1.bias());
        // max output: 0.1 + 0 (NW's best is 0, e.g. a 2) + 0 + 0 + 0.7
        assertEquals(0.8, f1.maxOutput(), 1e-6);
        assertEquals(5.0, f1.outgoingNorm(), 1e-9);
        List<FirstLayerFilters.Filter> ranked = FirstLayerFilters.ranked(spec, w);
        // filter 1: 0.8 · 5 = 4; filter 2: 1 · 1 = 1; filter 0: 0
        assertEquals(List.of(1, 2, 0), ranked.stream().map(FirstLayerFilters.Filter::index).toList());
        assertEquals(4.0, ranked.get(0).importance(), 1e-6);
    }
}
