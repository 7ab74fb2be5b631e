package g2048.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The table's check of another player's move: within the margin it stands, beyond it the player's favourite among the near-best moves. */
class TablePlayerTest {

    private static final double NaN = Double.NaN;

    private static int check(double[] p, int best, int mine, double[] own, double margin) {
        return TablePlayer.check(new TableSet.Decision(best, p, null), mine, own, margin);
    }

    @Test
    void theTableOverrulesOnlyBeyondTheMargin() {
        double[] p = {0.90, NaN, 0.89, 0.50};
        double[] own = {1.0, 5.0, 2.0, 9.0};
        assertEquals(2, check(p, 0, 2, own, 0.02), "within the margin the player's move stands");
        assertEquals(2, check(p, 0, 3, own, 0.02), "beyond it, the player's favourite of the near-best");
        assertEquals(0, check(p, 0, 3, own, 0), "margin 0: the table's best moves only");
        assertEquals(2, check(p, 0, 1, own, 0.02), "a move the table values not (it shifts the big tiles) is overruled");
        assertEquals(3, check(p, 0, 3, own, 0.5), "a wide margin lets the player be");
        assertEquals(0, check(p, 0, 3, new double[] {NaN, NaN, NaN, NaN}, 0.02), "without values, the table's best");
        assertEquals(2, check(p, 0, -1, own, 0.02), "no choice at all");
    }
}
