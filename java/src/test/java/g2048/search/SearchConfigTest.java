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

    /** The field {@code refused} names, each field marked so that its name is read apart from the words around it. */
    private static String refused(org.junit.jupiter.api.function.Executable bad) {
        g2048.settings.BadSetting e = org.junit.jupiter.api.Assertions.assertThrows(g2048.settings.BadSetting.class, bad);
        return e.message(f -> "<" + f + ">");
    }

    @Test
    void eachBadValueIsRefusedNamingItsFieldForTheFrontEndToRender() {
        SearchConfig one = SearchConfig.ofDepth(1);
        assertEquals("<depth>: expected 1..12, got 13", refused(() -> SearchConfig.ofDepth(13)).replace(
                String.valueOf(SearchConfig.MAX_DEPTH), "12"));
        assertEquals("<depth>: expected 1..12, got 0", refused(() -> one.withDepth(0)).replace(String.valueOf(SearchConfig.MAX_DEPTH), "12"));
        assertEquals("<cutoff>: expected a probability in [0, 1), got 1.0", refused(() -> one.withProbabilityCutoff(1)));
        assertEquals("<cutoff>: expected a probability in [0, 1), got NaN", refused(() -> one.withProbabilityCutoff(Double.NaN)));
        assertEquals("<timeMs>: expected 0..3600000 ms, got -1.0", refused(() -> SearchConfig.nanosOfMs(-1)));
        assertEquals("<timeMs>: expected 0..3600000 ms, got NaN", refused(() -> SearchConfig.nanosOfMs(Double.NaN)));
        assertEquals("<timeMs>: expected 0..3600000 ms, got 3600001.0", refused(() -> SearchConfig.nanosOfMs(3_600_001)));
        assertEquals("<timeMs>: expected 0..3600000 ms, got -0.001", refused(() -> one.withTimeBudgetNanos(-1000)));
        assertEquals("<ttBits>: expected 0 (off) or 4..28, got 3", refused(() -> one.withTable(3, false)));
        assertEquals("<ttLeaves>: needs a transposition table (<ttBits> above 0)", refused(() -> one.withTable(0, true)));
        assertEquals("<timeBank>: needs <timeMs>, the mean time per move", refused(() -> one.withTimeBank(true)));
        String downgrade = "<downgrade>: expected auto, 0 (off) or a tile sum 4..65535 (e.g. 24576), got ";
        assertEquals(downgrade + "3", refused(() -> one.withDowngrade(3)));
        assertEquals(downgrade + "'often'", refused(() -> SearchConfig.parseDowngrade("often")));
        assertEquals(downgrade + "-1", refused(() -> SearchConfig.parseDowngrade("-1")), "auto is typed as auto");
        assertEquals(downgrade + "65536", refused(() -> SearchConfig.parseDowngrade("65536")));
        assertEquals(SearchConfig.DOWNGRADE_AUTO, SearchConfig.parseDowngrade("auto"));
        assertEquals(0, SearchConfig.parseDowngrade("0"));
        assertEquals(24576, SearchConfig.parseDowngrade("24576"));
        assertEquals(2_500_000L, SearchConfig.nanosOfMs(2.5));
        assertEquals("<depth>: 7 plies without a time budget could run for minutes; give <timeMs> (iterative deepening up to <depth> 7)"
                + " or at most 6 plies", refused(() -> SearchConfig.ofDepth(7).boundedForOneBoard()));
        SearchConfig timed = SearchConfig.ofDepth(7).withTimeBudgetNanos(SearchConfig.nanosOfMs(5));
        assertSame(timed, timed.boundedForOneBoard());
    }
}
