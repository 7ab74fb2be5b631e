package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

/** Growing a trained network into a larger one by adding tuples. */
class GrowTest {

    private static final TupleSpec SMALL = TupleSpec.parse("012,456:sym:c12");
    /** The two tuples of SMALL in another order, with a new one between them. */
    private static final TupleSpec LARGER = TupleSpec.parse("456,159,012:sym:c12");

    @Test
    void theSharedTuplesKeepTheirTablesAndAccumulatorsInEveryStageAndTheNewOnesStartAtZero() {
        try (NtupleModel small = trained(true)) {
            try (NtupleModel large = small.grow(LARGER)) {
                assertEquals(LARGER, large.spec());
                assertEquals(small.stages(), large.stages());
                assertEquals(small.training(), large.training());
                assertTrue(large.coherent());
                TupleNetwork from = small.network();
                TupleNetwork to = large.network();
                assertEquals(from.banks(), to.banks());
                // LARGER's tuple u comes from SMALL's tuple origin[u]; -1: new
                int[] origin = {1, -1, 0};
                int entries = SMALL.tupleEntries(0);
                long nonZero = 0;
                for (int b = 0; b < to.banks(); b++) {
                    for (int u = 0; u < 3; u++) {
                        for (int i = 0; i < entries; i++) {
                            long at = b * to.weights() + to.base(u) + i;
                            float expected = origin[u] < 0 ? 0f : from.entry(b * from.weights() + from.base(origin[u]) + i);
                            assertEquals(expected, to.entry(at), "bank " + b + " tuple " + u + " entry " + i);
                            nonZero += expected != 0f ? 1 : 0;
                            for (int k = 0; k < 2; k++) {
                                float acc = origin[u] < 0 ? 0f : accumulator(small, 2 * (b * from.weights() + from.base(origin[u]) + i) + k);
                                assertEquals(acc, accumulator(large, 2 * at + k), "accumulator " + k + " of entry " + at);
                            }
                        }
                    }
                }
                assertTrue(nonZero > 100, "the small model learned something to copy: " + nonZero);
                // every board keeps its value: the new tuple adds zeros to the same terms, summed in
                // LARGER's tuple order (within the rounding of two float sums of 16 terms)
                Rng rng = new Rng(31);
                for (int i = 0; i < 5000; i++) {
                    long board = board3x3(rng);
                    double expected = small.evaluator().value(board);
                    assertEquals(expected, large.evaluator().value(board), 1e-5 * (1 + Math.abs(expected)), Long.toHexString(board));
                }
            }
        }
    }

    @Test
    void aGrownModelLearnsInItsNewTupleAndAPlainModelStaysPlain() {
        try (NtupleModel small = trained(false); NtupleModel large = small.grow(LARGER)) {
            assertFalse(large.coherent());
            new SelfPlay(large, 0.05, 1).train(300, null);
            TupleNetwork net = large.network();
            long learned = 0;
            for (int i = 0; i < LARGER.tupleEntries(1); i++) {
                learned += net.entry(net.base(1) + i) != 0f ? 1 : 0;
            }
            assertTrue(learned > 10, "the new tuple's entries moved: " + learned);
            assertEquals(300, large.training().games());
            assertEquals(200, small.training().games(), "the model grown from is left as it was");
        }
    }

    @Test
    void aNetworkThatLacksATupleOrReadsOtherwiseIsRefusedWithTheReason() {
        try (NtupleModel small = trained(false)) {
            String lacks = assertThrows(IllegalArgumentException.class, () -> small.grow(TupleSpec.parse("012,159:sym:c12")))
                    .getMessage();
            assertTrue(lacks.contains("lacks tuple 2 (456)"), lacks);
            String values = assertThrows(IllegalArgumentException.class,
                    () -> small.grow(TupleSpec.parse("012,456,159:sym:c16"))).getMessage();
            assertTrue(values.contains("values per cell"), values);
            assertThrows(IllegalArgumentException.class, () -> small.grow(TupleSpec.parse("012,456,159:c12")));
        }
    }

    /** A two-stage model of SMALL trained for 200 games. */
    private static NtupleModel trained(boolean coherence) {
        NtupleModel m = NtupleModel.create(SMALL, Shape.S3x3, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.parse("128"),
                0, coherence, 4, 0.05);
        new SelfPlay(m, 0.05, 1).train(200, null);
        return m;
    }

    private static float accumulator(NtupleModel m, long i) {
        return m.coherence().segment().getAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, i);
    }

    /** A 3×3 board with tiles up to 512, so that both stages are met. */
    private static long board3x3(Rng rng) {
        long b = 0;
        for (int cell = 0; cell < 16; cell++) {
            if (cell / 4 < 3 && cell % 4 < 3) {
                b |= (long) rng.nextInt(10) << (4 * cell);
            }
        }
        return b;
    }
}
