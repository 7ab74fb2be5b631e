package g2048.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import g2048.game.BoardText;
import g2048.game.Moves;
import g2048.game.RandomBoards;
import g2048.game.Shape;
import g2048.game.Shapes;
import g2048.player.Player;
import g2048.search.ExpectimaxPlayer;
import g2048.search.GreedyPlayer;
import g2048.search.SearchConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Players built by name: the built-in ones choose legal moves on every shape, the heuristic one plays
 * far better than chance, and settings a player cannot take are refused naming their option.
 */
class PlayersTest {

    static java.util.stream.Stream<Shape> shapes() {
        return Shapes.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void playersChooseALegalMoveOrMinusOneWhenNoneIs(Shape shape) {
        Moves moves = Moves.of(shape);
        Player[] players = {Players.heuristic(shape), new RandomPlayer(shape).forThread()};
        players[1].startGame(1);
        RandomBoards random = new RandomBoards(shape, 44);
        for (int i = 0; i < 3000; i++) {
            long b = random.next();
            for (Player p : players) {
                int d = p.chooseMove(b);
                if (moves.legalMask(b) == 0 ? d != -1 : d < 0 || d > 3 || !moves.isLegal(b, d)) {
                    fail(p.name() + " chose " + d + " on " + BoardText.format(b, shape));
                }
            }
        }
    }

    /**
     * Seeded games: the heuristic player's mean score is several times the random player's, and it
     * builds the shape's large tiles (measured with 200 games: 256 in 80% of 3×3 games, 128 in 92%
     * of 2×4 games); the thresholds leave room for the seed's luck.
     */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"3, 3, 8, 0.5", "2, 4, 7, 0.6", "2, 2, 4, 0.8"})
    void theHeuristicPlayerBeatsChance(int rows, int cols, int code, double rate) {
        Shape shape = new Shape(rows, cols);
        GameRunner runner = new GameRunner(shape);
        Summary heuristic = runner.run(Players.heuristic(shape), 100, 2, 8, null);
        Summary random = runner.run(new RandomPlayer(shape), 100, 2, 8, null);
        double mean = heuristic.stats().mean();
        assertTrue(mean > 2 * random.stats().mean(), mean + " vs random " + random.stats().mean());
        double reached = heuristic.stats().reach(code);
        assertTrue(reached >= rate, (1 << code) + " reached in " + reached);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void theRandomPlayerIsReproducibleFromTheGameSeed(Shape shape) {
        RandomPlayer a = (RandomPlayer) new RandomPlayer(shape).forThread();
        RandomPlayer b = (RandomPlayer) new RandomPlayer(shape).forThread();
        a.startGame(5);
        b.startGame(5);
        RandomBoards random = new RandomBoards(shape, 45);
        for (int i = 0; i < 1000; i++) {
            long x = random.next();
            assertEquals(a.chooseMove(x), b.chooseMove(x));
        }
    }

    @Test
    void aNameBuildsItsPlayerAndSettingsItCannotTakeAreRefusedByOption() {
        Shape shape = Shape.S3x3;
        SearchConfig one = SearchConfig.ofDepth(1);
        assertTrue(Players.create(PlayerSpec.of(PlayerKind.LINES), shape, one) instanceof GreedyPlayer);
        assertTrue(Players.create(PlayerSpec.of(PlayerKind.LINES), shape, SearchConfig.ofDepth(2)) instanceof ExpectimaxPlayer);
        assertEquals("random", Players.create(PlayerSpec.of(PlayerKind.RANDOM), shape, one).name());
        assertEquals("heuristic", Players.create(PlayerSpec.of(PlayerKind.HEURISTIC), shape, one).name());
        assertRefused("depth: player 'random' does not search",
                () -> Players.create(PlayerSpec.of(PlayerKind.RANDOM), shape, SearchConfig.ofDepth(2)));
        assertRefused("cutoff: player 'random' does not search; it applies to ntuple, lines, cnn", () -> Players.create(PlayerSpec.of(PlayerKind.RANDOM), shape, one.withProbabilityCutoff(0.1)));
        assertRefused("player: unknown player 'nobody'", () -> Players.create(PlayerSpec.of(PlayerKind.parse("nobody")), shape, one));
        assertRefused("db: missing", () -> Players.create(PlayerSpec.of(PlayerKind.OPTIMAL), shape, one));
        assertRefused("player: player 'random' does not search; a search takes a value function: ntuple, lines, cnn",
                () -> Players.evaluator(PlayerSpec.of(PlayerKind.RANDOM), shape, one));
        assertRefused("player ntuple: the shipped model ntuple-6x6.g2nz plays 4x4 boards, the board is 3x3; players of any shape,"
                + " 3x3 too: heuristic, lines, or ntuple with models a model trained on 3x3",
                () -> Players.evaluator(PlayerSpec.of(PlayerKind.NTUPLE), shape, one));
    }

    /** A late model that cannot value the first model's late game is refused naming lateModel, never models. */
    @Test
    void aLateModelIsRefusedByItsOwnName(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path first = saved(dir.resolve("first.g2n"), Shape.S4x4, g2048.ntuple.Method.TD_AFTERSTATE);
        java.nio.file.Path small = saved(dir.resolve("small.g2n"), Shape.S3x3, g2048.ntuple.Method.TD_AFTERSTATE);
        java.nio.file.Path q = saved(dir.resolve("q.g2n"), Shape.S4x4, g2048.ntuple.Method.Q_LEARNING);
        PlayerSpec spec = PlayerSpec.of(PlayerKind.NTUPLE).withModel(first);
        SearchConfig one = SearchConfig.ofDepth(1);
        assertRefused("lateModel: model file " + dir.resolve("none.g2n") + ": ",
                () -> Players.evaluator(spec.withLateModel(dir.resolve("none.g2n"), 256), Shape.S4x4, one));
        assertRefused("lateModel " + small + " was trained on 3x3, the first model on 4x4 (the two stages value one shape)",
                () -> Players.evaluator(spec.withLateModel(small, 256), Shape.S4x4, one));
        assertRefused("lateModel " + q + " is a q-learning model",
                () -> Players.evaluator(spec.withLateModel(q, 256), Shape.S4x4, one));
        assertRefused("lateFrom: expected a tile, a power of two from 4 to 32768, got 100",
                () -> Players.evaluator(spec.withLateModel(first, 100), Shape.S4x4, one));
        for (PlayerKind other : new PlayerKind[] {PlayerKind.HEURISTIC, PlayerKind.LINES}) {
            assertRefused("lateModel: only the ntuple player values the late game with a second model, the player is '" + other + "'",
                    () -> Players.searcher(PlayerSpec.of(other).withLateModel(first, 256), Shape.S4x4, one));
        }
    }

    /** An untrained model of {@code shape} learning by {@code method}, saved as {@code file}. */
    private static java.nio.file.Path saved(java.nio.file.Path file, Shape shape, g2048.ntuple.Method method) {
        try (g2048.ntuple.NtupleModel m = g2048.ntuple.NtupleModel.create(g2048.ntuple.TupleSpec.parse("012"), shape, method, 1, 0.1)) {
            g2048.ntuple.NtupleModels.save(m, file);
        }
        return file;
    }

    /**
     * The shipped model at depth 2 or more plays with the shipped late model by default: boards without
     * a 16384 are valued as the shipped model alone values them, boards with one by the late model plus
     * one offset; at depth 1 it plays alone. 2,000 seeded boards each, half of them holding a 16384.
     */
    @Test
    void theShippedModelSearchingTwoPliesOrMoreTakesTheShippedLateModelFrom16384() {
        SearchConfig two = SearchConfig.ofDepth(2);
        g2048.eval.Evaluator staged = Players.evaluator(PlayerSpec.of(PlayerKind.NTUPLE), Shape.S4x4, two);
        // at depth 1 auto chooses no late model: the shipped model alone
        g2048.eval.Evaluator alone = Players.evaluator(PlayerSpec.of(PlayerKind.NTUPLE), Shape.S4x4, SearchConfig.ofDepth(1));
        try (g2048.ntuple.NtupleModel lateModel = g2048.ntuple.NtupleModels.loadShippedLate()) {
            assertTrue(staged.describe().contains("from 16384: ") && staged.describe().contains(g2048.ntuple.NtupleModels.SHIPPED_LATE_NAME),
                    staged.describe());
            assertTrue(!alone.describe().contains("from 16384"), alone.describe());
            g2048.eval.Evaluator lateAlone = Players.afterstateValues(lateModel, g2048.ntuple.TablePrecision.AUTO, two);
            RandomBoards random = new RandomBoards(Shape.S4x4, 55);
            double offset = Double.NaN;
            for (int i = 0; i < 2000; i++) {
                long b = random.next() & ~0xFL;
                if (i % 2 == 1) {
                    b |= 14; // a 16384 in the first cell
                } else if (largest(b) >= 14) {
                    continue;
                }
                double v = staged.value(b);
                if (i % 2 == 0) {
                    assertEquals(alone.value(b), v, 0, BoardText.format(b, Shape.S4x4));
                } else {
                    double d = v - lateAlone.value(b);
                    offset = Double.isNaN(offset) ? d : offset;
                    assertEquals(offset, d, 1e-6 * Math.abs(offset), BoardText.format(b, Shape.S4x4));
                }
            }
            assertTrue(Math.abs(offset) > 1000, "the late model is levelled by one offset: " + offset);
        }
    }

    /** The largest tile code (log2) on a 4x4 board. */
    private static int largest(long b) {
        int m = 0;
        for (int c = 0; c < 16; c++) {
            m = Math.max(m, (int) (b >>> (4 * c)) & 0xF);
        }
        return m;
    }

    private static void assertRefused(String message, Executable build) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
