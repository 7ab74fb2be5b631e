package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * Training the 4×6 network on its unchecked path (the afterstates' entry numbers computed before
 * their reads, the chosen one's kept for its update) against the same training on the checked
 * path, which reads every afterstate through {@link TupleNetwork#value} and recomputes the entry
 * numbers of the one it updates: the same seeded games must leave the same tables and
 * accumulators, byte for byte.
 */
class FourBySixTrainingTest {

    private static final TupleSpec SPEC = TupleSpec.parse("4x6");

    @Test
    void theUncheckedPathLearnsExactlyWhatTheCheckedPathLearns() {
        check(Stages.SINGLE, false, 0.0025, 300);
        check(Stages.SINGLE, true, 0.02, 300);
        // a low threshold, so that games cross into the second stage's tables
        check(Stages.parse("256"), true, 0.01, 200);
    }

    private static void check(Stages stages, boolean tc, double alpha, int games) {
        try (NtupleModel fast = model(false, stages, tc, alpha); NtupleModel checked = model(true, stages, tc, alpha)) {
            assertTrue(fast.network().rawAccess() && fast.network().fourBySix());
            assertFalse(checked.network().rawAccess());
            new SelfPlay(fast, alpha, 1).train(games, null);
            new SelfPlay(checked, alpha, 1).train(games, null);
            String what = "stages " + stages + ", tc " + tc;
            assertEquals(checked.training().moves(), fast.training().moves(), "moves played, " + what);
            MemorySegment a = fast.network().table();
            MemorySegment b = checked.network().table();
            assertEquals(-1, a.mismatch(b), "tables, " + what);
            assertTrue(nonZero(a) > 1000, "the games trained the tables, " + what);
            if (stages.count() > 1) {
                assertTrue(nonZero(a.asSlice(a.byteSize() / 2)) > 0, "the second stage was trained, " + what);
            }
            if (tc) {
                assertEquals(-1, fast.coherence().segment().mismatch(checked.coherence().segment()), "accumulators, " + what);
            }
        }
    }

    private static NtupleModel model(boolean checked, Stages stages, boolean tc, double alpha) {
        String before = System.getProperty("g2048.checkedAccess");
        System.setProperty("g2048.checkedAccess", Boolean.toString(checked));
        try {
            return NtupleModel.create(SPEC, Shape.S4x4, Method.TD_AFTERSTATE, TerminalValue.ZERO, stages, 0, tc, 11, alpha);
        } finally {
            if (before == null) {
                System.clearProperty("g2048.checkedAccess");
            } else {
                System.setProperty("g2048.checkedAccess", before);
            }
        }
    }

    private static long nonZero(MemorySegment s) {
        long n = 0;
        for (long i = 0; i < s.byteSize(); i += Float.BYTES) {
            n += s.get(java.lang.foreign.ValueLayout.JAVA_FLOAT, i) != 0f ? 1 : 0;
        }
        return n;
    }
}
