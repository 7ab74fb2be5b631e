package g2048.ntuple;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The bound on an n-tuple model's weights, checked wherever weights come in (model files, imports):
 * a board's value is a float sum of one weight per feature, and weights large enough for that sum
 * to overflow would make values infinite, which no answer can carry.
 */
public final class WeightCheck {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;
    private static final ValueLayout.OfLong WORDS = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final long MAGNITUDES = 0x7FFF_FFFF_7FFF_FFFFL;
    private static final long SIGNS = 0x8000_0000_8000_0000L;

    private WeightCheck() {
    }

    /**
     * The largest weight magnitude a model of {@code spec} may hold: a board's value is the float sum of
     * one weight per tuple and image (at most eight images), and that sum must stay finite with room to
     * spare (2^16 times over, for the searches' and ensembles' sums of values). Real models' weights are
     * below 10^6; the limit (about 10^32 for 32 features) refuses only damage and crafted files, whose
     * values would otherwise come out infinite.
     */
    public static float limit(TupleSpec spec) {
        int features = spec.tuples().length * (spec.symmetric() ? 8 : 1);
        return (float) (Float.MAX_VALUE / 65536.0 / features);
    }

    /** Why a table weight {@code w} is refused for a model whose {@link #limit} is {@code limit}, or null. */
    public static String problem(float w, float limit) {
        if (!Float.isFinite(w)) {
            return "weights must be finite numbers";
        }
        if (Math.abs(w) > limit) {
            return "too large: a board's value sums a weight per tuple and image and could overflow (at most " + limit
                    + " each)";
        }
        return null;
    }

    /**
     * Refuses table weights of {@code data} (its first float entry {@code first}) that are not finite or
     * exceed {@code limit} ({@link #limit}), naming the entry; two floats at a time ({@link #allBelow}).
     */
    static void check(String file, MemorySegment data, long first, float limit) {
        if (allBelow(data, Float.floatToRawIntBits(limit) + 1)) {
            return;
        }
        long n = data.byteSize() / Float.BYTES;
        for (long i = 0; i < n; i++) {
            float w = data.getAtIndex(F, i);
            String problem = problem(w, limit);
            if (problem != null) {
                throw new ModelFileException(file, "value " + w + " at entry " + (first + i) + ": " + problem);
            }
        }
    }

    /**
     * Whether every float of {@code data} has a magnitude's bits below {@code bound} (positive), two at a
     * time without a branch (a model's start scans hundreds of megabytes so): the magnitude (31 bits) plus 2^31 − bound reaches the sign bit exactly
     * when it is at least {@code bound}, and never carries beyond it. NaN and infinities are above
     * any finite bound.
     */
    static boolean allBelow(MemorySegment data, int bound) {
        long add = (0x8000_0000L - bound) & 0xFFFF_FFFFL;
        add |= add << 32;
        long longs = data.byteSize() / Long.BYTES;
        long carries = 0;
        for (long i = 0; i < longs; i++) {
            carries |= (data.getAtIndex(WORDS, i) & MAGNITUDES) + add;
        }
        boolean below = (carries & SIGNS) == 0;
        if (data.byteSize() % Long.BYTES != 0) {
            below &= (Float.floatToRawIntBits(data.get(ValueLayout.JAVA_FLOAT_UNALIGNED, data.byteSize() - Float.BYTES))
                    & 0x7FFF_FFFF) < bound;
        }
        return below;
    }
}
