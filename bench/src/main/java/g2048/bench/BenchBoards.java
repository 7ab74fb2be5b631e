package g2048.bench;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;

/**
 * Realistic boards for the benchmarks: every state of seeded games played with uniformly random
 * legal moves (tiles up to 256 or 512 on 4×4, many equal neighbours, a few empty cells), drawn in
 * advance so that a benchmark measures moves, not board generation.
 */
final class BenchBoards {

    private BenchBoards() {
    }

    /** {@code count} states of random games on {@code shape}, from {@code seed}. */
    static long[] randomGameStates(Shape shape, int count, long seed) {
        Moves moves = Moves.of(shape);
        Rng rng = new Rng(seed);
        long cellMask = shape.cellMask();
        long[] boards = new long[count];
        long board = Spawns.initial(shape, rng);
        for (int i = 0; i < count; i++) {
            boards[i] = board;
            int d = moves.randomLegalMove(board, rng);
            board = d < 0 ? Spawns.initial(shape, rng) : Spawns.spawn(moves.move(board, d), cellMask, rng);
        }
        return boards;
    }
}
