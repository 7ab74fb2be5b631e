package g2048.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.eval.BatchRecordingEvaluator;
import g2048.eval.Evaluator;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

/** 1-ply play against the definition: argmax over legal moves of reward + V(afterstate), lowest direction on ties. */
class GreedyPlayerTest {

    /** Values in {0, 4, 8, 12}: with rewards in multiples of 4, ties between moves are common. */
    private record TieEvaluator(Shape shape) implements Evaluator {
        @Override
        public double value(long afterstate) {
            return 4 * (g2048.game.Rng.mix(afterstate) & 3);
        }

        @Override
        public String describe() {
            return "ties";
        }
    }

    @Test
    void choosesTheBestLegalMoveWithTiesToTheLowestDirection() {
        for (Shape s : new Shape[] {Shape.S4x4, Shape.S3x3, Shape.S2x2, Shape.parse("3x4"), Shape.S2x3}) {
            Evaluator v = new TieEvaluator(s);
            checkAgainstDefinition(s, v, v);
        }
    }

    @Test
    void aBatchEvaluatorGetsTheLegalAfterstatesInOneCallPerMove() {
        for (Shape s : new Shape[] {Shape.S4x4, Shape.S3x3, Shape.parse("3x4")}) {
            TieEvaluator ties = new TieEvaluator(s);
            BatchRecordingEvaluator v = new BatchRecordingEvaluator(ties, 1024);
            int moves = checkAgainstDefinition(s, v, ties);
            assertEquals(0, v.singleCalls, "value() calls on " + s);
            assertEquals(moves, v.batchCalls, "values() calls on " + s);
            assertEquals(true, v.batchedBoards > 2 * moves, "legal afterstates per move on " + s + ": " + v.batchedBoards + " in " + moves);
        }
    }

    @Test
    void theKeptAfterstateIsTheRealBoardsWhenTheSearchedBoardIsDowngraded() {
        // boards with 32768 and 16384 tiles: the move is chosen on a translated board, the game goes on from the real one
        Shape s = Shape.S4x4;
        Moves moves = Moves.of(s);
        GreedyPlayer player = new GreedyPlayer(new TieEvaluator(s), 24576);
        Rng rng = new Rng(77);
        int translated = 0;
        for (int i = 0; i < 5_000; i++) {
            long board = Positions.randomBoard(s, rng, 9);
            board = g2048.game.Board.withCode(board, rng.nextInt(16), 15);
            board = g2048.game.Board.withCode(board, rng.nextInt(16), 14);
            translated += g2048.game.Downgrade.searchRoot(board, 24576, moves) != board ? 1 : 0;
            int d = player.chooseMove(board);
            if (d >= 0) {
                assertKept(player, moves, board, d);
            } else {
                assertEquals(true, moves.isTerminal(board));
            }
        }
        assertEquals(true, translated > 1000, "downgraded boards exercised: " + translated);
    }

    /** The player's kept afterstate and reward of move {@code d} are the rules' on {@code board}. */
    private static void assertKept(GreedyPlayer player, Moves moves, long board, int d) {
        assertEquals(moves.move(board, d), player.lastAfterstate(), "afterstate of " + d + " on " + Long.toHexString(board));
        assertEquals(moves.reward(board, d), player.lastReward(), "reward of " + d + " on " + Long.toHexString(board));
    }

    /**
     * Checks 20,000 moves of a fresh player over {@code v} against the definition over
     * {@code reference} (the same values); returns the moves that had a legal option.
     */
    private static int checkAgainstDefinition(Shape s, Evaluator v, Evaluator reference) {
        GreedyPlayer player = new GreedyPlayer(v);
        int legalMoves = 0;
        Moves moves = Moves.of(s);
        Rng rng = new Rng(s.rows() * 10L + s.cols());
        int ties = 0;
        for (int i = 0; i < 20_000; i++) {
            long board = i % 2 == 0 ? Positions.randomBoard(s, rng, 6) : Positions.played(s, rng, 200);
            int expected = -1;
            double best = Double.NEGATIVE_INFINITY;
            int equal = 0;
            for (int d = 0; d < 4; d++) {
                long after = moves.move(board, d);
                if (after == board) {
                    continue;
                }
                double total = moves.reward(board, d) + reference.value(after);
                if (total > best) {
                    best = total;
                    expected = d;
                    equal = 0;
                } else if (total == best) {
                    equal++;
                }
            }
            ties += equal > 0 ? 1 : 0;
            legalMoves += expected >= 0 ? 1 : 0;
            assertEquals(expected, player.chooseMove(board), s + " board " + Long.toHexString(board));
            if (expected >= 0) {
                assertKept(player, moves, board, expected);
            }
        }
        assertEquals(true, ties > 1000, "ties exercised on " + s + ": " + ties);
        return legalMoves;
    }
}
