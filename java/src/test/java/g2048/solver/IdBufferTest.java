package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The threads' buffers merged by {@link IdSet#union} against a {@link TreeSet}: seeded random IDs
 * with many repeats, small and large (the radix sort and the compaction when a buffer fills), the
 * buffers reused after {@link IdBuffer#clear}, and the ID 0 (a table's seed: its free cells empty).
 */
class IdBufferTest {

    @Test
    void theUnionIsTheSortedSetOfEveryIdAdded() {
        SplittableRandom random = new SplittableRandom(20261129);
        IdBuffer[] buffers = {new IdBuffer(), new IdBuffer(), new IdBuffer()};
        for (int round = 0; round < 24; round++) {
            for (IdBuffer b : buffers) {
                b.clear();
            }
            int r = round;
            TreeSet<Long> want = new TreeSet<>();
            int n = round % 8 == 7 ? 150_000 : random.nextInt(5000);
            long range = round % 2 == 0 ? 1000 : 1L << (8 + random.nextInt(48));
            for (int i = 0; i < n; i++) {
                long id = random.nextInt(10) == 0 ? 0 : random.nextLong(range);
                buffers[random.nextInt(buffers.length)].add(id);
                want.add(id);
            }
            try (IdSet got = IdSet.union(buffers)) {
                List<Long> ids = new ArrayList<>();
                for (long i = 0; i < got.size(); i++) {
                    ids.add(got.get(i));
                }
                assertEquals(new ArrayList<>(want), ids, () -> "round " + r + ": " + want.size() + " IDs, " + ids.size()
                        + " in the union; missing " + want.stream().filter(x -> !new TreeSet<>(ids).contains(x)).limit(5).toList());
            }
        }
    }
}
