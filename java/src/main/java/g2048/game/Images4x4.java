package g2048.game;

/**
 * The eight images of a 4×4 board under its symmetries: {@code s}<i>k</i> is
 * {@link Symmetries#apply Symmetries.apply}{@code (}<i>k</i>{@code , board)} of the 4×4 shape
 * ({@code s0} the board itself, {@code s1} columns mirrored, {@code s2} rows flipped, {@code s3}
 * both, {@code s4..s7} the same then transposed).
 *
 * <p>This is the one place the hot paths that read a board under every symmetry (the n-tuple
 * networks' look-ups) take the images from. {@link #of} computes one transpose and derives the
 * other transposed images from it by cheaper flips and mirrors (T·M = F·T, T·F = M·T). Built and
 * read inside one compiled method, as those paths do, the record is never allocated: the
 * compiler's escape analysis keeps its eight longs in registers.
 */
public record Images4x4(long s0, long s1, long s2, long s3, long s4, long s5, long s6, long s7) {

    /** The images of {@code board}. */
    public static Images4x4 of(long board) {
        long m = Symmetries.mirrorColumns(board);
        long t = Board.transpose(board);
        long ft = Symmetries.flipRows(t);
        return new Images4x4(board, m, Symmetries.flipRows(board), Symmetries.flipRows(m),
                t, ft, Symmetries.mirrorColumns(t), Symmetries.mirrorColumns(ft));
    }

    /** Image {@code s} (0..7). */
    public long image(int s) {
        return switch (s) {
            case 0 -> s0;
            case 1 -> s1;
            case 2 -> s2;
            case 3 -> s3;
            case 4 -> s4;
            case 5 -> s5;
            case 6 -> s6;
            case 7 -> s7;
            default -> throw new IllegalArgumentException("symmetry " + s + " outside 0..7");
        };
    }
}
