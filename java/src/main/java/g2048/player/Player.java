package g2048.player;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Chooses moves: the one move-choice interface of the engine, for learned, searching, solved and
 * built-in players alike. Only {@link #chooseMove(long)} is required, so a learner or a method
 * reference is a player as it stands; {@link #chooseMove(long, double[])} gives the choice with each
 * move's value, for the players that value moves (a search, a solution).
 *
 * <p><b>Threading.</b> A player may hold per-game state (a random stream, a search's scratch space):
 * a runner calls {@link #forThread()} once per thread on a shared player and {@link #startGame}
 * before each game, so that every game is reproducible from its seed whatever the number of threads.
 */
@FunctionalInterface
public interface Player {

    /** The chosen direction (0..3, see {@link g2048.game.Direction}), or -1 if no move is legal. */
    int chooseMove(long board);

    /**
     * The chosen direction, as {@link #chooseMove(long)}, with each direction's value in
     * {@code values[0..3]}: NaN for an illegal move, and for every move of a player without values
     * (the default).
     */
    default int chooseMove(long board, double[] values) {
        Arrays.fill(values, 0, 4, Double.NaN);
        return chooseMove(board);
    }

    /** Called before each game with that game's seed. */
    default void startGame(long gameSeed) {
    }

    /** An instance for the calling thread; players without mutable state return themselves. */
    default Player forThread() {
        return this;
    }

    /** A short name for reports, e.g. {@code random} or {@code ntuple 4x6 depth 2}. */
    default String name() {
        return getClass().getSimpleName();
    }

    /**
     * A player named {@code name} whose every thread gets its own instance from {@code make}: for
     * players that keep scratch space but know nothing of threads (a learner's move choice).
     */
    static Player perThread(String name, Supplier<? extends Player> make) {
        return new PerThreadPlayer(name, make);
    }

    /** How a valuing player chooses: {@link #chooseMove(long, double[])} alone. */
    @FunctionalInterface
    interface Valuing {
        int chooseMove(long board, double[] values);
    }

    /** A player named {@code name} that values every move by {@code valuing}, its plain choice included. */
    static Player valuing(String name, Valuing valuing) {
        return new Player() {
            @Override
            public int chooseMove(long board) {
                return valuing.chooseMove(board, new double[4]);
            }

            @Override
            public int chooseMove(long board, double[] values) {
                return valuing.chooseMove(board, values);
            }

            @Override
            public String name() {
                return name;
            }
        };
    }
}
