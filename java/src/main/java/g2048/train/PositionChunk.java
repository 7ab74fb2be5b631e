package g2048.train;

/**
 * A pooled batch of (afterstate, target) pairs on its way from a generator to the trainer: boards
 * as longs and targets as floats in flat arrays, so nothing is boxed per position. A chunk belongs
 * to one generator's pool and goes back to it once the trainer has copied it.
 */
public final class PositionChunk {

    final int owner;
    final long[] boards;
    final float[] targets;
    int count;
    /** Distinct positions in the chunk (count / 8 with augmentation). */
    int positions;
    /** The chunk ends a game ({@code game} batching sends games as runs of chunks). */
    boolean endOfGame;

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

    boolean isFull() {
        return count == boards.length;
    }

    void clear() {
        count = 0;
        positions = 0;
        endOfGame = false;
    }

    void add(long board, float target) {
        boards[count] = board;
        targets[count] = target;
        count++;
    }
}
