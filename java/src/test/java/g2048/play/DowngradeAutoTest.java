package g2048.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.EnsembleEvaluator;
import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.Stages;
import g2048.ntuple.TablePrecision;
import g2048.ntuple.TerminalValue;
import g2048.ntuple.TupleSpec;
import g2048.player.Player;
import g2048.search.ExpectimaxPlayer;
import g2048.search.GreedyPlayer;
import g2048.search.SearchConfig;
import g2048.settings.BadSetting;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tile-downgrading {@code auto}, the default: each value function names its threshold, and a
 * player built with auto plays exactly as one given that threshold.
 */
class DowngradeAutoTest {

    private static NtupleModel model(Shape shape, Stages stages) {
        String tuples = shape.equals(Shape.S4x4) ? "0123,4567,0145" : "0145,1256";
        return NtupleModel.create(TupleSpec.parse(tuples), shape, Method.TD_AFTERSTATE, TerminalValue.ZERO, stages,
                0, false, 7, 0.01);
    }

    @Test
    void nTupleNetworksOf4x4WithoutLateStagesTake24576AndTheOthersNone() {
        try (NtupleModel single = model(Shape.S4x4, Stages.SINGLE);
                NtupleModel two = model(Shape.S4x4, Stages.parse("16384"));
                NtupleModel late = model(Shape.S4x4, Stages.parse("16384,32768"));
                NtupleModel small = model(new Shape(3, 3), Stages.SINGLE)) {
            assertEquals(24576, single.evaluator().downgradeThreshold());
            assertEquals(24576, two.evaluator(TablePrecision.INT16).downgradeThreshold());
            assertEquals(0, late.evaluator().downgradeThreshold(), "a network with a stage for the late game keeps its boards");
            assertEquals(0, small.evaluator().downgradeThreshold());
            assertEquals(0, new LineHeuristicEvaluator(Shape.S4x4).downgradeThreshold());
            assertEquals(24576, new EnsembleEvaluator(List.of(single.evaluator(), two.evaluator())).downgradeThreshold());
            assertEquals(0, new EnsembleEvaluator(List.of(single.evaluator(), late.evaluator())).downgradeThreshold(),
                    "members that differ: none");
        }
    }

    @Test
    void autoPlaysExactlyAsTheEvaluatorsOwnThreshold() {
        try (NtupleModel m = model(Shape.S4x4, Stages.parse("16384"))) {
            new SelfPlay(m, 0.01, 1).train(100, null);
            Evaluator v = m.evaluator();
            Player auto = new GreedyPlayer(v, SearchConfig.DOWNGRADE_AUTO);
            Player given = new GreedyPlayer(v, 24576);
            Player off = new GreedyPlayer(v, 0);
            ExpectimaxPlayer deepAuto = new ExpectimaxPlayer(v, SearchConfig.ofDepth(2));
            ExpectimaxPlayer deepGiven = new ExpectimaxPlayer(v, SearchConfig.ofDepth(2).withDowngrade(24576));
            assertEquals(24576, deepAuto.config().downgrade());
            Rng rng = new Rng(9);
            int differFromOff = 0;
            for (int i = 0; i < 3000; i++) {
                long b = lateBoard(rng);
                assertEquals(given.chooseMove(b), auto.chooseMove(b));
                differFromOff += off.chooseMove(b) != auto.chooseMove(b) ? 1 : 0;
                if (i % 10 == 0) {
                    assertEquals(deepGiven.search(b).best(), deepAuto.search(b).best());
                }
            }
            assertTrue(differFromOff > 0, "auto is on: some late boards are played otherwise than without it");
        }
    }

    /** A random board holding a 16384 and an 8192 (so its tile set reaches 24576) and smaller tiles with gaps. */
    private static long lateBoard(Rng rng) {
        long b = Board.withCode(Board.withCode(0, rng.nextInt(8), 14), 8 + rng.nextInt(8), 13);
        for (int cell = 0; cell < 16; cell++) {
            if (Board.code(b, cell) == 0 && rng.nextInt(3) > 0) {
                b = Board.withCode(b, cell, 1 + rng.nextInt(10));
            }
        }
        return b;
    }

    @Test
    void thePlayerLineSaysWhatAutoChose() {
        try (NtupleModel m = model(Shape.S4x4, Stages.SINGLE)) {
            List<NtupleModel> models = List.of(m);
            assertTrue(Players.ntuple(models, TablePrecision.AUTO, SearchConfig.ofDepth(1)).name().contains("downgrade from 24576"));
            assertTrue(Players.ntuple(models, TablePrecision.AUTO, SearchConfig.ofDepth(3)).name().contains("downgrade from 24576"));
            assertFalse(Players.ntuple(models, TablePrecision.AUTO, SearchConfig.ofDepth(1).withDowngrade(0)).name().contains("downgrade"));
        }
        Player lines = Players.create(PlayerSpec.of(PlayerKind.LINES), Shape.S4x4, SearchConfig.ofDepth(2));
        assertFalse(lines.name().contains("downgrade"), lines.name());
    }

    @Test
    void playersThatDoNotSearchTakeAutoOrOffAndRefuseAThreshold() {
        Players.create(PlayerSpec.of(PlayerKind.HEURISTIC), Shape.S4x4, SearchConfig.ofDepth(1));
        Players.create(PlayerSpec.of(PlayerKind.HEURISTIC), Shape.S4x4, SearchConfig.ofDepth(1).withDowngrade(0));
        BadSetting e = assertThrows(BadSetting.class,
                () -> Players.create(PlayerSpec.of(PlayerKind.HEURISTIC), Shape.S4x4, SearchConfig.ofDepth(1).withDowngrade(32768)));
        assertTrue(e.getMessage().contains("downgrade"), e.getMessage());
    }
}
