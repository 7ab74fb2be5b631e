package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.BoardText;
import g2048.game.Rng;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

/** The stage of a board, parsing thresholds, and splitting a trained model into stages. */
class StagesTest {

    @Test
    void theStageCountsTheThresholdsTheTileSetReaches() {
        Stages four = Stages.parse("16384,32768,49152");
        assertEquals(4, four.count());
        assertEquals(0, four.of(BoardText.parse("8192,4096,2,0/0,0,0,0/0,0,0,0/0,0,0,2").board()));
        assertEquals(1, four.of(BoardText.parse("16384,4096,2,0/0,0,0,0/0,0,0,0/0,0,0,2").board()));
        assertEquals(2, four.of(BoardText.parse("32768,8192,4096,2/0,0,0,0/0,0,0,0/0,0,0,2").board()));
        assertEquals(3, four.of(BoardText.parse("32768,16384,2,0/0,0,0,0/0,0,0,0/0,0,0,0").board()));
        // Two 32768 tiles are one tile value in the set: below 49152.
        assertEquals(2, four.of(BoardText.parse("32768,32768,2,0/0,0,0,0/0,0,0,0/0,0,0,0").board()));
        assertEquals(0, Stages.SINGLE.of(BoardText.parse("32768,16384,2,0/0,0,0,0/0,0,0,0/0,0,0,0").board()));
        assertEquals(Stages.SINGLE, Stages.parse("none"));
        assertEquals("16384,32768,49152", four.text());
    }

    @Test
    void theTileSetAgreesWithADigitByDigitSum() {
        Rng rng = new Rng(77);
        for (int i = 0; i < 10_000; i++) {
            long b = rng.nextLong();
            java.util.Set<Integer> tiles = new java.util.HashSet<>();
            for (int c = 0; c < 16; c++) {
                int code = (int) (b >>> (4 * c)) & 0xF;
                if (code > 0) {
                    tiles.add(1 << code);
                }
            }
            assertEquals(tiles.stream().mapToInt(Integer::intValue).sum(), g2048.game.Board.tileSet(b));
        }
    }

    @Test
    void theStageIsTheCountOfThresholdsAtOrBelowTheTileSet() {
        Rng rng = new Rng(78);
        Stages[] all = {Stages.parse("16384"), Stages.parse("16384,32768,49152"), Stages.parse("2,6,130,65534"),
            Stages.parse("4096,8192,16384,32768,40000,49152,65000")};
        for (int i = 0; i < 20_000; i++) {
            // random nibbles, and boards with a few large tiles, where the stages change
            long b = i % 2 == 0 ? rng.nextLong() : rng.nextLong() & 0x000F_00F0_0F00_F000L | 0xC000_0D00_00E0_000FL & rng.nextLong();
            int set = g2048.game.Board.tileSet(b);
            for (Stages s : all) {
                int expected = 0;
                for (int t : s.thresholds()) {
                    expected += set >= t ? 1 : 0;
                }
                assertEquals(expected, s.of(b), s.text() + " on " + Long.toHexString(b));
            }
        }
    }

    @Test
    void theLargeTileTestAgreesWithALoopOverTheCells() {
        Rng rng = new Rng(79);
        for (int i = 0; i < 20_000; i++) {
            long b = i % 3 == 0 ? rng.nextLong() : rng.nextLong() & rng.nextLong() & rng.nextLong();
            int max = 0;
            for (int cell = 0; cell < 16; cell++) {
                max = Math.max(max, g2048.game.Board.code(b, cell));
            }
            for (int code = 1; code <= 15; code++) {
                assertEquals(max >= code, Stages.hasTileOfCodeAtLeast(b, code), code + " on " + Long.toHexString(b));
            }
        }
    }

