package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Shape;
import g2048.game.Symmetries;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The solver's fast normalisation against the game's {@link Symmetries#normalize}. */
class NormalizerTest {

    @Test
    void matchesSymmetriesOnEveryShape() {
        Random rnd = new Random(11);
        for (int rows = 2; rows <= 4; rows++) {
            for (int cols = 2; cols <= 4; cols++) {
                if (rows == 4 && cols == 4) {
                    continue;
                }
                Shape shape = new Shape(rows, cols);
                Normalizer fast = new Normalizer(shape);
                Symmetries slow = new Symmetries(shape);
                for (int k = 0; k < 20_000; k++) {
                    long b = rnd.nextLong() & shape.cellMask();
                    if (rnd.nextBoolean()) {
                        b &= rnd.nextLong();
                    }
                    long n = fast.normalize(b);
                    assertEquals(slow.normalize(b), n, shape + " board " + Long.toHexString(b));
                    for (int s = 0; s < slow.count(); s++) {
                        assertEquals(n, fast.normalize(slow.apply(s, b)), "every image has the same normal form");
                    }
                }
            }
        }
    }
}
