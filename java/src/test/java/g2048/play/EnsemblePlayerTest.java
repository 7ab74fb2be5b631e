package g2048.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.api.Engine;
import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.TupleSpec;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.TablePrecision;
import g2048.player.BestMove;
import g2048.player.Player;
import g2048.search.SearchConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ensemble of n-tuple model files (`--model a,b`) plays the mean of the models' values: checked
 * against each model loaded alone, through {@link Players} and {@link Engine}.
 */
class EnsemblePlayerTest {

    @TempDir
    static Path dir;
    private static Path a;
    private static Path b;

    @BeforeAll
    static void models() throws IOException {
        a = dir.resolve("a.g2n");
        b = dir.resolve("b.g2n");
        train(a, 3, "0123,4567,0145,1256:sym");
        train(b, 4, "0124,1259,4567:sym");
    }

    private static void train(Path file, long seed, String tuples) {
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse(tuples), Shape.S4x4, Method.TD_AFTERSTATE, seed, 0.01)) {
            new SelfPlay(m, 0.01, 1).train(200, null);
            NtupleModels.save(m, file);
        }
    }

    private static long randomBoard(Rng rng) {
        long x = 0;
        for (int cell = 0; cell < 16; cell++) {
            x = Board.withCode(x, cell, rng.nextInt(3) == 0 ? 0 : 1 + rng.nextInt(11));
        }
        return x;
    }

    @Test
    void theEnsembleValuesTheMeanOfItsModels() {
        SearchConfig greedy = SearchConfig.ofDepth(1);
        PlayerSpec spec = PlayerSpec.of(PlayerKind.NTUPLE).withTable(TablePrecision.FLOAT32);
        Evaluator ea = Players.evaluator(spec.withModel(a), Shape.S4x4, greedy);
        Evaluator eb = Players.evaluator(spec.withModel(b), Shape.S4x4, greedy);
        Evaluator both = Players.evaluator(spec.withModels(List.of(a, b)), Shape.S4x4, greedy);
        Player player = Players.create(spec.withModels(List.of(a, b)), Shape.S4x4, greedy).forThread();
        Moves moves = Moves.of(Shape.S4x4);
        Rng rng = new Rng(77);
        for (int i = 0; i < 2000; i++) {
            long board = randomBoard(rng);
            double mean = (ea.value(board) + eb.value(board)) / 2;
            assertEquals(mean, both.value(board), 1e-9 * Math.max(1, Math.abs(mean)));
            // the greedy choice, worked out from the two models alone
            double[] q = new double[4];
            int legal = 0;
            for (int d = 0; d < 4; d++) {
                long after = moves.move(board, d);
                if (after != board) {
                    legal |= 1 << d;
                    q[d] = moves.reward(board, d) + (ea.value(after) + eb.value(after)) / 2;
                }
            }
            assertEquals(BestMove.of(q, legal), player.chooseMove(board));
        }
        assertTrue(both.describe().startsWith("ensemble of 2"), both.describe());
    }

    @Test
    void theEngineAndTheSearchPlayEnsembles() {
        try (Engine one = Engine.model(a, SearchConfig.ofDepth(2));
             Engine two = Engine.ensemble(List.of(a, a), SearchConfig.ofDepth(2))) {
            // an ensemble of one model twice is that model
            assertEquals(one.playGame(5).score(), two.playGame(5).score());
            assertTrue(two.describe().contains("ensemble of 2"), two.describe());
        }
        try (Engine mixed = Engine.ensemble(List.of(a, b), SearchConfig.ofDepth(1).withDowngrade(2048))) {
            assertTrue(mixed.playGame(6).score() > 0);
            assertTrue(mixed.describe().contains("downgrade from 2048"), mixed.describe());
        }
    }

    @Test
    void onlyTheNtuplePlayerTakesSeveralModels() {
        PlayerSpec lines = PlayerSpec.of(PlayerKind.LINES).withModels(List.of(a, b));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Players.create(lines, Shape.S4x4, SearchConfig.ofDepth(1)));
        assertTrue(e.getMessage().startsWith("models: player 'lines' plays one model, got 2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Engine.ensemble(List.of(a), SearchConfig.ofDepth(1)));
    }

    @Test
    void aFileNamedAgainIsLoadedOnceAndStillCountsInTheMean() throws IOException {
        SearchConfig greedy = SearchConfig.ofDepth(1);
        PlayerSpec spec = PlayerSpec.of(PlayerKind.NTUPLE).withTable(TablePrecision.FLOAT32);
        Path link = a.resolveSibling("a-link.g2n");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, a);
        List<Path> named = new java.util.ArrayList<>(java.util.Collections.nCopies(200, a));
        named.add(link);
        named.add(b);
        g2048.eval.EnsembleEvaluator many = (g2048.eval.EnsembleEvaluator) Players.evaluator(spec.withModels(named),
                Shape.S4x4, greedy);
        List<Evaluator> members = many.members();
        assertEquals(202, members.size());
        assertEquals(2, members.stream().map(System::identityHashCode).distinct().count(), "two files, two models loaded");
        Evaluator ea = Players.evaluator(spec.withModel(a), Shape.S4x4, greedy);
        Evaluator eb = Players.evaluator(spec.withModel(b), Shape.S4x4, greedy);
        Rng rng = new Rng(78);
        for (int i = 0; i < 500; i++) {
            long board = randomBoard(rng);
            double mean = (201 * ea.value(board) + eb.value(board)) / 202;
            assertEquals(mean, many.value(board), 1e-9 * Math.max(1, Math.abs(mean)));
        }
    }

    @Test
    void modelsThatCannotFitInMemoryAreRefusedBeforeLoading() {
        long bytes = g2048.ntuple.ModelFootprint.playBytes(a, TablePrecision.FLOAT32)
                + g2048.ntuple.ModelFootprint.playBytes(b, TablePrecision.FLOAT32);
        assertTrue(bytes > 0);
        ModelMemory.check(List.of(a, b), TablePrecision.FLOAT32, bytes);
        g2048.settings.BadSetting e = assertThrows(g2048.settings.BadSetting.class,
                () -> ModelMemory.check(List.of(a, b), TablePrecision.FLOAT32, bytes - 1));
        assertTrue(e.getMessage().contains("2 model files named need") && e.getMessage().contains("memory available"),
                e.getMessage());
        // td-afterstate models play from int16 tables unless float32 ones are asked for: half as much
        assertEquals(bytes / 2, g2048.ntuple.ModelFootprint.playBytes(a, TablePrecision.AUTO)
                + g2048.ntuple.ModelFootprint.playBytes(b, TablePrecision.AUTO));
        assertTrue(g2048.ntuple.ModelFootprint.availableBytes() > 0, "Linux tells what memory is left");
    }
}
