package g2048.ntuple;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The check that a model's float32 data (its weights, or its temporal-coherence accumulators) holds
 * finite numbers only: a NaN or an infinity would make a model that chooses no move.
 */
final class FiniteCheck {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    /** The bits of an infinity's magnitude: a float is finite exactly when its magnitude's bits are below them. */
    private static final int INFINITY_BITS = Float.floatToRawIntBits(Float.POSITIVE_INFINITY);

    private FiniteCheck() {
    }

    /** Refuses a part of the data, whose first float is entry {@code first}, that holds a NaN or an infinity. */
    static void checkFinite(String file, MemorySegment data, long first) {
        if (allFinite(data)) {
            return;
        }
        long n = data.byteSize() / Float.BYTES;
        for (long i = 0; i < n; i++) {
            if (!Float.isFinite(data.getAtIndex(F, i))) {
                throw new ModelFileException(file, "value " + data.getAtIndex(F, i) + " at entry " + (first + i)
                        + ": weights must be finite numbers");
            }
        }
    }

    /** Whether every float of {@code data} is finite: {@link WeightCheck#allBelow} with an infinity's bits as the bound. */
    static boolean allFinite(MemorySegment data) {
        return WeightCheck.allBelow(data, INFINITY_BITS);
    }
}
