package g2048.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.BoardText;
import g2048.game.Rng;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

class CheckEvaluatorTest {

    /** The hash evaluator plus {@code delta} on one board. */
    private static Evaluator perturbed(Evaluator base, long board, double delta) {
        return new Evaluator() {
            @Override
            public Shape shape() {
                return base.shape();
            }

            @Override
            public double value(long afterstate) {
                return base.value(afterstate) + (afterstate == board ? delta : 0);
            }

            @Override
            public String describe() {
                return "perturbed";
            }
        };
    }

    private static long[] randomBoards(Rng rng, int n) {
        long[] boards = new long[n];
        for (int i = 0; i < n; i++) {
            long b = 0;
            for (int cell = 0; cell < 16; cell++) {
                b |= (long) rng.nextInt(12) << (4 * cell);
            }
            boards[i] = b;
        }
        return boards;
    }

    @Test
    void agreeingEvaluatorsPassAndReturnTheReferenceValues() {
        Evaluator ref = new HashEvaluator(Shape.S4x4);
        long[] boards = randomBoards(new Rng(1), 300);
        // a candidate within the tolerance everywhere: the reference plus 1e-7 relative
        Evaluator near = new Evaluator() {
            @Override
            public Shape shape() {
                return Shape.S4x4;
            }

            @Override
            public double value(long afterstate) {
                return ref.value(afterstate) * (1 + 1e-7);
            }

            @Override
            public String describe() {
                return "near";
            }
        };
        CheckEvaluator check = new CheckEvaluator(ref, near, 1e-6, 0);
        double[] out = new double[boards.length];
        check.values(boards, boards.length, out);
        for (int i = 0; i < boards.length; i++) {
            assertEquals(ref.value(boards[i]), out[i]);
            assertEquals(ref.value(boards[i]), check.value(boards[i]));
        }
        assertEquals(2L * boards.length, check.checked());
    }

    @Test
    void aDifferenceInASingleCallFailsLoudly() {
        Evaluator ref = new HashEvaluator(Shape.S4x4);
        long board = 0x0000_0000_0012_2321L;
        CheckEvaluator check = new CheckEvaluator(ref, perturbed(ref, board, 0.5), 1e-4, 1e-3);
        EvaluatorMismatchException e = assertThrows(EvaluatorMismatchException.class, () -> check.value(board));
        assertEquals(board, e.mismatch().afterstate());
        assertEquals(ref.value(board), e.mismatch().referenceValue());
        assertEquals(ref.value(board) + 0.5, e.mismatch().candidateValue());
        String m = e.getMessage();
        assertTrue(m.contains(BoardText.format(board, Shape.S4x4)), m);
        assertTrue(m.contains("0x0000000000122321"), m);
        assertTrue(m.contains("relative 0.000100") && m.contains("absolute 0.00100"), m);
        assertTrue(m.contains(String.format(java.util.Locale.ROOT, "%.17g", ref.value(board))), m);
        assertTrue(!m.contains("\n"), "one line: " + m);
    }

    @Test
    void aDifferenceInABatchNamesItsIndex() {
        Evaluator ref = new HashEvaluator(Shape.S4x4);
        long[] boards = randomBoards(new Rng(2), 100);
        CheckEvaluator check = new CheckEvaluator(ref, perturbed(ref, boards[37], -2.0), 0, 1.0);
        double[] out = new double[boards.length];
        EvaluatorMismatchException e = assertThrows(EvaluatorMismatchException.class,
                () -> check.values(boards, boards.length, out));
        assertEquals(boards[37], e.mismatch().afterstate());
        assertTrue(e.getMessage().contains("values() item 37 of 100"), e.getMessage());
    }

    @Test
    void differencesWithinTheToleranceAndNaNAreJudgedCorrectly() {
        Evaluator ref = new HashEvaluator(Shape.S4x4);
        long board = 0x1234L;
        new CheckEvaluator(ref, perturbed(ref, board, 0.999), 0, 1.0).value(board);
        assertThrows(EvaluatorMismatchException.class,
                () -> new CheckEvaluator(ref, perturbed(ref, board, 1.001), 0, 1.0).value(board));
        assertThrows(EvaluatorMismatchException.class,
                () -> new CheckEvaluator(ref, perturbed(ref, board, Double.NaN), 1, 1e9).value(board));
    }

    @Test
    void forThreadGivesAnIndependentCheckerAndShapesMustMatch() {
        Evaluator ref = new HashEvaluator(Shape.S4x4);
        CheckEvaluator check = new CheckEvaluator(ref, ref, 0, 0);
        assertNotSame(check, check.forThread());
        assertThrows(IllegalArgumentException.class,
                () -> new CheckEvaluator(ref, new HashEvaluator(Shape.S3x3), 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new CheckEvaluator(ref, ref, -1, 0));
    }
}
