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
    /** A network of 16 values on the images of 4×4 other than 4×6: {@link TupleNetwork#entries}'s path. */
    private static final TupleSpec SIXTEEN = TupleSpec.parse("0123,4567,0145,159d:sym:c16");

    @Test
    void theUncheckedPathLearnsExactlyWhatTheCheckedPathLearns() {
        check(SPEC, Stages.SINGLE, false, 0.0025, 300);
        check(SPEC, Stages.SINGLE, true, 0.02, 300);
        // a low threshold, so that games cross into the second stage's tables
        check(SPEC, Stages.parse("256"), true, 0.01, 200);
    }

    @Test
    void otherSixteenValueNetworksLearnOnTheUncheckedPathExactlyWhatTheCheckedPathLearns() {
        check(SIXTEEN, Stages.SINGLE, false, 0.0025, 300);
        check(SIXTEEN, Stages.parse("256"), true, 0.01, 200);
    }

    /**
     * The backward λ-return reads each afterstate's value from the entry numbers of its update on the
     * unchecked path, and numbers the board afresh on the checked one.
     */
    @Test
    void backwardLambdaEpisodesLearnOnTheUncheckedPathExactlyWhatTheCheckedPathLearns() {
        TdRule backward = new TdRule(1, 0.5, true);
        check(SPEC, Stages.parse("256"), true, 0.02, 30, backward, Shaping.RESTART);
        check(SPEC, Stages.SINGLE, false, 0.01, 60, new TdRule(3, 0, true), Shaping.NONE);
        check(SIXTEEN, Stages.parse("256"), true, 0.02, 40, backward, Shaping.RESTART);
    }

    private static void check(TupleSpec spec, Stages stages, boolean tc, double alpha, int games) {
        check(spec, stages, tc, alpha, games, TdRule.TD0, Shaping.NONE);
    }

    private static void check(TupleSpec spec, Stages stages, boolean tc, double alpha, int games, TdRule rule, Shaping shaping) {
        try (NtupleModel fast = model(spec, false, stages, tc, alpha); NtupleModel checked = model(spec, true, stages, tc, alpha)) {
            assertTrue(fast.network().rawAccess() && (spec == SPEC ? fast.network().fourBySix() : fast.network().sixteenOn4x4()));
            assertFalse(checked.network().rawAccess());
            for (NtupleModel m : new NtupleModel[] {fast, checked}) {
                SelfPlay trainer = new SelfPlay(m, alpha, 1);
                trainer.setRule(rule);
                trainer.setShaping(shaping);
                trainer.train(games, null);
            }
            String what = spec.name() + ", stages " + stages + ", tc " + tc + ", " + rule + ", " + shaping;
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

    private static NtupleModel model(TupleSpec spec, boolean checked, Stages stages, boolean tc, double alpha) {
        String before = System.getProperty("g2048.checkedAccess");
        System.setProperty("g2048.checkedAccess", Boolean.toString(checked));
        try {
            return NtupleModel.create(spec, Shape.S4x4, Method.TD_AFTERSTATE, TerminalValue.ZERO, stages, 0, tc, 11, alpha);
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
