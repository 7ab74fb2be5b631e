package g2048.train.cnn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimeSplitTest {

    @Test
    void anIntervalIsTheDifferenceAndItsSharesAreOfEachThreadsWhole() {
        TimeSplit before = new TimeSplit(1_000, 500, 100, 2_000, 1_000, 500, 10);
        TimeSplit after = new TimeSplit(11_000, 7_500, 1_100, 12_000, 10_000, 1_500, 12);
        TimeSplit interval = after.since(before);
        assertEquals(new TimeSplit(10_000, 7_000, 1_000, 10_000, 9_000, 1_000, 2), interval);
        assertEquals(2_000, interval.playNanos());
        assertEquals(0.0045, interval.millisPerStep(), 1e-12);
        assertEquals("generators: values 70%, play 20%, waiting 10% | trainer: steps 90% (0.00 ms each), waiting 10%", interval.describe());
    }

    @Test
    void anEmptyIntervalSaysSoInsteadOfDividingByZero() {
        TimeSplit zero = new TimeSplit(0, 0, 0, 0, 0, 0, 0);
        assertEquals(Double.NaN, zero.millisPerStep());
        assertEquals("generators: values -, play -, waiting - | trainer: steps - (NaN ms each), waiting -", zero.describe());
    }
}
