package g2048.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Shape;
import g2048.play.GameRunner;
import g2048.play.Summary;
import org.junit.jupiter.api.Test;

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
}
