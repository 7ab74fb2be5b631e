package g2048.search;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;

/** Seeded test positions: random boards of a shape, and positions reached by random play. */
final class Positions {

    private Positions() {
    }

    /** A board with each cell drawn from 0..maxCode (empty with probability about 1/(maxCode+1)). */
    static long randomBoard(Shape s, Rng rng, int maxCode) {
        long b = 0;
        for (int r = 0; r < s.rows(); r++) {
            for (int c = 0; c < s.cols(); c++) {
                b = Board.withCode(b, 4 * r + c, rng.nextInt(maxCode + 1));
            }
        }
        return b;
    }

    /** The position after up to {@code maxMoves} random legal moves and spawns from an initial state. */
    static long played(Shape s, Rng rng, int maxMoves) {
        Moves m = Moves.of(s);
        long board = Spawns.initial(s, rng);
        int steps = rng.nextInt(maxMoves + 1);
        for (int i = 0; i < steps && !m.isTerminal(board); i++) {
            int mask = m.legalMask(board);
            int d;
            do {
                d = rng.nextInt(4);
            } while ((mask & (1 << d)) == 0);
            board = Spawns.spawn(m.move(board, d), s, rng);
        }
        return board;
    }
}
