package g2048.play;

/** One finished game: its index in the run, its seed, score, number of moves and largest tile code. */
public record GameResult(long index, long seed, long score, int moves, int maxCode, long finalBoard) {

    /** The largest tile's value (2^{@code maxCode}, e.g. 2048). */
    public int maxTile() {
        return 1 << maxCode;
    }
}