    @Test
    void badThresholdsAreRefusedWithTheReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Stages.parse("32768,16384")).getMessage()
                .contains("increase"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Stages.parse("1")).getMessage().contains("2..65534"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Stages.parse("x")).getMessage().contains("'x'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Stages.parse("2,4,8,16,32,64,128,256")).getMessage()
                .contains("at most"));
    }

    @Test
    void promotionCopiesEveryStageFromTheTrainedTables() {
        NetworkSpec spec = NetworkSpec.parse("012,456:sym:c12");
        try (NtupleModel one = NtupleModel.create(spec, Shape.S3x3, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.SINGLE,
                0, true, 4, 0.05)) {
            new SelfPlay(one, 0.05, 1).train(200, null);
            try (NtupleModel two = one.promote(Stages.parse("128"))) {
                assertEquals(2, two.network().banks());
                assertTrue(two.coherent());
                assertEquals(one.training(), two.training());
                long n = spec.weights();
                for (long i = 0; i < n; i++) {
                    assertEquals(one.network().entry(i), two.network().entry(i));
                    assertEquals(one.network().entry(i), two.network().entry(n + i));
                }
                Rng rng = new Rng(5);
                for (int i = 0; i < 1000; i++) {
                    long b = rng.nextLong() & Shape.S3x3.cellMask() & 0x7777_7777_7777_7777L;
                    assertEquals(one.evaluator().value(b), two.evaluator().value(b), "board " + Long.toHexString(b));
                }
                assertThrows(IllegalArgumentException.class, () -> two.promote(Stages.parse("256")));
                assertThrows(IllegalArgumentException.class, () -> two.promote(Stages.parse("64,256")));
            }
        }
    }

    @Test
    void aSplitModelSplitsFurtherEachNewStageFromTheStageThatServedItsBoards() {
        NetworkSpec spec = NetworkSpec.parse("012,456:sym:c12");
        try (NtupleModel one = NtupleModel.create(spec, Shape.S3x3, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.SINGLE,
                0, true, 4, 0.05)) {
            new SelfPlay(one, 0.05, 1).train(100, null);
            try (NtupleModel two = one.promote(Stages.parse("128"))) {
                new SelfPlay(two, 0.05, 1).train(100, null);
                Stages four = Stages.parse("64,128,256,384");
                try (NtupleModel split = two.promote(four)) {
                    long n = spec.weights();
                    assertEquals(5, split.network().banks());
                    // stage k of the new model copies the old stage of boards whose tile set starts at its lower bound
                    int[] origin = {0, 0, 1, 1, 1};
                    for (int k = 0; k < 5; k++) {
                        for (long i = 0; i < n; i++) {
                            assertEquals(two.network().entry(origin[k] * n + i), split.network().entry(k * n + i), "stage " + k);
                        }
                    }
                    // every board keeps its value: the new stages start where the old ones were
                    Rng rng = new Rng(9);
                    for (int i = 0; i < 2000; i++) {
                        long b = 0;
                        for (int cell = 0; cell < 16; cell++) {
                            b |= (long) rng.nextInt(10) << (4 * cell); // tiles up to 512: every stage is reached
                        }
                        b &= Shape.S3x3.cellMask();
                        assertEquals(two.evaluator().value(b), split.evaluator().value(b), "board " + Long.toHexString(b));
                    }
                }
            }
        }
    }

    @Test
    void warmCoherenceStartsTrainedWeightsSlowAndUntrainedOnesAtTheFullRate() {
        NetworkSpec spec = NetworkSpec.parse("012,456:sym:c12");
        try (NtupleModel model = NtupleModel.create(spec, Shape.S3x3, Method.TD_AFTERSTATE, TerminalValue.ZERO, Stages.SINGLE,
                0, false, 4, 0.05)) {
            new SelfPlay(model, 0.05, 1).train(50, null);
            model.setCoherent(true, 1e6f);
            long n = model.network().weights() * model.network().banks();
            long trained = 0;
            for (long i = 0; i < n; i++) {
                float a = model.coherence().segment().getAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, 2 * i + 1);
                float e = model.coherence().segment().getAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, 2 * i);
                assertEquals(0f, e);
                assertEquals(model.network().entry(i) != 0f ? 1e6f : 0f, a, "weight " + i);
                trained += a > 0 ? 1 : 0;
            }
            assertTrue(trained > 0 && trained < n, trained + " of " + n + " trained");
            assertThrows(IllegalArgumentException.class, () -> model.setCoherent(true, -1f));
        }
    }
}
