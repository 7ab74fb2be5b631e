package g2048.play;

/** One finished game: its index in the run, its seed, score, number of moves and largest tile code. */
public record GameResult(long index, long seed, long score, int moves, int maxCode, long finalBoard) {
}
