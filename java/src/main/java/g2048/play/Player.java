package g2048.play;

/**
 * Chooses moves. A player may hold per-game state (a random stream, a search's scratch space): the
 * runner calls {@link #forThread()} once per thread on a shared player and {@link #startGame} before
 * each game, so that every game is reproducible from its seed whatever the number of threads.
 */
public interface Player {

    /** The chosen direction (0..3, see {@link g2048.game.Direction}), or -1 if no move is legal. */
    int chooseMove(long board);

    /** Called before each game with that game's seed. */
    default void startGame(long gameSeed) {
    }

    /** An instance for the calling thread; players without mutable state return themselves. */
    default Player forThread() {
        return this;
    }

    /** A short name for reports, e.g. {@code random} or {@code ntuple 4x6 depth 2}. */
    String name();
}
