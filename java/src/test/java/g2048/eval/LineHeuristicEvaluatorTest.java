package g2048.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

class LineHeuristicEvaluatorTest {

    /** The value straight from the definition: every row and column scored from its codes. */
    private static double reference(long board, Shape s) {
        double v = 0;
        for (int r = 0; r < s.rows(); r++) {
            int[] line = new int[s.cols()];
            for (int c = 0; c < s.cols(); c++) {
                line[c] = Board.code(board, r, c);
            }
            v += (float) LineHeuristicEvaluator.lineScore(line);
        }
        for (int c = 0; c < s.cols(); c++) {
            int[] line = new int[s.rows()];
            for (int r = 0; r < s.rows(); r++) {
                line[r] = Board.code(board, r, c);
            }
            v += (float) LineHeuristicEvaluator.lineScore(line);
        }
        return v;
    }

    @Test
    void tableValuesEqualTheDefinitionOnEveryShape() {
        Rng rng = new Rng(3);
        for (Shape s : new Shape[] {Shape.S4x4, Shape.S2x2, Shape.S2x3, new Shape(3, 4), new Shape(4, 3)}) {
            LineHeuristicEvaluator e = new LineHeuristicEvaluator(s);
            for (int i = 0; i < 2000; i++) {
                long b = 0;
                for (int r = 0; r < s.rows(); r++) {
                    for (int c = 0; c < s.cols(); c++) {
                        b = Board.withCode(b, 4 * r + c, rng.nextInt(Math.min(16, s.maxReachableCode() + 1)));
                    }
                }
                assertEquals(reference(b, s), e.value(b), 1e-9 * Math.abs(reference(b, s)), s + " " + Long.toHexString(b));
            }
        }
    }

    @Test
    void aMonotoneLineScoresAboveAZigzagAndEmptyCellsPay() {
        double monotone = LineHeuristicEvaluator.lineScore(new int[] {5, 4, 3, 2});
        double zigzag = LineHeuristicEvaluator.lineScore(new int[] {5, 2, 4, 3});
        assertEquals(true, monotone > zigzag);
        assertEquals(true, LineHeuristicEvaluator.lineScore(new int[] {0, 0, 1, 1})
                > LineHeuristicEvaluator.lineScore(new int[] {3, 1, 2, 1}));
    }

    @Test
    void everyLineWithTilesUpTo2048ScoresAboveALostGame() {
        int[] line = new int[4];
        for (int i = 0; i < 12 * 12 * 12 * 12; i++) {
            for (int k = 0, x = i; k < 4; k++, x /= 12) {
                line[k] = x % 12;
            }
            assertTrue(LineHeuristicEvaluator.lineScore(line) > 0, java.util.Arrays.toString(line));
        }
        // 4096 tiles out of order are what it takes for a line to fall below; a board needs several such lines
        assertTrue(LineHeuristicEvaluator.lineScore(new int[] {12, 1, 12, 12}) < 0);
    }
}
