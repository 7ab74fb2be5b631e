package g2048.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The staged value against its definition: every afterstate valued by the early evaluator below
 * the tile and by the late one plus the offset from it, one at a time and in batches; the offset
 * against a slow recount of the early player's hand-offs.
 */
class StagedEvaluatorTest {

    private static final Shape S = Shape.S4x4;

    /** A board of random tiles up to {@code 2^maxCode} in random cells. */
    private static long randomBoard(Rng rng, int maxCode) {
        long b = 0;
        for (int cell = 0; cell < 16; cell++) {
            if (rng.nextInt(3) > 0) {
                b |= (long) (1 + rng.nextInt(maxCode)) << (4 * cell);
            }
        }
        return b;
    }

    private static boolean holds(long board, int code) {
        for (int cell = 0; cell < 16; cell++) {
            if ((board >>> (4 * cell) & 15) >= code) {
                return true;
            }
        }
        return false;
    }

    @Test
    void eachAfterstateIsValuedByItsStageOneAtATimeAndInBatches() {
        Evaluator early = new HashEvaluator(S, 1000, 1);
        Evaluator late = new HashEvaluator(S, 5000, 2);
        int fromCode = 10;
        StagedEvaluator staged = new StagedEvaluator(early, late, fromCode, -1234.5, 0);
        Rng rng = new Rng(7);
        long[] boards = new long[3000];
        int lateCount = 0;
        for (int i = 0; i < boards.length; i++) {
            boards[i] = randomBoard(rng, 6 + rng.nextInt(7));
            boolean isLate = holds(boards[i], fromCode);
            lateCount += isLate ? 1 : 0;
            double expected = isLate ? late.value(boards[i]) - 1234.5 : early.value(boards[i]);
            assertEquals(expected, staged.value(boards[i]), "board " + Long.toHexString(boards[i]));
        }
        assertTrue(lateCount > 300 && lateCount < boards.length - 300, "both stages met: " + lateCount);
        Evaluator own = staged.forThread();
        for (int size : new int[] {1, 7, 64, 3000}) {
            double[] out = new double[size];
            own.values(boards, size, out);
            for (int i = 0; i < size; i++) {
                assertEquals(staged.value(boards[i]), out[i], "batch of " + size + ", board " + i);
            }
        }
    }

    @Test
    void theOffsetLevelsTheLateValuesOnTheEarlyPlayersHandOffs() {
        Evaluator early = new LineHeuristicEvaluator(S);
        Evaluator late = new HashEvaluator(S, 100_000, 3);
        int fromCode = 8;
        long seed = 42;
        StagedEvaluator staged = StagedEvaluator.aligned(early, late, fromCode, seed);

        // the slow recount: greedy games of the early values, each to its first afterstate with a 256
        g2048.game.Moves moves = g2048.game.Moves.of(S);
        Rng rng = new Rng(seed);
        List<Double> gaps = new ArrayList<>();
        for (int game = 0; game < StagedEvaluator.MAX_GAMES && gaps.size() < StagedEvaluator.HAND_OFFS; game++) {
            rng.reseed(Rng.gameSeed(seed, game));
            long board = Spawns.initial(S, rng);
            while (true) {
                long best = board;
                double bestTotal = 0;
                for (int d = 0; d < 4; d++) {
                    long after = moves.move(board, d);
                    double total = after == board ? 0 : moves.reward(board, d) + early.value(after);
                    if (after != board && (best == board || total > bestTotal)) {
                        best = after;
                        bestTotal = total;
                    }
                }
                if (best == board) {
                    break;
                }
                if (holds(best, fromCode)) {
                    gaps.add(early.value(best) - late.value(best));
                    break;
                }
                board = Spawns.spawn(best, S, rng);
            }
        }
        assertEquals(StagedEvaluator.HAND_OFFS, gaps.size(), "the heuristic's games make 256");
        double mean = gaps.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertEquals(StagedEvaluator.HAND_OFFS, staged.measured());
        assertEquals(mean, staged.offset(), 1e-6 * Math.abs(mean));
        assertEquals(256, staged.fromTile());
        assertTrue(staged.describe().contains("levelled on 64 hand-offs"), staged.describe());
    }

    @Test
    void aTileNoGameMakesLeavesNoOffset() {
        StagedEvaluator staged = StagedEvaluator.aligned(new LineHeuristicEvaluator(Shape.S2x2),
                new HashEvaluator(Shape.S2x2), 15, 1);
        assertEquals(0, staged.measured());
        assertEquals(0.0, staged.offset());
    }

    @Test
    void refusesMixedShapesAndTilesOutOfRange() {
        assertThrows(IllegalArgumentException.class,
                () -> new StagedEvaluator(new HashEvaluator(S), new HashEvaluator(Shape.S3x3), 10, 0, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new StagedEvaluator(new HashEvaluator(S), new HashEvaluator(S), 16, 0, 0));
    }
}
