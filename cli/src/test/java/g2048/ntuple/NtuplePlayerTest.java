package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cli.Main;
import g2048.eval.Evaluator;
import g2048.game.Moves;
import g2048.game.Shape;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Trained models through the library API and the {@code play --player ntuple} command line. */
class NtuplePlayerTest {

    @TempDir
    Path dir;

    @Test
    void evaluatorsMatchTheirMethods() {
        NetworkSpec spec = NetworkSpec.parse("012,456,89a,048,159,26a");
        Path after = dir.resolve("after.g2n");
        Path state = dir.resolve("state.g2n");
        Path q = dir.resolve("q.g2nz");
        for (Object[] run : new Object[][] {{Method.TD_AFTERSTATE, after}, {Method.TD_STATE, state}, {Method.Q_LEARNING, q}}) {
            try (NtupleModel m = NtupleModel.create(spec, Shape.S3x3, (Method) run[0], 1, 0.01)) {
                new SelfPlay(m, 0.01, 1).train(300, null);
                NtupleModels.save(m, (Path) run[1]);
            }
        }
        long board = 0x0000_0000_0121_0012L;
        try (NtupleModel m = NtupleModels.load(after)) {
            Evaluator e = m.evaluator();
            assertEquals(m.network().value(0, board), e.value(board), 1e-3);
            assertEquals(Shape.S3x3, e.shape());
        }
        try (NtupleModel m = NtupleModels.load(state)) {
            // The afterstate value of a TD-state model: the expectation of V over the spawns.
            Moves moves = Moves.of(Shape.S3x3);
            double sum = 0;
            int empty = 0;
            for (int cell : new int[] {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
                if (((board >>> (4 * cell)) & 0xF) == 0) {
                    empty++;
                    long two = board | (1L << (4 * cell));
                    long four = board | (2L << (4 * cell));
                    sum += 0.9 * (moves.isTerminal(two) ? 0 : m.network().value(0, two))
                            + 0.1 * (moves.isTerminal(four) ? 0 : m.network().value(0, four));
                }
            }
            assertEquals(sum / empty, m.evaluator().value(board), 1e-2 * Math.max(1, Math.abs(sum / empty)));
        }
        try (NtupleModel m = NtupleModels.load(q)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, m::evaluator);
            assertTrue(e.getMessage().contains("q-learning"), e.getMessage());
            assertTrue(m.policy().chooseMove(board) >= 0);
        }
        assertEquals(0, Main.execute("play", "--player", "ntuple", "--model", after.toString(), "--shape", "3x3",
                "--games", "20", "--threads", "2", "--no-progress"));
        assertEquals(0, Main.execute("play", "--player", "ntuple", "--model", q.toString(), "--shape", "3x3",
                "--games", "20", "--threads", "2", "--no-progress"));
        // A model for another shape, a missing model and a deeper search with a q-learning model are refused
        // as bad input; an afterstate model searches at depth 2 (expectimax).
        assertEquals(2, Main.execute("play", "--player", "ntuple", "--model", after.toString(), "--games", "2"));
        assertEquals(2, Main.execute("play", "--player", "ntuple", "--model", dir.resolve("none.g2n").toString(),
                "--shape", "3x3", "--games", "2"));
        assertEquals(2, Main.execute("play", "--player", "ntuple", "--model", q.toString(), "--shape", "3x3",
                "--depth", "2", "--games", "2"));
        assertEquals(0, Main.execute("play", "--player", "ntuple", "--model", after.toString(), "--shape", "3x3",
                "--depth", "2", "--games", "2", "--no-progress"));
    }
}
