package g2048.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import g2048.game.Rng;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LeafSetTest {

    @Test
    void keepsUniqueLeavesInFirstSeenOrderAcrossGrowthAndClears() {
        Rng rng = new Rng(31);
        LeafSet set = new LeafSet(4);
        for (int round = 0; round < 4; round++) {
            set.clear();
            Map<Long, Integer> reference = new LinkedHashMap<>();
            int n = 10 + rng.nextInt(5000);
            for (int i = 0; i < n; i++) {
                long key = rng.nextInt(3000) * 0x0123_4567_89ABL;
                set.add(key);
                reference.putIfAbsent(key, reference.size());
            }
            assertEquals(reference.size(), set.size);
            for (Map.Entry<Long, Integer> e : reference.entrySet()) {
                assertEquals(e.getKey(), set.boards[e.getValue()]);
                set.values[e.getValue()] = e.getKey() * 0.5;
            }
            for (long key : reference.keySet()) {
                assertEquals(key * 0.5, set.value(key));
            }
        }
        set.clear();
        assertThrows(IllegalStateException.class, () -> set.value(12345));
    }
}
