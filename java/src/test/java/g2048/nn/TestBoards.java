package g2048.nn;

import g2048.game.Board;
import g2048.game.Rng;

/** Seeded random boards for the network tests. */
final class TestBoards {

    private TestBoards() {
    }

    /** A board whose cells are empty with probability ~1/3, else a code in 1..15. */
    static long random(Rng rng) {
        long b = 0;
        for (int cell = 0; cell < 16; cell++) {
            if (rng.nextInt(3) != 0) {
                b = Board.withCode(b, cell, 1 + rng.nextInt(15));
            }
        }
        return b;
    }

    static long[] random(Rng rng, int n) {
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            b[i] = random(rng);
        }
        return b;
    }
}
