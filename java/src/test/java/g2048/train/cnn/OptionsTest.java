package g2048.train.cnn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OptionsTest {

    @Test
    void batchingNamesParse() {
        assertEquals(new Batching(Batching.Mode.BATCH, 1024), Batching.parse("batch1K"));
        assertEquals(new Batching(Batching.Mode.BATCH, 64), Batching.parse("batch64"));
        assertEquals(new Batching(Batching.Mode.SHUFFLE, 1024), Batching.parse("shuffle1k"));
        assertEquals(new Batching(Batching.Mode.SHUFFLE, 64), Batching.parse("shuffle64"));
        assertEquals(Batching.Mode.GAME, Batching.parse("game").mode());
        assertEquals(new Batching(Batching.Mode.POSITION, 1), Batching.parse("position"));
        assertThrows(IllegalArgumentException.class, () -> Batching.parse("batch"));
        assertThrows(IllegalArgumentException.class, () -> Batching.parse("batch0"));
        assertThrows(IllegalArgumentException.class, () -> Batching.parse("minibatch"));
    }

    @Test
    void symmetryModesAggregateTheEightImages() {
        double[] v = {9, 1, 2, 3, 4, 5, 6, 7, 8, 0};
        assertEquals(9, SymmetryMode.SIMPLE.aggregate(v, 0));
        assertEquals(1, SymmetryMode.SIMPLE.aggregate(v, 1));
        assertEquals(4.5, SymmetryMode.AVE.aggregate(v, 1));
        assertEquals(8, SymmetryMode.MAX.aggregate(v, 1));
        assertEquals(1, SymmetryMode.MIN.aggregate(v, 1));
        assertEquals(0, SymmetryMode.MIN.aggregate(v, 2));
        assertEquals(1, SymmetryMode.SIMPLE.images());
        assertEquals(8, SymmetryMode.AVE.images());
        assertThrows(IllegalArgumentException.class, () -> SymmetryMode.parse("median"));
        assertEquals(JumpStart.S_JUMP, JumpStart.parse("S-jump"));
        assertEquals(JumpStart.NOJUMP, JumpStart.parse("nojump"));
        assertThrows(IllegalArgumentException.class, () -> JumpStart.parse("M-jump"));
    }
}
