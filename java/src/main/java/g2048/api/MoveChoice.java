package g2048.api;

import g2048.game.Direction;
import java.util.Locale;

/**
 * A move chosen for one board with what a tool shows beside it: each direction's value (reward +
 * the expected value below it, as deep as the search went; NaN for an illegal move), the depth the
 * search finished and the time it took.
 */
public final class MoveChoice {

    private final Direction move;
    private final int legal;
    private final double[] values;
    private final int depth;
    private final long elapsedNanos;

    MoveChoice(Direction move, int legal, double[] values, int depth, long elapsedNanos) {
        this.move = move;
        this.legal = legal;
        this.values = values.clone();
        this.depth = depth;
        this.elapsedNanos = elapsedNanos;
    }

    /** The move chosen, or null when no move is legal. */
    public Direction move() {
        return move;
    }

    /**
     * The value of moving in {@code direction}; NaN when that move is illegal, and for every move of
     * a player that does not value moves (a Q-learning model plays from its action networks).
     */
    public double value(Direction direction) {
        return values[direction.ordinal()];
    }

    /** Whether moving in {@code direction} changes the board. */
    public boolean legal(Direction direction) {
        return (legal >> direction.ordinal() & 1) != 0;
    }

    /** The depth of the search that chose: 1 greedy, more for expectimax (with a time budget, the depth it finished). */
    public int depth() {
        return depth;
    }

    /** Wall time of the choice in nanoseconds. */
    public long elapsedNanos() {
        return elapsedNanos;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(move == null ? "no legal move" : move.toString()).append(" (");
        for (Direction d : Direction.ALL) {
            sb.append(d.letter()).append(' ')
                    .append(legal(d) ? String.format(Locale.ROOT, "%.1f", value(d)) : "illegal")
                    .append(d == Direction.LEFT ? "" : ", ");
        }
        return sb.append(String.format(Locale.ROOT, "; depth %d, %.3f ms)", depth, elapsedNanos / 1e6)).toString();
    }
}
