package g2048.train.cnn;

import java.util.Arrays;

/**
 * A pooled batch of (afterstate, target) pairs on its way from a generator to the trainer: boards
 * as longs and targets as floats in flat arrays, so nothing is boxed per position. A chunk belongs
 * to one generator's pool and goes back to it once the trainer is done with it.
 *
 * <p>Under {@code game} batching a chunk is one whole game: a lane writes its play into its own
 * chunk, which grows as the play does ({@link #grow}; it keeps its size in the pool), and the
 * trainer steps on it where it lies. Otherwise a generator sends a chunk before it is full.
 */
public final class PositionChunk {

    final int owner;
    long[] boards;
    float[] targets;
    int count;
    /** Distinct positions in the chunk (count / 8 with augmentation). */
    int positions;

    PositionChunk(int owner, int capacity) {
        this.owner = owner;
        this.boards = new long[capacity];
        this.targets = new float[capacity];
    }

    int capacity() {
        return boards.length;
    }

    /** Distinct positions in the chunk (its pairs, or a eighth of them with augmentation). */
    public int positions() {
        return positions;
    }

    void clear() {
        count = 0;
        positions = 0;
    }

    /** Makes room for at least {@code pairs} pairs, keeping the first {@link #count}: a game outgrowing its chunk. */
    void grow(int pairs) {
        int size = Math.max(pairs, 2 * boards.length);
        boards = Arrays.copyOf(boards, size);
        targets = Arrays.copyOf(targets, size);
    }

    /** Appends a pair; the chunk must have room (a generator sends it before it is full). */
    void add(long board, float target) {
        boards[count] = board;
        targets[count] = target;
        count++;
    }
}
