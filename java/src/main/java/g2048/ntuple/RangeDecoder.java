package g2048.ntuple;

/**
 * Reads what {@link RangeEncoder} wrote, from part of a byte array, bit by bit under the same contexts.
 * Data that ends early, or has bytes left over once the reader is done, is corrupt: the caller
 * names the file.
 */
final class RangeDecoder {
    private final byte[] data;
    private final int end;
    private int pos;
    private int range = -1;
    private int code;

    /**
     * Starts reading {@code data[from, to)}; throws {@link CorruptException} if it is too short to hold a
     * stream or does not start as one.
     */
    RangeDecoder(byte[] data, int from, int to) {
        this.data = data;
        this.end = to;
        if (to - from < 5 || data[from] != 0) {
            throw new CorruptException("not a coded stream");
        }
        pos = from + 1;
        for (int i = 0; i < 4; i++) {
            code = (code << 8) | (data[pos++] & 0xFF);
        }
    }

    /** The next bit under context {@code ctx} of {@code probs}, which adapts as the encoder's did. */
    int decode(short[] probs, int ctx) {
        int p = probs[ctx];
        int bound = (range >>> RangeEncoder.PROBABILITY_BITS) * p;
        int bit;
        if (Integer.compareUnsigned(code, bound) < 0) {
            range = bound;
            probs[ctx] = (short) (p + ((RangeEncoder.ONE - p) >>> RangeEncoder.ADAPT_SHIFT));
            bit = 0;
        } else {
            code -= bound;
            range -= bound;
            probs[ctx] = (short) (p - (p >>> RangeEncoder.ADAPT_SHIFT));
            bit = 1;
        }
        normalise();
        return bit;
    }

    /** The next {@code count} bits written by {@link RangeEncoder#encodeDirect}, high first: no branch on the data. */
    int decodeDirect(int count) {
        int result = 0;
        for (int i = 0; i < count; i++) {
            range >>>= 1;
            // code < 2 · range: the difference's sign is the bit, and it cannot wrap
            int t = (code - range) >>> 31;
            code -= range & (t - 1);
            result = (result << 1) | (1 - t);
            normalise();
        }
        return result;
    }

    /** Keeps the range above {@link RangeEncoder#TOP}, a byte at a time, as the encoder did. */
    private void normalise() {
        while (Integer.compareUnsigned(range, RangeEncoder.TOP) < 0) {
            if (pos >= end) {
                throw new CorruptException("ends early");
            }
            range <<= 8;
            code = (code << 8) | (data[pos++] & 0xFF);
        }
    }

    /** Checks that every byte was read: the encoder's stream ends exactly where its last bit does. */
    void finish() {
        if (pos != end) {
            throw new CorruptException((end - pos) + " bytes after the coded data");
        }
    }

    /** Coded data that no encoder wrote; its message says what is wrong, without the file's name. */
    static final class CorruptException extends RuntimeException {
        CorruptException(String problem) {
            super(problem, null, false, false);
        }
    }
}
