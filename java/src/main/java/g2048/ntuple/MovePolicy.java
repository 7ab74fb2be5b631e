package g2048.ntuple;

/** Chooses a move with a network; one instance per thread (it may hold scratch space). */
public interface MovePolicy {

    /** The chosen direction (0..3, see {@link g2048.game.Direction}), -1 if no move is legal. */
    int chooseMove(long board);
}
