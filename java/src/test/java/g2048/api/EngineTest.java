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
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TupleSpec;
import g2048.play.GameResult;
import g2048.play.GameRunner;
import g2048.play.Summary;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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
    void thePolicyEngineIsTheShippedPolicyPlayerWithItsProbabilities() {
        // the shipped network and the engine's agree on each board; choose() gives the legal moves' probabilities
        g2048.player.Player byHand = g2048.play.Players.policy(null, Shape.S4x4);
        Moves moves = Moves.of(Shape.S4x4);
        try (Engine engine = Engine.policy(null)) {
            Rng rng = new Rng(21);
            for (int i = 0; i < 100; i++) {
                long board = g2048.game.Spawns.initial(Shape.S4x4, rng);
                for (int k = rng.nextInt(400); k > 0 && !moves.isTerminal(board); k--) {
                    int d;
                    do {
                        d = rng.nextInt(4);
                    } while ((moves.legalMask(board) >>> d & 1) == 0);
                    board = g2048.game.Spawns.spawn(moves.move(board, d), Shape.S4x4, rng);
                }
                int legal = moves.legalMask(board);
                int want = byHand.chooseMove(board);
                Direction got = engine.chooseMove(board);
                assertEquals(want, got == null ? -1 : got.ordinal(), "board " + i);
                MoveChoice choice = engine.choose(board);
                assertEquals(got, choice.move());
                double sum = 0;
                for (int m = 0; m < 4; m++) {
                    double v = choice.value(Direction.ALL[m]);
                    assertEquals((legal >>> m & 1) == 0, Double.isNaN(v), "move " + m + " of board " + i);
                    sum += Double.isNaN(v) ? 0 : v;
                }
                if (legal != 0) {
                    assertEquals(1.0, sum, 1e-9, "the legal moves' probabilities, board " + i);
                }
            }
            GameResult game = engine.playGame(3);
            GameResult want = new GameRunner(Shape.S4x4).play(byHand.forThread(), 0, Rng.gameSeed(3, 0), new Rng(0), null);
            assertEquals(want.score(), game.score());
            assertEquals(want.moves(), game.moves());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine.withSearch(SearchConfig.ofDepth(2)));
            assertTrue(e.getMessage().startsWith("a policy network plays its most probable move and does not search"), e.getMessage());
        }
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> Engine.policy(dir.resolve("missing.g2pn")));
        assertEquals(dir.resolve("missing.g2pn") + ": no such file, expected a policy network file (.g2pn)", missing.getMessage());
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
        assertEquals("depth: expected 1..12, got 0", e.getMessage());
    }

    /** choose() gives the player's move with each move's value, checked against a search built by hand. */
    @Test
    void aChoiceCarriesEveryMovesValueAsTheSearchComputesIt() {
        Shape shape = Shape.S4x4;
        Moves moves = Moves.of(shape);
        LineHeuristicEvaluator lines = new LineHeuristicEvaluator(shape);
        java.util.Random rng = new java.util.Random(2027);
        try (Engine greedy = Engine.heuristic("4x4", 1); Engine deep = greedy.withSearch(SearchConfig.ofDepth(3))) {
            ExpectimaxPlayer byHand = new ExpectimaxPlayer(lines, SearchConfig.ofDepth(3));
            for (int i = 0; i < 60; i++) {
                long board = randomBoard(rng, 2 + rng.nextInt(12));
                MoveChoice one = greedy.choose(board);
                MoveChoice three = deep.choose(board);
                double[] want3 = new double[4];
                int best3 = byHand.chooseMove(board, want3);
                assertEquals(greedy.chooseMove(board), one.move());
                assertEquals(best3 < 0 ? null : Direction.ALL[best3], three.move());
                assertEquals(1, one.depth());
                assertEquals(3, three.depth());
                for (Direction d : Direction.ALL) {
                    long a = moves.move(board, d.ordinal());
                    assertEquals(a != board, one.legal(d));
                    assertEquals(a != board, three.legal(d));
                    double want1 = a != board ? moves.reward(board, d.ordinal()) + lines.value(a) : Double.NaN;
                    assertClose(want1, one.value(d), "1-ply " + d);
                    assertClose(want3[d.ordinal()], three.value(d), "3-ply " + d);
                }
            }
            MoveChoice none = greedy.choose("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2");
            assertNull(none.move());
            assertTrue(none.toString().startsWith("no legal move"), none.toString());
        }
    }

    /** withSearch() shares the model's tables: they live until the last engine over them is closed. */
    @Test
    void anEngineWithAnotherSearchSharesTheTablesUntilBothAreClosed() {
        Path file = dir.resolve("small.g2n");
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse("0123,4567,0145"), Shape.S4x4, Method.TD_AFTERSTATE, 7, 0.01)) {
            java.util.Random rng = new java.util.Random(5);
            for (int k = 0; k < 5_000; k++) {
                m.network().setEntry(Math.floorMod(rng.nextLong(), m.network().weights()), (float) (rng.nextGaussian() * 100));
            }
            NtupleModels.save(m, file);
        }
        String text = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0";
        Engine greedy = Engine.model(file, 1);
        Engine deep = greedy.withSearch(SearchConfig.ofDepth(2));
        MoveChoice before = deep.choose(text);
        greedy.close();
        greedy.close(); // a second close does nothing more
        assertEquals(before.move(), deep.choose(text).move(), "the tables outlive the engine they came from");
        for (Direction d : Direction.ALL) {
            assertEquals(before.value(d), deep.choose(text).value(d));
        }
        assertThrows(IllegalStateException.class, () -> greedy.withSearch(SearchConfig.ofDepth(3)));
        deep.close();
        assertThrows(IllegalStateException.class, () -> deep.choose(text));
    }

    /**
     * {@link Engine#staged}: the model itself as its late model (from 256, which these games make)
     * plays and values every move as the model alone, offset +0; bad arguments are refused by name.
     */
    @Test
    void aStagedEngineWithTheModelAsItsLateModelPlaysAsTheModel() {
        Path file = dir.resolve("trained.g2n");
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse("0123,4567,0145:sym"), Shape.S4x4, Method.TD_AFTERSTATE, 1, 0.01)) {
            new g2048.ntuple.SelfPlay(m, 0.01, 1).train(100, null);
            NtupleModels.save(m, file);
        }
        SearchConfig search = SearchConfig.ofDepth(2).withDowngrade(0);
        try (Engine alone = Engine.model(file, search); Engine staged = Engine.staged(file, file, 256, search)) {
            assertTrue(staged.describe().contains("from 256: ") && staged.describe().contains(" +0"), staged.describe());
            for (long seed = 1; seed <= 3; seed++) {
                GameResult want = alone.playGame(seed);
                GameResult got = staged.playGame(seed);
                assertEquals(want.score(), got.score(), "seed " + seed);
                assertEquals(want.finalBoard(), got.finalBoard(), "seed " + seed);
            }
            String board = "2,4,8,16/32,64,128,256/2,4,8,0/0,0,0,2";
            for (Direction d : Direction.ALL) {
                assertEquals(alone.choose(board).value(d), staged.choose(board).value(d), d.toString());
            }
            // another search over the same two models
            SearchConfig greedy = SearchConfig.ofDepth(1).withDowngrade(0);
            try (Engine plain = alone.withSearch(greedy); Engine both = staged.withSearch(greedy)) {
                assertEquals(plain.playGame(4).score(), both.playGame(4).score());
            }
        }
        IllegalArgumentException tile = assertThrows(IllegalArgumentException.class, () -> Engine.staged(file, file, 100, search));
        assertEquals("lateFrom: expected a tile, a power of two from 4 to 32768, got 100", tile.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> Engine.staged(file, null, 256, search));
        assertTrue(none.getMessage().startsWith("lateModel: "), none.getMessage());
    }

    /**
     * {@link Engine#shipped(SearchConfig)} plays as {@code play} does: at depth 2 with the shipped late
     * model (the same values as {@link Engine#staged} given its file), at depth 1 alone.
     */
    @Test
    void theShippedEngineTakesTheShippedLateModelWhenItSearchesTwoPlies() {
        Path lateFile = NtupleModels.defaultModelPath().resolveSibling(NtupleModels.LATE_MODEL);
        SearchConfig two = SearchConfig.ofDepth(2);
        try (Engine shipped = Engine.shipped(two); Engine staged = Engine.staged(null, lateFile, 16384, two);
             Engine greedy = Engine.shipped(1)) {
            assertTrue(shipped.describe().contains("from 16384: ") && shipped.describe().contains(NtupleModels.SHIPPED_LATE_NAME),
                    shipped.describe());
            assertTrue(!greedy.describe().contains("from 16384"), greedy.describe());
            for (String board : List.of("2,4,8,16/32,64,128,256/512,1024,2048,4096/8192,16384,0,0",
                    "0,2,4,8/16,32,64,128/256,512,1024,2048/4096,8192,16384,2", "2,4,8,16/32,64,128,256/2,4,8,0/0,0,0,2")) {
                for (Direction d : Direction.ALL) {
                    assertEquals(staged.choose(board).value(d), shipped.choose(board).value(d), board + " " + d);
                }
            }
        }
    }

    private static void assertClose(double want, double got, String what) {
        if (Double.isNaN(want)) {
            assertTrue(Double.isNaN(got), what + ": illegal, got " + got);
        } else {
            assertEquals(want, got, 1e-9 * Math.max(1, Math.abs(want)), what);
        }
    }

    private static long randomBoard(java.util.Random rng, int tiles) {
        long b = 0;
        for (int k = 0; k < tiles; k++) {
            b |= (long) (1 + rng.nextInt(9)) << (4 * rng.nextInt(16));
        }
        return b;
    }
}
