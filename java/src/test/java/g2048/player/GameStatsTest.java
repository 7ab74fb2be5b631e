package g2048.player;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import g2048.game.Shape;
import org.junit.jupiter.api.Test;

/** Mean, sd, max and reach rates of finished games, on every shape's reported tiles. */
class GameStatsTest {

    @Test
    void meanSdMaxAndReachRatesAreThoseOfTheGames() {
        GameStats g = GameStats.of(Shape.S4x4, new long[] {1000, 3000, 8000, 20000}, new int[] {10, 11, 13, 12});
        assertEquals(4, g.games());
        assertEquals(8000.0, g.mean(), 1e-9);
        assertEquals(Math.sqrt((7000.0 * 7000 + 5000.0 * 5000 + 0 + 12000.0 * 12000) / 3), g.sd(), 1e-9);
        assertEquals(20000, g.max());
        assertArrayEquals(new int[] {11, 12, 13, 14, 15}, g.reachCodes());
        assertArrayEquals(new double[] {0.75, 0.5, 0.25, 0, 0}, g.reachRates(), 1e-12);
        assertEquals(0.5, g.reach(12));
        assertThrows(IllegalArgumentException.class, () -> g.reach(10), "2^10 is not reported on 4x4");
    }

    @Test
    void oneGameHasNoSpreadAndNoGamesReportZeros() {
        GameStats one = GameStats.of(Shape.S3x3, new long[] {500}, new int[] {7});
        assertEquals(500.0, one.mean());
        assertEquals(0.0, one.sd());
        GameStats none = GameStats.of(Shape.S3x3, new long[0], new int[0]);
        assertEquals(0, none.games());
        assertEquals(0.0, none.mean());
        assertArrayEquals(new double[5], none.reachRates());
        assertThrows(IllegalArgumentException.class, () -> GameStats.of(Shape.S3x3, new long[2], new int[1]));
    }

    @Test
    void reportedTilesAreTheLargestTilesOfTheShape() {
        assertArrayEquals(new int[] {11, 12, 13, 14, 15}, GameStats.reachCodes(Shape.S4x4));
        assertArrayEquals(new int[] {6, 7, 8, 9, 10}, GameStats.reachCodes(Shape.S3x3));
        assertArrayEquals(new int[] {9, 10, 11, 12, 13}, GameStats.reachCodes(new Shape(3, 4)));
        assertArrayEquals(new int[] {1, 2, 3, 4, 5}, GameStats.reachCodes(Shape.S2x2));
    }
}
