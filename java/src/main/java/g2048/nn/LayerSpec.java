package g2048.nn;

/** One layer of an architecture, as data. ReLU follows every layer but the network's last. */
public sealed interface LayerSpec {

    /** Output channels (filters or units). */
    int out();

    /** A valid (unpadded) convolution with a {@code kh × kw} kernel over a single map. */
    record Conv(int kh, int kw, int out) implements LayerSpec {
        public Conv {
            if (kh < 1 || kw < 1 || out < 1) {
                throw new IllegalArgumentException("conv " + kh + "x" + kw + " [" + out + "]: sizes must be positive");
            }
        }

        @Override
        public String toString() {
            return "conv" + kh + "x" + kw + ":" + out;
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
