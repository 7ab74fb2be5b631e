package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InitializerTest {

    @Test
    void truncatedNormalIsSeededBoundedAndHasTheTruncatedSpread() {
        Network net = new Network(Architectures.named("CNN22SSS"));
        float[] a = Initializer.truncatedNormal(net, 42);
        assertArrayEquals(a, Initializer.truncatedNormal(net, 42));
        double sum = 0;
        double sq = 0;
        for (float x : a) {
            assertTrue(Math.abs(x) <= 0.2f + 1e-7, "within ±2σ: " + x);
            sum += x;
            sq += x * x;
        }
        double mean = sum / a.length;
        double sd = Math.sqrt(sq / a.length - mean * mean);
        assertEquals(0, mean, 1e-3);
        // A normal truncated at ±2σ has sd 0.8796σ.
        assertEquals(0.08796, sd, 1e-3);
    }
}
