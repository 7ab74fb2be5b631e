package g2048.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link RegionGame#spawnMean}: a probability, 1 exactly where every spawn succeeds, for every count of free cells. */
class SpawnMeanTest {

    @Test
    void everySpawnSucceedingIsCertainForAnyCountOfFreeCells() {
        for (int empty = 1; empty <= 14; empty++) {
            assertEquals(1.0, RegionGame.spawnMean(empty, empty, empty), "all " + empty + " spawns succeed");
        }
    }

    @Test
    void theMeanOfProbabilitiesIsOneAndMatchesTheWeightedMean() {
        SplittableRandom random = new SplittableRandom(52);
        for (int i = 0; i < 100_000; i++) {
            int empty = 1 + random.nextInt(14);
            double sum2 = 0;
            double sum4 = 0;
            for (int c = 0; c < empty; c++) {
                sum2 += random.nextInt(4) == 0 ? 1.0 : random.nextDouble();
                sum4 += random.nextInt(4) == 0 ? 1.0 : random.nextDouble();
            }
            double mean = RegionGame.spawnMean(sum2, sum4, empty);
            assertTrue(mean >= 0 && mean <= 1, "a probability, got " + mean);
            assertEquals((0.9 * sum2 + 0.1 * sum4) / empty, mean, 1e-15);
        }
    }
}
