package g2048.ntuple;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A binary arithmetic coder over 32-bit ranges with adaptive probabilities (the carry-propagating
 * range coder of Martin 1979, in the byte-wise form of the LZMA format): each bit is coded under a
 * context, a 15-bit probability of a zero that moves 1/32 of the way towards each bit it sees (the
 * format's 11 bits would cost a long run of equal bits 0.02 bits each; 15 bits, 0.0014).
 * {@link RangeDecoder} reads exactly the bytes written here, in the same order of contexts.
 */
final class RangeEncoder {
    static final int PROBABILITY_BITS = 15;
    static final int ONE = 1 << PROBABILITY_BITS;
    static final int ADAPT_SHIFT = 5;
    static final int TOP = 1 << 24;

    private final OutputStream out;
    private long low;
    private int range = -1;
    private int cache;
    private long pending = 1;

    RangeEncoder(OutputStream out) {
        this.out = out;
    }

    /** A table of {@code n} contexts, each starting at probability one half. */
    static short[] contexts(int n) {
        short[] p = new short[n];
        java.util.Arrays.fill(p, (short) (ONE / 2));
        return p;
    }

    /** Codes {@code bit} (0 or 1) under context {@code ctx} of {@code probs}, and adapts it. */
    void encode(short[] probs, int ctx, int bit) throws IOException {
        int p = probs[ctx];
        int bound = (range >>> PROBABILITY_BITS) * p;
        if (bit == 0) {
            range = bound;
            probs[ctx] = (short) (p + ((ONE - p) >>> ADAPT_SHIFT));
        } else {
            low += Integer.toUnsignedLong(bound);
            range -= bound;
            probs[ctx] = (short) (p - (p >>> ADAPT_SHIFT));
        }
        while (Integer.compareUnsigned(range, TOP) < 0) {
            range <<= 8;
            shiftLow();
        }
    }

    /** Codes the low {@code count} bits of {@code value}, high first, each at probability one half (no context). */
    void encodeDirect(int value, int count) throws IOException {
        for (int i = count - 1; i >= 0; i--) {
            range >>>= 1;
            if (((value >>> i) & 1) != 0) {
                low += Integer.toUnsignedLong(range);
            }
            while (Integer.compareUnsigned(range, TOP) < 0) {
                range <<= 8;
                shiftLow();
            }
        }
    }

    /** Writes what is still held: after this, the stream is complete. */
    void finish() throws IOException {
        for (int i = 0; i < 5; i++) {
            shiftLow();
        }
    }

    /** Moves the top byte of {@code low} out, holding back 0xFF bytes until a carry into them is settled. */
    private void shiftLow() throws IOException {
        if (low < 0xFF000000L || low > 0xFFFFFFFFL) {
            int carry = (int) (low >>> 32);
            int held = cache;
            do {
                out.write((held + carry) & 0xFF);
                held = 0xFF;
            } while (--pending != 0);
            cache = (int) ((low >>> 24) & 0xFF);
        }
        pending++;
        low = (low & 0x00FFFFFFL) << 8;
    }
}
