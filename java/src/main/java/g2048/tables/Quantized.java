package g2048.tables;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * How a table stores a probability: {@code round(p · 65535)} in 16 bits (little-endian), so a
 * stored probability is within {@link #ERROR_BOUND} (2^-17) of the exact one. The build computes in
 * doubles and never reads a stored value back, so the error does not accumulate.
 */
final class Quantized {

    static final int MAX = 65535;
    /** The largest difference between a stored probability and the exact one. */
    static final double ERROR_BOUND = 0.5 / MAX;

    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private Quantized() {
    }

    /** The bytes of {@code n} values, padded to whole longs. */
    static long bytes(long n) {
        return (2 * n + 7) & ~7L;
    }

    static void set(MemorySegment seg, long base, long i, double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalStateException("probability " + p + " outside [0, 1]");
        }
        seg.set(U16, base + 2 * i, (short) Math.round(p * MAX));
    }

    static double get(MemorySegment seg, long base, long i) {
        return Short.toUnsignedInt(seg.get(U16, base + 2 * i)) / (double) MAX;
    }
}
