package g2048.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ensemble's value is the mean of its members', one by one and in batches. */
class EnsembleEvaluatorTest {

    /** A value that is easy to compute by hand: a weight per occupied cell's code. */
    private record CellSum(Shape shape, double weight) implements Evaluator {
        @Override
        public double value(long afterstate) {
            double v = 0;
            for (int cell = 0; cell < 16; cell++) {
                v += weight * Board.code(afterstate, cell);
            }
            return v;
        }

        @Override
        public String describe() {
            return "cells x " + weight;
        }
    }

    @Test
    void valuesAreTheMeanOfTheMembers() {
        Evaluator a = new LineHeuristicEvaluator(Shape.S4x4);
        Evaluator b = new CellSum(Shape.S4x4, 3.5);
        Evaluator c = new CellSum(Shape.S4x4, -1.25);
        EnsembleEvaluator e = new EnsembleEvaluator(List.of(a, b, c));
        Rng rng = new Rng(11);
        long[] boards = new long[64];
        double[] batch = new double[64];
        for (int round = 0; round < 50; round++) {
            for (int i = 0; i < boards.length; i++) {
                long x = 0;
                for (int cell = 0; cell < 16; cell++) {
                    x = Board.withCode(x, cell, rng.nextInt(3) == 0 ? 0 : 1 + rng.nextInt(14));
                }
                boards[i] = x;
            }
            int n = 1 + rng.nextInt(boards.length);
            e.values(boards, n, batch);
            for (int i = 0; i < n; i++) {
                double mean = (a.value(boards[i]) + b.value(boards[i]) + c.value(boards[i])) / 3;
                assertEquals(mean, e.value(boards[i]), 1e-9 * Math.max(1, Math.abs(mean)));
                assertEquals(e.value(boards[i]), batch[i], 0.0, "a batch values as one by one");
            }
        }
        Evaluator own = e.forThread();
        assertEquals(e.value(boards[0]), own.value(boards[0]), 0.0);
        assertTrue(e.describe().startsWith("ensemble of 3 (mean of: "), e.describe());
    }

    @Test
    void badEnsemblesAreRefused() {
        Evaluator a = new LineHeuristicEvaluator(Shape.S4x4);
        assertThrows(IllegalArgumentException.class, () -> new EnsembleEvaluator(List.of(a)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new EnsembleEvaluator(List.of(a, new LineHeuristicEvaluator(Shape.parse("3x3")))));
        assertTrue(e.getMessage().contains("one shape"), e.getMessage());
    }
}
