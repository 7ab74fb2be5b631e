package g2048.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TranspositionTableTest {

    private record Key(long board, int plies, long prob) {
    }

    @Test
    void everyHitReturnsTheLastValueStoredUnderThatExactKey() {
        Rng rng = new Rng(21);
        TranspositionTable t = new TranspositionTable(6);
        Map<Key, Double> reference = new HashMap<>();
        t.newStamp();
        long hits = 0;
        for (int i = 0; i < 20_000; i++) {
            Key k = new Key(rng.nextInt(40) * 0x1111L, 1 + rng.nextInt(3), rng.nextInt(2) == 0 ? 0 : rng.nextInt(3));
            if (rng.nextInt(2) == 0) {
                double v = rng.nextDouble();
                t.store(k.board, k.plies, k.prob, v);
                reference.put(k, v);
            } else if (t.find(k.board, k.plies, k.prob)) {
                hits++;
                assertEquals(reference.get(k), t.foundValue(), k.toString());
            }
        }
        assertTrue(hits > 1000, "a small table still hits: " + hits);
    }

    @Test
    void aNewStampForgetsEverything() {
        TranspositionTable t = new TranspositionTable(8);
        t.newStamp();
        t.store(42, 2, 0, 1.5);
        assertTrue(t.find(42, 2, 0));
        assertFalse(t.find(42, 1, 0));
        assertFalse(t.find(42, 2, 1));
        assertFalse(t.find(43, 2, 0));
        t.newStamp();
        assertFalse(t.find(42, 2, 0));
        assertFalse(new TranspositionTable(8).find(0, 0, 0), "an unwritten slot never hits, even for board 0");
    }
}
