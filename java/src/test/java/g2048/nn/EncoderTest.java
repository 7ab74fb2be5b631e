package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Board;
import g2048.game.Rng;
import org.junit.jupiter.api.Test;

class EncoderTest {

    @Test
    void valuePlanesAreOneHotPerCell() {
        Rng rng = new Rng(5);
        for (int t = 0; t < 200; t++) {
            long b = TestBoards.random(rng);
            float[] x = new float[16 * 16 + 3];
            java.util.Arrays.fill(x, 7f);
            Encoder.values(b, x, 3, 16, 0);
            for (int r = 0; r < 4; r++) {
                for (int c = 0; c < 4; c++) {
                    int code = Board.code(b, r, c);
                    for (int k = 0; k < 16; k++) {
                        assertEquals(k == code ? 1f : 0f, x[3 + (4 * r + c) * 16 + k], "cell " + r + "," + c + " plane " + k);
                    }
                }
            }
            assertEquals(7f, x[0]);
        }
    }

    @Test
    void emptyCellsUsePlaneZeroAndTwoTilesPlaneOne() {
        long b = Board.withCode(Board.withCode(0L, 5, 1), 15, 15);
        float[] x = new float[16 * 16];
        Encoder.values(b, x, 0, 16, 0);
        assertEquals(1f, x[0]);
        assertEquals(1f, x[5 * 16 + 1]);
        assertEquals(0f, x[5 * 16]);
        assertEquals(1f, x[15 * 16 + 15]);
    }

    @Test
    void positionPlanesMarkRowThenColumn() {
        float[] x = new float[16 * 24];
        java.util.Arrays.fill(x, 9f);
        Encoder.positions(x, 0, 24, 16);
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                int base = (4 * r + c) * 24 + 16;
                for (int k = 0; k < 4; k++) {
                    assertEquals(k == r ? 1f : 0f, x[base + k]);
                    assertEquals(k == c ? 1f : 0f, x[base + 4 + k]);
                }
                assertEquals(9f, x[base - 1], "value channels untouched");
            }
        }
    }
}
