package g2048.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.play.GameResult;
import g2048.play.GameRunner;
import g2048.play.Summary;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineTest {

    @TempDir
    Path dir;

    @Test
    void aGameIsTheRunnersGameOfTheSameSeedAndPlayerAndRunsDoNotDependOnThreads() {
        try (Engine engine = Engine.heuristic("3x3", 2)) {
            GameResult game = engine.playGame(11);
            // the same search built by hand, played by the runner as game 0 of a run seeded 11
            ExpectimaxPlayer byHand = new ExpectimaxPlayer(new LineHeuristicEvaluator(Shape.S3x3), SearchConfig.ofDepth(2));
            GameResult want = new GameRunner(Shape.S3x3).play(byHand, 0, Rng.gameSeed(11, 0), new Rng(0), null);
            assertEquals(want.score(), game.score());
            assertEquals(want.moves(), game.moves());
            assertEquals(want.finalBoard(), game.finalBoard());
            assertEquals(1 << want.maxCode(), game.maxTile());
            Summary one = engine.play(6, 5, 1);
            Summary two = engine.play(6, 5, 2);
            assertEquals(6, one.stats().games());
            assertEquals(one.stats().mean(), two.stats().mean());
            assertEquals(one.moves(), two.moves());
        }
    }

    @Test
    void movesAreTheSearchsChoiceAndNullWhenNoneIsLegal() {
        try (Engine engine = Engine.heuristic("4x4", 1)) {
            Moves moves = Moves.of(Shape.S4x4);
            String text = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0";
            Direction d = engine.chooseMove(text);
            long board = BoardText.parse(text).board();
            assertTrue(moves.move(board, d.ordinal()) != board, "a legal move");
            assertEquals(d, engine.chooseMove(board));
            assertNull(engine.chooseMove("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2"));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.chooseMove("2,0/0,2"));
            assertEquals("board 2,0/0,2 is 2x2, this player plays 4x4", e.getMessage());
        }
    }

    @Test
    void aSolvedBoardAnswersEveryMoveByItsExactValue() throws IOException {
        try (Solution s = Engine.solve("2x2", dir.resolve("db"), 1)) {
            long board = BoardText.parse("2,4/0,2").board();
            double[] values = new double[4];
            int legal = s.moveValues(board, values);
            int best = s.bestMove(board);
            assertTrue((legal >>> best & 1) == 1);
            for (int d = 0; d < 4; d++) {
                if ((legal >>> d & 1) == 1) {
                    assertTrue(values[d] <= values[best], "the best move is worth the most");
                }
            }
        }
        // a second solve of the same directory reuses the finished solution
        try (Solution again = Engine.solve("2x2", dir.resolve("db"), 1)) {
            assertEquals(Shape.S2x2, again.shape());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Solution.open(dir));
        assertTrue(e.getMessage().startsWith("solution directory " + dir + ": no solution there"), e.getMessage());
    }

    @Test
    void aClosedEngineRefusesToPlay() {
        Engine engine = Engine.heuristic("2x2", 1);
        engine.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> engine.chooseMove("2,0/0,2"));
        assertTrue(e.getMessage().endsWith(" is closed"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> engine.playGame(1));
        assertThrows(IllegalStateException.class, () -> engine.play(1, 1, 1));
    }

    @Test
    void depthOutOfRangeIsRefusedWithoutOptionWording() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Engine.heuristic("3x3", 0));
        assertEquals("depth must be 1..12, got 0", e.getMessage());
    }
}
