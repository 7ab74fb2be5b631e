package g2048.solver;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * One age's states and their exact values, as a backward pass holds the two ages after the one it
 * solves (a spawn adds 2 or 4 to the tile sum): the states' IDs and a value per ID, both freed together.
 *
 * @param ids    the age's states, in ID order
 * @param values one double per state, in the same order
 * @param arena  the arena holding {@code values}; null for the empty age
 */
public record SolvedAge(IdSet ids, MemorySegment values, Arena arena) implements AutoCloseable {

    /** An age with no states: past the last age, or before a backward pass has written any. */
    public static SolvedAge empty() {
        return new SolvedAge(IdSet.empty(), MemorySegment.NULL, null);
    }

    @Override
    public void close() {
        ids.close();
        if (arena != null) {
            arena.close();
        }
    }
}
