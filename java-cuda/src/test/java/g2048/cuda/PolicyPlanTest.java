package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.nn.Architectures;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The padded layout's tables, read as the kernels read them: every window of a convolution reads
 * its four taps (zeros beyond the board), the dense layer reads the 16 board cells in the weights'
 * order, each layer's parameters sit where {@link NetSpec} puts them, and the reverse tables
 * send each on-board contribution to the cell it read, once.
 */
class PolicyPlanTest {

    @Test
    void convolutionsReadTheirWindowsAndPaddingOnlyBeyondTheBoard() {
        NetSpec spec = Architectures.named(Head.POLICY, "POLICY3");
        List<LayerPlan> plans = PolicyPlan.layers(spec);
        assertEquals(spec.convs() + 1, plans.size());
        for (int l = 0; l < spec.convs(); l++) {
            LayerPlan layer = plans.get(l);
            assertEquals(1, layer.groups().size());
            LayerPlan.Group g = layer.groups().getFirst();
            int cin = spec.inChannels(l);
            assertEquals(cin, layer.cin());
            assertEquals(PolicyPlan.CELLS * cin, layer.inSize());
            assertEquals(PolicyPlan.CELLS * spec.channels(), layer.outSize());
            assertTrue(layer.relu());
            assertTrue(layer.leavesCellsUnwritten(), "the padding cells are written by no group");
            assertFalse(layer.directInputGradient());
            assertEquals(spec.layerOffset(l), g.weightOffset());
            assertEquals(spec.layerOffset(l) + NetSpec.TAPS * cin * spec.channels(), g.biasOffset());
            assertEquals(16, g.cells());
            List<Integer> reads = new ArrayList<>();
            for (int o = 0; o < 16; o++) {
                int r = o / 4;
                int c = o % 4;
                assertEquals((5 * r + c) * spec.channels(), g.outCellOff()[o], "output cell " + o);
                for (int t = 0; t < NetSpec.TAPS; t++) {
                    // the kernels read in(m, k) at inCellOff[cell] + kOff[k], k = t·cin + channel
                    int at = g.inCellOff()[o] + g.kOff()[t * cin + 3];
                    int cell = at / cin;
                    assertEquals(3, at % cin);
                    int rr = r + (t >> 1);
                    int cc = c + (t & 1);
                    assertEquals(rr * PolicyPlan.SIDE + cc, cell, "cell " + o + " tap " + t);
                    if (rr < 4 && cc < 4) {
                        reads.add(cell);
                    }
                }
            }
            // each on-board read appears once in the reverse tables, at the cell it read; padding cells have none
            int[] start = layer.reverseStarts();
            int[] list = layer.reverseList();
            assertEquals(reads.size(), list.length);
            for (int p = 0; p < PolicyPlan.CELLS; p++) {
                for (int i = start[p]; i < start[p + 1]; i++) {
                    int contribution = list[i];
                    int o = contribution / NetSpec.TAPS;
                    int t = contribution % NetSpec.TAPS;
                    assertEquals(p, (o / 4 + (t >> 1)) * PolicyPlan.SIDE + o % 4 + (t & 1));
                    assertEquals(o * NetSpec.TAPS * cin, g.colCellOff()[o]);
                }
                if (p / PolicyPlan.SIDE == 4 || p % PolicyPlan.SIDE == 4) {
                    assertEquals(start[p], start[p + 1], "padding cell " + p + " takes no gradient");
                }
            }
        }
    }

    @Test
    void theDenseLayerReadsTheBoardCellsInTheWeightsOrder() {
        NetSpec spec = NetSpec.policy("T", 2, 7);
        LayerPlan dense = PolicyPlan.layers(spec).getLast();
        LayerPlan.Group g = dense.groups().getFirst();
        assertEquals(1, g.cells());
        assertEquals(16 * 7, dense.k(g));
        assertEquals(NetSpec.MOVES, dense.outSize());
        assertFalse(dense.relu());
        assertFalse(dense.leavesCellsUnwritten());
        assertEquals(spec.lastLayerOffset(), g.weightOffset());
        assertEquals(spec.lastLayerOffset() + 16 * 7 * NetSpec.MOVES, g.biasOffset());
        assertEquals(spec.weightCount(), g.biasOffset() + NetSpec.MOVES);
        assertNotNull(g.kOff());
        for (int cell = 0; cell < 16; cell++) {
            for (int c = 0; c < 7; c++) {
                assertEquals(PolicyPlan.padded(cell) * 7 + c, g.kOff()[cell * 7 + c]);
            }
        }
        int[] onBoard = new int[16];
        for (int cell = 0; cell < 16; cell++) {
            onBoard[cell] = cell;
        }
        assertArrayEquals(onBoard, dense.reverseList(), "contribution c is board cell c");
        assertEquals(16 * 7, dense.colSize());
    }
}
