package g2048.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.eval.HashEvaluator;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

class SearchConfigTest {

    /** A hash evaluator that asks for batches, as a value network does. */
    private static Evaluator batchLoving(Shape shape) {
        HashEvaluator inner = new HashEvaluator(shape);
        return new Evaluator() {
            @Override
            public Shape shape() {
                return shape;
            }

            @Override
            public double value(long afterstate) {
                return inner.value(afterstate);
            }

            @Override
            public int preferredBatchSize() {
                return 256;
            }

            @Override
            public String describe() {
                return "batch-loving hash";
            }
        };
    }

    @Test
    void evaluatorsThatPreferBatchesSearchWithBatchedLeavesAndKeepEverythingElse() {
        SearchConfig base = new SearchConfig(3, 0.001, 5_000_000, 12, true, false);
        SearchConfig suited = base.suitedTo(batchLoving(Shape.S4x4));
        assertTrue(suited.batchedLeaves());
        assertEquals(new SearchConfig(3, 0.001, 5_000_000, 12, true, true), suited);
        assertSame(base, base.suitedTo(new HashEvaluator(Shape.S4x4)), "a table look-up evaluator keeps recursive leaves");
        SearchConfig batched = base.suitedTo(batchLoving(Shape.S4x4));
        assertSame(batched, batched.suitedTo(batchLoving(Shape.S4x4)));
        assertFalse(base.batchedLeaves());
    }

    @Test
    void theSuitedSearchReturnsTheSameValues() {
        Evaluator e = batchLoving(Shape.S4x4);
        SearchConfig recursive = SearchConfig.ofDepth(2);
        long board = 0x0000_0000_1200_2311L;
        SearchResult a = new Expectimax(e, recursive).search(board);
        double[] values = new double[4];
        for (int d = 0; d < 4; d++) {
            values[d] = a.value(d);
        }
        SearchResult b = new Expectimax(e, recursive.suitedTo(e)).search(board);
        assertTrue(b.batches() > 0, "the suited search valued its leaves in batches");
        for (int d = 0; d < 4; d++) {
            assertEquals(values[d], b.value(d), 0.0, "direction " + d);
        }
    }
}
