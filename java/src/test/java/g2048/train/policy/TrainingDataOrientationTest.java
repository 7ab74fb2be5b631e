package g2048.train.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.nn.BoardOrientation;
import g2048.policy.DatasetWriter;
import g2048.search.SearchConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Positions turned as a corner-oriented network sees them: each board is its image, and the legal
 * moves, the teacher's move and the targets (hard and soft) are the recorded ones on the image's
 * directions; the split is unchanged.
 */
class TrainingDataOrientationTest {

    @TempDir
    Path dir;

    @Test
    void everyPositionIsTurnedWithItsMovesAndValues() throws Exception {
        Path file = dir.resolve("lines.g2pd");
        try (DatasetWriter w = DatasetWriter.openOrResume(file, DatasetGenerator.meta("lines", 1, 8))) {
            new DatasetGenerator(new LineHeuristicEvaluator(Shape.S4x4), SearchConfig.ofDepth(1), 8).run(w, 3, 1, (g, p, l) -> {
            });
        }
        TrainingData plain = TrainingData.load(List.of(file), 0.3, 2);
        TrainingData turned = TrainingData.load(List.of(file), 0.3, 2);
        turned.orient(BoardOrientation.CORNER);
        turned.orient(BoardOrientation.CORNER);
        assertEquals(BoardOrientation.CORNER, turned.orientation());
        assertThrows(IllegalStateException.class, () -> turned.orient(BoardOrientation.AS_IS));
        assertEquals(plain.trainSize(), turned.trainSize());
        assertEquals(plain.heldOutSize(), turned.heldOutSize());
        Moves moves = Moves.of(Shape.S4x4);
        int n = plain.trainSize() + plain.heldOutSize();
        int turnedCount = 0;
        float[] y = new float[4];
        float[] yt = new float[4];
        for (int i = 0; i < n; i++) {
            long b = plain.board(i);
            int s = BoardOrientation.CORNER.symmetry(b);
            turnedCount += s == 0 ? 0 : 1;
            assertEquals(BoardOrientation.apply(s, b), turned.board(i));
            assertEquals(moves.legalMask(turned.board(i)), turned.legal(i));
            assertEquals(BoardOrientation.toImage(s, plain.move(i)), turned.move(i));
            for (double temperature : new double[] {0, 50}) {
                plain.target(i, temperature, y, 0);
                turned.target(i, temperature, yt, 0);
                float[] want = new float[4];
                for (int m = 0; m < 4; m++) {
                    want[BoardOrientation.toImage(s, m)] = y[m];
                }
                assertArrayEquals(want, yt, 1e-6f, "position " + i + " T " + temperature);
            }
        }
        assertTrue(turnedCount > n / 2, turnedCount + " of " + n + " positions turned");
        for (int i = 0; i < plain.trainSize(); i++) {
            assertEquals(plain.trainIndex(i), turned.trainIndex(i));
        }
    }
}
