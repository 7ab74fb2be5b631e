package g2048.spark;

import g2048.files.BadFileException;
import g2048.solver.PartitionedAge;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;

/**
 * What the jobs of one age ({@link ForwardAge}, {@link BackwardAge}) need of a game played age by
 * age (the sum of the tiles: a move keeps it, a spawn of a 2 or a 4 adds that): its positions as
 * 64-bit IDs of 4-bit cells, its moves, spawns, seeds and values, and its files. The exact solver's
 * boards are {@link SolverGame}, an endgame table's free cells {@link TableGame}. Sent into every
 * task, so it holds names and builds its move tables on first use.
 */
interface AgeGame extends Serializable {

    /** {@link #move}'s answer for a move that changes nothing. */
    long NO_MOVE = -1;
    /** {@link #move}'s answer for a move that wins the game at once: worth 1 (an endgame table's success). */
    long WON = -2;

    /** The cells a spawn may fall in: an afterstate has at most this many spawns of each tile. */
    int cells();

    /** A bit at the low bit of every empty cell of a position (a spawn of code {@code t} there is {@code x | t << bit}). */
    long emptyCells(long position);

    /** The ID under which the game files a position (its normal form under the game's symmetries, if any). */
    long normalize(long position);

    /** The normalised afterstate of moving {@code state} in direction {@code dir}, or {@link #NO_MOVE} or {@link #WON}. */
    long move(long state, int dir);

    /** Whether {@code state} has no move at all (every {@link #move} is {@link #NO_MOVE}). */
    boolean stuck(long state);

    /** The score a move adds (0 in a game valued by its chance of success). */
    double reward(long state, int dir);

    /** Whether {@link #move} may answer {@link #WON}. */
    boolean wins();

    /** An afterstate's value from the sums, over its {@code empty} cells in cell order, of its 2-spawns' and 4-spawns' values. */
    double spawnMean(double sum2, double sum4, int empty);

    /** The states of {@code age} that no spawn reaches (the game's start), normalised. */
    long[] stateSeeds(int age);

    /** The afterstates of {@code age} that no move reaches, normalised. */
    long[] afterSeeds(int age);

    /** A part's ids file: its sorted unique states and afterstates, and how many states have no move. */
    byte[] ids(int age, long[] states, long[] afters, long terminal);

    /** The states and afterstates of an ids file, checked ({@code file} names it in errors). */
    Ids readIds(Path file, byte[] bytes, int age) throws BadFileException;

    /** A part's backward checkpoint: its states' exact values. */
    byte[] doubles(int age, double[] stateValues);

    /** The {@code n} exact values of a backward checkpoint, checked. */
    double[] readDoubles(Path file, byte[] bytes, int age, int n) throws BadFileException;

    /** A part's values file; {@code best} is its best afterstate value (NaN when it has none). */
    byte[] values(int age, double[] stateValues, double[] afterValues, double best);

    /** A part's states and afterstates, sorted. */
    record Ids(long[] states, long[] afters) {
    }

    /** Part {@code part} of the ids of {@code age}, read from the store. */
    default Ids readIds(Store store, int age, int part) throws IOException {
        String name = PartitionedAge.idsName(age, part);
        return readIds(store.label(name), store.read(name), age);
    }

    /** Part {@code part} of the backward checkpoint of {@code age}, {@code n} values, read from the store. */
    default double[] readDoubles(Store store, int age, int part, int n) throws IOException {
        String name = PartitionedAge.doublesName(age, part);
        return readDoubles(store.label(name), store.read(name), age, n);
    }
}
