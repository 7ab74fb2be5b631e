package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The generator: determinism from the seed, ranges, uniformity, per-game seeds. */
class RngTest {

    @Test
    void theSameSeedGivesTheSameSequence() {
        Rng a = new Rng(123);
        Rng b = new Rng(123);
        long[] first = new long[1000];
        for (int i = 0; i < first.length; i++) {
            first[i] = a.nextLong();
            assertEquals(first[i], b.nextLong());
        }
        a.reseed(123);
        for (long v : first) {
            assertEquals(v, a.nextLong(), "reseed restarts the sequence");
        }
        Rng c = new Rng(124);
        int same = 0;
        for (long v : first) {
            same += c.nextLong() == v ? 1 : 0;
        }
        assertEquals(0, same, "a neighbouring seed gives another sequence");
    }

    @Test
    void nextIntIsInRangeAndUniform() {
        Rng rng = new Rng(7);
        for (int bound : new int[] {1, 2, 3, 7, 16, 24}) {
            long[] counts = new long[bound];
            int n = 100_000 * bound;
            for (int i = 0; i < n; i++) {
                int v = rng.nextInt(bound);
                assertTrue(v >= 0 && v < bound);
                counts[v]++;
            }
            if (bound > 1) {
                double[] expected = new double[bound];
                java.util.Arrays.fill(expected, (double) n / bound);
                double chi = Statistics.chiSquare(counts, expected);
                assertTrue(chi < Statistics.chiSquareCritical(bound - 1), "bound " + bound + ": chi-square " + chi);
            }
        }
    }

    @Test
    void nextDoubleAndGaussianHaveTheirMoments() {
        Rng rng = new Rng(8);
        int n = 1_000_000;
        double sum = 0;
        double gSum = 0;
        double gSq = 0;
        for (int i = 0; i < n; i++) {
            double u = rng.nextDouble();
            assertTrue(u >= 0 && u < 1);
            sum += u;
            double g = rng.nextGaussian();
            gSum += g;
            gSq += g * g;
        }
        assertEquals(0.5, sum / n, 0.002);
        assertEquals(0.0, gSum / n, 0.005);
        assertEquals(1.0, gSq / n, 0.005);
    }

    @Test
    void gameSeedsAreDistinctAndDependOnTheRunSeed() {
        Set<Long> seeds = new HashSet<>();
        for (long i = 0; i < 100_000; i++) {
            assertTrue(seeds.add(Rng.gameSeed(1, i)), "game " + i + " repeats a seed");
        }
        assertEquals(Rng.gameSeed(5, 3), Rng.gameSeed(5, 3));
        assertNotEquals(Rng.gameSeed(5, 3), Rng.gameSeed(6, 3));
    }
}
