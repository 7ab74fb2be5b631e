package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The binary range coder: exact round trips of seeded bit streams, and a cost close to their entropy. */
class RangeCoderTest {

    /** A stream of bits, each under a context or direct, as both sides see it. */
    private record Stream(int[] ctx, int[] bits, int[] counts) {
    }

    private static Stream stream(Rng rng, int n, int contexts) {
        double[] p = new double[contexts];
        for (int c = 0; c < contexts; c++) {
            p[c] = rng.nextDouble() < 0.3 ? rng.nextDouble() * 0.02 : rng.nextDouble();
        }
        int[] ctx = new int[n];
        int[] bits = new int[n];
        int[] counts = new int[n];
        for (int i = 0; i < n; i++) {
            if (rng.nextInt(5) == 0) {
                // direct bits: 1 to 20 of them, any value
                counts[i] = 1 + rng.nextInt(20);
                bits[i] = rng.nextInt(1 << counts[i]);
            } else {
                ctx[i] = rng.nextInt(contexts);
                bits[i] = rng.nextDouble() < p[ctx[i]] ? 1 : 0;
            }
        }
        return new Stream(ctx, bits, counts);
    }

    private static byte[] encode(Stream s, int contexts) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RangeEncoder rc = new RangeEncoder(out);
        short[] probs = RangeEncoder.contexts(contexts);
        for (int i = 0; i < s.bits.length; i++) {
            if (s.counts[i] > 0) {
                rc.encodeDirect(s.bits[i], s.counts[i]);
            } else {
                rc.encode(probs, s.ctx[i], s.bits[i]);
            }
        }
        rc.finish();
        return out.toByteArray();
    }

    private static int[] decode(byte[] data, Stream s, int contexts) {
        RangeDecoder rc = new RangeDecoder(data, 0, data.length);
        short[] probs = RangeEncoder.contexts(contexts);
        int[] bits = new int[s.bits.length];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = s.counts[i] > 0 ? rc.decodeDirect(s.counts[i]) : rc.decode(probs, s.ctx[i]);
        }
        rc.finish();
        return bits;
    }

    @Test
    void seededStreamsComeBackExactly() throws IOException {
        Rng rng = new Rng(31);
        for (int seed = 0; seed < 200; seed++) {
            int contexts = 1 + rng.nextInt(64);
            Stream s = stream(rng, rng.nextInt(5000), contexts);
            byte[] data = encode(s, contexts);
            assertArrayEquals(s.bits, decode(data, s, contexts), "stream " + seed);
        }
    }

    @Test
    void longRunsOfCarriesComeBackExactly() throws IOException {
        // bits that are almost always 1 push low up against the carry: 0xFF bytes held back, then carried into
        Stream s = new Stream(new int[200_000], new int[200_000], new int[200_000]);
        Arrays.fill(s.bits, 1);
        Rng rng = new Rng(5);
        for (int k = 0; k < 50; k++) {
            s.bits[rng.nextInt(s.bits.length)] = 0;
        }
        byte[] data = encode(s, 1);
        assertArrayEquals(s.bits, decode(data, s, 1));
    }

    @Test
    void aSkewedSourceCostsCloseToItsEntropy() throws IOException {
        int n = 400_000;
        double p = 0.05;
        Rng rng = new Rng(77);
        Stream s = new Stream(new int[n], new int[n], new int[n]);
        for (int i = 0; i < n; i++) {
            s.bits[i] = rng.nextDouble() < p ? 1 : 0;
        }
        double entropyBytes = n * -(p * Math.log(p) + (1 - p) * Math.log(1 - p)) / Math.log(2) / 8;
        int bytes = encode(s, 1).length;
        assertTrue(bytes < entropyBytes * 1.06 && bytes > entropyBytes * 0.94, bytes + " bytes, entropy " + entropyBytes);
    }

    @Test
    void truncatedOrPaddedDataIsRefused() throws IOException {
        Rng rng = new Rng(8);
        Stream s = stream(rng, 3000, 8);
        byte[] data = encode(s, 8);
        byte[] shorter = Arrays.copyOf(data, data.length - 2);
        byte[] longer = Arrays.copyOf(data, data.length + 1);
        RangeDecoder.CorruptException early = assertThrows(RangeDecoder.CorruptException.class, () -> decode(shorter, s, 8));
        assertEquals("ends early", early.getMessage());
        RangeDecoder.CorruptException after = assertThrows(RangeDecoder.CorruptException.class, () -> decode(longer, s, 8));
        assertEquals("1 bytes after the coded data", after.getMessage());
        byte[] notStarted = data.clone();
        notStarted[0] = 1;
        assertThrows(RangeDecoder.CorruptException.class, () -> decode(notStarted, s, 8));
        assertThrows(RangeDecoder.CorruptException.class, () -> new RangeDecoder(new byte[4], 0, 4));
    }
}
