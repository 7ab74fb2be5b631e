package g2048.ntuple;

/**
 * Temporal-coherence accumulators in a compact file: each weight's E and A as two small integers that
 * {@link StepCoder} codes as it codes steps, so that a compact checkpoint resumes at the rates its run
 * had instead of restarting every rate.
 *
 * <ul>
 *   <li><b>A</b> (the sum of |error|) as its base-2 logarithm in half octaves, offset to stay
 *       positive; 0 for A = 0, a weight never updated. Coded as its difference from the code of a
 *       neighbour ({@link #prediction}): weights whose tuples differ in one cell are visited alike.</li>
 *   <li><b>E</b> as its ratio to A, whose size |E|/A is the weight's rate factor: the ratio's
 *       logarithm in half octaves below 1, plus 1, with E's sign (1: a weight always pushed one way,
 *       as most rarely visited ones are); 0 for a ratio under 2^-16, a rate that rounds to nothing.</li>
 * </ul>
 * A decoded rate factor and A are each within 2^(1/4) (19%) of what they were: the precision that a
 * rate, which moves by more than that as a run goes on, needs, at about 5 bits of each per trained
 * weight of a 4x6 network (quarter octaves took 7).
 */
final class AccumulatorCoding {

    /** Steps per octave. */
    static final int PER_OCTAVE = 2;
    /** The code of A = 1: codes 1.. cover A from 2^-32 up to the largest float. */
    private static final int A_OFFSET = 32 * PER_OCTAVE + 1;
    /** The largest A code: the largest float's. */
    static final int MAX_A_CODE = A_OFFSET + 128 * PER_OCTAVE;
    /** Ratio codes run 1 (ratio 1) to this (ratio 2^-16). */
    static final int MAX_RATIO_CODE = 16 * PER_OCTAVE + 1;

    private AccumulatorCoding() {
    }

    /** The code of A ({@code abs} ≥ 0, finite): 0 for 0, else 1 to {@link #MAX_A_CODE}. */
    static int aCode(float abs) {
        if (abs == 0f) {
            return 0;
        }
        long c = Math.round(PER_OCTAVE * log2(abs)) + A_OFFSET;
        return (int) Math.clamp(c, 1, MAX_A_CODE);
    }

    /** The code of E given A: 0 when |E|/A is under 2^-16 (or A is 0), else ±(1 to {@link #MAX_RATIO_CODE}). */
    static int eCode(float sum, float abs) {
        if (abs == 0f || sum == 0f) {
            return 0;
        }
        double ratio = Math.min(1.0, Math.abs((double) sum) / abs);
        long m = 1 - Math.round(PER_OCTAVE * log2(ratio));
        if (m > MAX_RATIO_CODE) {
            return 0;
        }
        return (int) (sum < 0 ? -m : m);
    }

    /** A from its code. */
    static float abs(int aCode) {
        return aCode == 0 ? 0f : (float) Math.pow(2, (double) (aCode - A_OFFSET) / PER_OCTAVE);
    }

    /** E from its code and the decoded A. */
    static float sum(int eCode, float abs) {
        if (eCode == 0) {
            return 0f;
        }
        float size = (float) (abs * Math.pow(2, -(double) (Math.abs(eCode) - 1) / PER_OCTAVE));
        return eCode < 0 ? -size : size;
    }

    /** Whether {@code aCode, eCode} could have been written: what a decoder accepts. */
    static boolean valid(int aCode, int eCode) {
        return aCode >= 0 && aCode <= MAX_A_CODE && Math.abs(eCode) <= MAX_RATIO_CODE && (aCode != 0 || eCode == 0);
    }

    /** The A codes, by weight number. */
    interface Codes {
        int at(long i);
    }

    /**
     * The A code weight {@code i}'s is coded against: its neighbour one value lower in the tuple's last
     * cell, else in its second-last, when trained (0: none, the code is coded as it is).
     */
    static int prediction(Codes a, long i) {
        if (i % 16 != 0) {
            int left = a.at(i - 1);
            if (left != 0) {
                return left;
            }
        }
        return i >= 16 ? a.at(i - 16) : 0;
    }

    /** What A code {@code a} is written as against {@code prediction}: 0 stays 0; the difference, kept off 0. */
    static int against(int a, int prediction) {
        if (a == 0 || prediction == 0) {
            return a;
        }
        int d = a - prediction;
        return d >= 0 ? d + 1 : d;
    }

    /** The A code written as {@code written} against {@code prediction} (the inverse of {@link #against}). */
    static int from(int written, int prediction) {
        if (written == 0 || prediction == 0) {
            return written;
        }
        return written > 0 ? prediction + written - 1 : prediction + written;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
