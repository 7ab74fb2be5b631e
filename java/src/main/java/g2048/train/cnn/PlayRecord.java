package g2048.train.cnn;

/**
 * The record of one play stream for the restart strategy (Matsuzaki 2021): the state and the score
 * at every turn since the game began. A play that started at turn s and ended at turn e makes the
 * next play start at turn (s + e) / 2 of this record, unless e − s ≤ 10, when a fresh game starts.
 */
public final class PlayRecord {

    /** Plays this short or shorter are followed by a fresh game. */
    public static final int MIN_RESTART_LENGTH = 10;

    private long[] states = new long[1024];
    private long[] scores = new long[1024];
    private int start;
    private int turn;

    /** Begins a fresh game from {@code board} at turn 0 with score 0. */
    public void fresh(long board) {
        states[0] = board;
        scores[0] = 0;
        start = 0;
        turn = 0;
    }

    /** Records the next turn's state and the score so far. */
    public void advance(long board, long score) {
        turn++;
        if (turn == states.length) {
            states = java.util.Arrays.copyOf(states, 2 * turn);
            scores = java.util.Arrays.copyOf(scores, 2 * turn);
        }
        states[turn] = board;
        scores[turn] = score;
    }

    /**
     * After the play ended at the current turn: moves to the middle of the play and returns true,
     * or returns false (the caller starts a fresh game) when the play was too short.
     */
    public boolean restartFromMiddle() {
        if (turn - start <= MIN_RESTART_LENGTH) {
            return false;
        }
        start = (start + turn) >>> 1;
        turn = start;
        return true;
    }

    public long board() {
        return states[turn];
    }

    public long score() {
        return scores[turn];
    }

    /** The turn the current play started at. */
    public int startTurn() {
        return start;
    }

    public int turn() {
        return turn;
    }

    /** The state recorded at turn {@code t} (t ≤ {@link #turn()}). */
    public long stateAt(int t) {
        return states[t];
    }
}
