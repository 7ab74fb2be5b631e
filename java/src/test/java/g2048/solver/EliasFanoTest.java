package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Elias-Fano round trips and rank look-ups against a plain sorted array, on seeded random sets. */
class EliasFanoTest {

    /** Encodes, decodes and checks rank of every member and of many non-members. */
    private static void check(long[] sorted, Random rnd) {
        try (IdSet set = IdSet.of(sorted); Arena arena = Arena.ofConfined()) {
            long bytes = EliasFano.blockBytes(set);
            MemorySegment seg = arena.allocate(bytes + 16, 8);
            seg.fill((byte) 0x5A);
            assertEquals(bytes, EliasFano.write(set, seg, 8));
            EliasFano.Reader r = new EliasFano.Reader(seg, 8);
            assertEquals(sorted.length, r.size());
            assertEquals(bytes, r.blockBytes());
            try (IdSet back = r.decode()) {
                assertEquals(sorted.length, back.size());
                for (int i = 0; i < sorted.length; i++) {
                    assertEquals(sorted[i], back.get(i), "decoded element " + i);
                }
            }
            for (int i = 0; i < sorted.length; i++) {
                assertEquals(i, r.rank(sorted[i]), "rank of member " + sorted[i]);
                assertEquals(i, set.rank(sorted[i]), "IdSet rank of member " + sorted[i]);
                for (long probe : new long[] {sorted[i] - 1, sorted[i] + 1}) {
                    long want = Arrays.binarySearch(sorted, probe);
                    long expect = want >= 0 ? want : -1;
                    assertEquals(expect, r.rank(probe), "rank of neighbour " + probe);
                    assertEquals(expect, set.rank(probe), "IdSet rank of neighbour " + probe);
                }
            }
            long max = sorted.length == 0 ? 1000 : sorted[sorted.length - 1];
            for (int k = 0; k < 2000; k++) {
                long probe = max <= 0 ? rnd.nextInt(100) : (long) (rnd.nextDouble() * 1.2 * max);
                long want = Arrays.binarySearch(sorted, probe);
                assertEquals(want >= 0 ? want : -1, r.rank(probe), "rank of probe " + probe);
            }
            assertEquals(-1, r.rank(-5));
            assertEquals(-1, r.rank(Long.MAX_VALUE));
        }
    }

    private static long[] randomSet(Random rnd, int n, long universe) {
        TreeSet<Long> s = new TreeSet<>();
        while (s.size() < n) {
            s.add((long) (rnd.nextDouble() * universe));
        }
        return s.stream().mapToLong(Long::longValue).toArray();
    }

    @Test
    void edgeCases() {
        Random rnd = new Random(1);
        check(new long[0], rnd);
        check(new long[] {0}, rnd);
        check(new long[] {7}, rnd);
        check(new long[] {(1L << 62) + 12345}, rnd);
        check(new long[] {0, 1}, rnd);
        check(new long[] {0, Long.MAX_VALUE - 1}, rnd);
    }

    @Test
    void denseSets() {
        Random rnd = new Random(2);
        long[] all = new long[5000];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        check(all, rnd);
        long[] offset = new long[3000];
        for (int i = 0; i < offset.length; i++) {
            offset[i] = 1_000_000 + i;
        }
        check(offset, rnd);
        check(randomSet(rnd, 4000, 4100), rnd);
    }

    @Test
    void sparseAndHugeSets() {
        Random rnd = new Random(3);
        for (int t = 0; t < 20; t++) {
            int n = 1 + rnd.nextInt(3000);
            long universe = 1L << (10 + rnd.nextInt(52));
            check(randomSet(rnd, n, Math.max(universe, 2L * n)), rnd);
        }
        check(randomSet(rnd, 2000, Long.MAX_VALUE / 2), rnd);
    }

    @Test
    void clusteredSets() {
        // Many IDs sharing high parts, long runs of empty buckets between them.
        Random rnd = new Random(4);
        TreeSet<Long> s = new TreeSet<>();
        for (int c = 0; c < 40; c++) {
            long base = (long) (rnd.nextDouble() * (1L << 40));
            for (int k = 0; k < 100; k++) {
                s.add(base + rnd.nextInt(300));
            }
        }
        check(s.stream().mapToLong(Long::longValue).toArray(), rnd);
    }

    @Test
    void packedValuesRoundTrip() {
        Random rnd = new Random(5);
        for (int n : new int[] {0, 1, 2, 63, 64, 65, 1000}) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment v = arena.allocate(Math.max(8, 8L * n), 8);
                double[] want = new double[n];
                for (int i = 0; i < n; i++) {
                    want[i] = i % 7 == 0 ? 0 : rnd.nextDouble() * (i % 3 == 0 ? 1e5 : 10);
                    v.setAtIndex(Layouts.DOUBLE, i, want[i]);
                }
                long bytes = PackedValues.blockBytes(v, n);
                MemorySegment block = arena.allocate(bytes + 8, 8);
                assertEquals(bytes, PackedValues.write(v, n, block, 8));
                PackedValues.Reader r = new PackedValues.Reader(block, 8);
                assertEquals(n, r.size());
                for (int i = 0; i < n; i++) {
                    assertEquals(want[i], r.get(i), PackedValues.ERROR_BOUND, "value " + i);
                }
            }
        }
    }
}
