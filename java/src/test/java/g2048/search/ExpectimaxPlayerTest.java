package g2048.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.play.GameRunner;
import g2048.play.Summary;
import org.junit.jupiter.api.Test;

/** The expectimax player: reproducible over threads, counted, and one ply deeper on crowded boards when asked. */
class ExpectimaxPlayerTest {

    @Test
    void gamesDoNotDependOnTheNumberOfThreadsAndCountersSumOverThem() {
        Shape s = new Shape(3, 3);
        SearchConfig c = SearchConfig.ofDepth(2);
        ExpectimaxPlayer one = new ExpectimaxPlayer(new LineHeuristicEvaluator(s), c);
        ExpectimaxPlayer three = new ExpectimaxPlayer(new LineHeuristicEvaluator(s), c);
        Summary a = new GameRunner(s).run(one, 9, 1, 5, null);
        Summary b = new GameRunner(s).run(three, 9, 3, 5, null);
        assertEquals(a.stats().mean(), b.stats().mean());
        assertEquals(a.moves(), b.moves());
        assertEquals(a.moves(), one.counters().searches());
        assertEquals(b.moves(), three.counters().searches());
        assertEquals(one.counters().nodes(), three.counters().nodes());
        assertEquals(one.counters().leaves(), three.counters().leaves());
        assertEquals(2.0, three.counters().meanDepth());
        assertTrue(three.counters().leaves() > three.counters().searches());
    }

    @Test
    void aCrowdedBoardIsSearchedOnePlyDeeperWithTheValuesOfThatDepth() {
        Shape s = Shape.S4x4;
        LineHeuristicEvaluator v = new LineHeuristicEvaluator(s);
        ExpectimaxPlayer player = new ExpectimaxPlayer(v, SearchConfig.ofDepth(2)).deeperWhenCrowded(3);
        Rng rng = new Rng(21);
        int deeper = 0;
        for (int i = 0; i < 200; i++) {
            long board = Positions.randomBoard(s, rng, 3);
            if (Moves.of(s).legalMask(board) == 0) {
                continue;
            }
            int move = player.chooseMove(board);
            int depth = Board.countEmpty(board, s) <= 3 ? 3 : 2;
            deeper += depth == 3 ? 1 : 0;
            SearchResult fixed = new Expectimax(v, SearchConfig.ofDepth(depth)).search(board);
            assertEquals(depth, player.lastResult().depth());
            assertEquals(fixed.best(), move);
            for (int d = 0; d < 4; d++) {
                assertEquals(fixed.value(d), player.lastResult().value(d));
            }
        }
        assertTrue(deeper > 20 && deeper < 180, deeper + " crowded boards of 200: both depths are met");
        assertEquals("named", player.named("named").name());
        assertTrue(player.name().endsWith("one ply deeper with at most 3 empty cells"), player.name());
    }
}
