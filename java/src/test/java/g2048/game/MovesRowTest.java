package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one-row slides and rewards against whole-board moves, for every row of every row length. */
class MovesRowTest {

    @Test
    void oneRowSlidesAndRewardsMatchTheWholeBoardMoves() {
        for (Shape s : new Shape[] {Shape.S2x2, Shape.S3x3, Shape.S4x4, Shape.S2x3}) {
            Moves m = Moves.of(s);
            int cells = s.cols();
            for (int row = 0; row < 1 << (4 * cells); row++) {
                long board = row; // the row as row 0, the others empty
                assertEquals(m.left(board), m.slideLow(row), s + " row " + Integer.toHexString(row));
                assertEquals(m.right(board), m.slideHigh(row), s + " row " + Integer.toHexString(row));
                assertEquals(m.reward(board, 3), m.rowReward(row));
                assertEquals(m.reward(board, 1), m.rowReward(row), "the reward does not depend on the side");
            }
        }
    }
}
