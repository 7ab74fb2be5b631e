package g2048.train.cnn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PlayRecordTest {

    @Test
    void nextPlayStartsFromTheMiddleOfTheLast() {
        PlayRecord r = new PlayRecord();
        r.fresh(100);
        for (int t = 1; t <= 3000; t++) {
            r.advance(100 + t, 10L * t);
        }
        // s_1 = 0, e_1 = 3000: s_2 = 1500.
        assertTrue(r.restartFromMiddle());
        assertEquals(1500, r.startTurn());
        assertEquals(1600, r.board());
        assertEquals(15000, r.score());
        // The second play overwrites the record after its start and ends at e_2 = 1541.
        for (int t = 1501; t <= 1541; t++) {
            r.advance(-t, 7L * t);
        }
        assertTrue(r.restartFromMiddle());
        assertEquals((1500 + 1541) / 2, r.startTurn());
        assertEquals(-1520, r.board());
        assertEquals(1600, r.stateAt(1500), "the record before the restart point is kept");
    }

    @Test
    void aPlayOfTenTurnsOrFewerIsFollowedByAFreshGame() {
        PlayRecord r = new PlayRecord();
        r.fresh(1);
        for (int t = 1; t <= 40; t++) {
            r.advance(t, t);
        }
        assertTrue(r.restartFromMiddle());
        assertEquals(20, r.startTurn());
        for (int t = 21; t <= 30; t++) {
            r.advance(t, t);
        }
        assertFalse(r.restartFromMiddle(), "e - s = 10");
        r.fresh(5);
        for (int t = 1; t <= 11; t++) {
            r.advance(t, t);
        }
        assertTrue(r.restartFromMiddle(), "e - s = 11");
        assertEquals(5, r.startTurn());
    }
}
