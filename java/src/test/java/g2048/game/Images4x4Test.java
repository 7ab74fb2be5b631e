package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The eight images of the hot paths against the symmetries' definition ({@link SymmetriesTest} checks that against grids). */
class Images4x4Test {

    @Test
    void imageSIsTheSymmetryS() {
        Symmetries sym = new Symmetries(Shape.S4x4);
        RandomBoards random = new RandomBoards(Shape.S4x4, 81);
        Rng rng = new Rng(82);
        for (int i = 0; i < 50_000; i++) {
            // realistic boards, and any 64 bits (every nibble, 32768 tiles and all)
            long board = i % 2 == 0 ? random.next() : rng.nextLong();
            Images4x4 images = Images4x4.of(board);
            for (int s = 0; s < 8; s++) {
                assertEquals(sym.apply(s, board), images.image(s), "symmetry " + s + " of " + Long.toHexString(board));
            }
            assertEquals(board, images.s0());
            assertEquals(images.image(7), images.s7());
        }
        assertThrows(IllegalArgumentException.class, () -> Images4x4.of(1).image(8));
    }

    @Test
    void mirrorAndFlipAreInvolutionsThatCommute() {
        Rng rng = new Rng(83);
        for (int i = 0; i < 50_000; i++) {
            long b = rng.nextLong();
            assertEquals(b, Symmetries.mirrorColumns(Symmetries.mirrorColumns(b)));
            assertEquals(b, Symmetries.flipRows(Symmetries.flipRows(b)));
            assertEquals(Symmetries.flipRows(Symmetries.mirrorColumns(b)), Symmetries.mirrorColumns(Symmetries.flipRows(b)));
            // T·M = F·T and T·F = M·T: how the transposed images are derived from one transpose
            assertEquals(Board.transpose(Symmetries.mirrorColumns(b)), Symmetries.flipRows(Board.transpose(b)));
            assertEquals(Board.transpose(Symmetries.flipRows(b)), Symmetries.mirrorColumns(Board.transpose(b)));
        }
    }
}
