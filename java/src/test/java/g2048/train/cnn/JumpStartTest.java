package g2048.train.cnn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Board;
import g2048.game.Rng;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class JumpStartTest {

    /** The tiles of a board, largest first. */
    private static List<Integer> tiles(long b) {
        List<Integer> t = new ArrayList<>();
        for (int cell = 0; cell < 16; cell++) {
            if (Board.code(b, cell) != 0) {
                t.add(Board.code(b, cell));
            }
        }
        t.sort(Collections.reverseOrder());
        return t;
    }

    private static void assertStart(JumpStart js, int slot, int... large) {
        Rng rng = new Rng(31 + slot);
        int fours = 0;
        int initials = 0;
        for (int i = 0; i < 2000; i++) {
            // Streams slot, slot + 5, ... share the slot.
            List<Integer> t = tiles(js.start(slot + 5 * (i % 3), rng));
            assertEquals(2, t.size(), js + " slot " + slot + ": two tiles, got " + t);
            for (int k = 0; k < large.length; k++) {
                assertEquals(large[k], t.get(k), js + " slot " + slot + " large tile");
            }
            for (int k = large.length; k < 2; k++) {
                int c = t.get(k);
                assertTrue(c == 1 || c == 2, "an initial tile is a 2 or a 4, got code " + c);
                initials++;
                fours += c == 2 ? 1 : 0;
            }
        }
        if (initials > 0) {
            double p4 = (double) fours / initials;
            assertTrue(Math.abs(p4 - 0.1) < 0.03, "initial tiles are 4 with p = 0.1, got " + p4);
        }
    }

    @Test
    void sJumpSlotsHoldTheSeedsTiles() {
        assertStart(JumpStart.S_JUMP, 0);
        assertStart(JumpStart.S_JUMP, 1, 11);
        assertStart(JumpStart.S_JUMP, 2, 12);
        assertStart(JumpStart.S_JUMP, 3, 12, 11);
        assertStart(JumpStart.S_JUMP, 4, 13);
    }

    @Test
    void lJumpSlotsHoldTheSeedsTiles() {
        assertStart(JumpStart.L_JUMP, 0);
        assertStart(JumpStart.L_JUMP, 1, 12);
        assertStart(JumpStart.L_JUMP, 2, 13);
        assertStart(JumpStart.L_JUMP, 3, 13, 12);
        assertStart(JumpStart.L_JUMP, 4, 14);
        assertArrayEquals(new int[] {13, 12}, JumpStart.L_JUMP.largeTiles(3));
    }

    @Test
    void noJumpStartsEveryStreamWithTwoInitialTiles() {
        for (int slot = 0; slot < 5; slot++) {
            assertStart(JumpStart.NOJUMP, slot);
        }
    }

    @Test
    void largeTilesLandOnEveryCell() {
        Rng rng = new Rng(3);
        boolean[] seen = new boolean[16];
        for (int i = 0; i < 1000; i++) {
            long b = JumpStart.S_JUMP.start(4, rng);
            for (int cell = 0; cell < 16; cell++) {
                if (Board.code(b, cell) == 13) {
                    seen[cell] = true;
                }
            }
        }
        for (int cell = 0; cell < 16; cell++) {
            assertTrue(seen[cell], "8192 tile seen on cell " + cell);
        }
    }
}
