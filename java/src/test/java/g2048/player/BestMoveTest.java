package g2048.player;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The greedy choice: the largest value among the legal moves, ties to the lowest direction. */
class BestMoveTest {

    @Test
    void theLargestLegalValueWinsAndIllegalValuesAreNotRead() {
        assertEquals(2, BestMove.of(new double[] {1, 2, 3, 0}, 0b1111));
        assertEquals(1, BestMove.of(new double[] {1, 2, 3, 0}, 0b1011), "3 is illegal");
        assertEquals(3, BestMove.of(new double[] {Double.NaN, Double.NaN, Double.NaN, -5}, 0b1000));
        assertEquals(0, BestMove.of(new double[] {-1e300, -1e301, 0, 0}, 0b0011));
    }

    @Test
    void tiesGoToTheLowestDirectionAndNoLegalMoveIsMinusOne() {
        assertEquals(1, BestMove.of(new double[] {0, 7, 7, 7}, 0b1110));
        assertEquals(0, BestMove.of(new double[] {4, 4, 4, 4}, 0b1111));
        assertEquals(-1, BestMove.of(new double[] {1, 2, 3, 4}, 0));
    }
}
