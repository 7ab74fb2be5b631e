package g2048.nn;

/** One layer of an architecture, as data. ReLU follows every layer but the network's last. */
public sealed interface LayerSpec {

    /** Output channels (filters or units). */
    int out();

    /**
     * A convolution with a {@code kh × kw} kernel over a single map: valid (unpadded), or
     * {@code padded} with zeros below and on the right so that the map keeps its size (the window's
     * top-left tap on the output cell; a policy network's convolutions).
     */
    record Conv(int kh, int kw, int out, boolean padded) implements LayerSpec {
        public Conv {
            if (kh < 1 || kw < 1 || out < 1) {
                throw new IllegalArgumentException("conv " + kh + "x" + kw + " [" + out + "]: sizes must be positive");
            }
        }

        /** A valid convolution. */
        public Conv(int kh, int kw, int out) {
            this(kh, kw, out, false);
        }

        /** A padded 2×2 convolution of {@code out} filters. */
        public static Conv padded2x2(int out) {
            return new Conv(2, 2, out, true);
        }

        @Override
        public String toString() {
            return "conv" + kh + "x" + kw + (padded ? "same" : "") + ":" + out;
        }
    }

    /**
     * CNN12's dual 1×2 convolution: one filter set per incoming map, applied horizontally (1×2)
     * and, transposed, vertically (2×1), so {@code P} maps in give {@code 2P} maps out.
     */
    record Dual12(int out) implements LayerSpec {
        public Dual12 {
            if (out < 1) {
                throw new IllegalArgumentException("dual12 [" + out + "]: size must be positive");
            }
        }

        @Override
        public String toString() {
            return "dual12:" + out;
        }
    }

    /** A fully connected layer over the whole (flattened) input. */
    record Dense(int out) implements LayerSpec {
        public Dense {
            if (out < 1) {
                throw new IllegalArgumentException("fc [" + out + "]: size must be positive");
            }
        }

        @Override
        public String toString() {
            return "fc:" + out;
        }
    }
}
