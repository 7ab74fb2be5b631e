package g2048.nn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A policy network as data (Matsuzaki and Teramura): the 4×4×16 one-hot value planes, {@code convs} 2×2
 * convolutions of {@code channels} filters each that keep the 4×4 size, ReLU after each, then a
 * fully connected layer from 4×4×channels to the 4 moves. Its text form, stored in model files:
 * <pre>
 *   name=POLICY5;convs=5;channels=224
 *   name=POLICY5;convs=5;channels=224;orientation=corner
 * </pre>
 * The {@link BoardOrientation} (as-is unless the text names another) says how the network sees a
 * board: as it is, or turned into a canonical orientation first; it changes no weight.
 *
 * <p><b>Padding.</b> A 2×2 window anchored at cell (r, c) reads (r, c), (r, c+1), (r+1, c) and
 * (r+1, c+1): its corners NW, NE, SW, SE (taps 0..3). Cells beyond the last row or column read
 * zero, i.e. the board is padded with one row of zeros below and one column on the right. The
 * paper does not say which side it pads; this one keeps the window's NW corner on the output cell.
 *
 * <p><b>Parameters.</b> One flat array, layer after layer: a convolution's weights as
 * {@code [tap][cin][cout]} then its {@code cout} biases; the last layer's weights as
 * {@code [cell][channel][move]} then its 4 biases. With 16 input planes the count is
 * {@code 65·C + (k−1)·(4·C² + C) + 64·C + 4}.
 */
public record PolicySpec(String name, int convs, int channels, BoardOrientation orientation) {

    /** Value planes per cell: empty, then 2^1 … 2^15. */
    public static final int PLANES = 16;
    /** Cells of the board. */
    public static final int CELLS = 16;
    /** Outputs: one per move (up, right, down, left as {@link g2048.game.Direction} numbers them). */
    public static final int MOVES = 4;
    /** Taps of a 2×2 window: NW, NE, SW, SE. */
    public static final int TAPS = 4;
    public static final List<String> TAP_NAMES = List.of("NW", "NE", "SW", "SE");

    /** A network that sees boards as they are. */
    public PolicySpec(String name, int convs, int channels) {
        this(name, convs, channels, BoardOrientation.AS_IS);
    }

    public PolicySpec {
        if (orientation == null) {
            throw new IllegalArgumentException(name + ": no orientation");
        }
        if (name.isEmpty() || name.contains(";") || name.contains("=")) {
            throw new IllegalArgumentException("policy architecture name '" + name + "' must be non-empty without ';' or '='");
        }
        if (convs < 1 || convs > 16) {
            throw new IllegalArgumentException(name + ": " + convs + " convolutions, expected 1..16");
        }
        if (channels < 1 || channels > 4096) {
            throw new IllegalArgumentException(name + ": " + channels + " channels, expected 1..4096");
        }
    }

    /** The same network seeing boards as {@code o} says. */
    public PolicySpec withOrientation(BoardOrientation o) {
        return new PolicySpec(name, convs, channels, o);
    }

    /** Whether the two have the same layers and weights, whatever their orientations. */
    public boolean sameWeightsAs(PolicySpec other) {
        return withOrientation(BoardOrientation.AS_IS).equals(other.withOrientation(BoardOrientation.AS_IS));
    }

    /** Input channels of convolution {@code l} (0-based). */
    public int inChannels(int l) {
        return l == 0 ? PLANES : channels;
    }

    /** Parameters of convolution {@code l}: weights then biases. */
    public int convWeightCount(int l) {
        return TAPS * inChannels(l) * channels + channels;
    }

    /** Where convolution {@code l}'s parameters start. */
    public int convOffset(int l) {
        int off = 0;
        for (int i = 0; i < l; i++) {
            off += convWeightCount(i);
        }
        return off;
    }

    /** Parameters of the last (fully connected) layer. */
    public int denseWeightCount() {
        return CELLS * channels * MOVES + MOVES;
    }

    /** Where the last layer's parameters start. */
    public int denseOffset() {
        return convOffset(convs);
    }

    /** All parameters (weights and biases). */
    public int weightCount() {
        return denseOffset() + denseWeightCount();
    }

    /** The layers, one line each, for reports. */
    public List<LayerInfo> layers() {
        List<LayerInfo> out = new ArrayList<>();
        for (int l = 0; l < convs; l++) {
            out.add(new LayerInfo("conv2x2same:" + channels, "4x4x" + inChannels(l), "4x4x" + channels, convWeightCount(l), true));
        }
        out.add(new LayerInfo("fc:" + MOVES, "4x4x" + channels, "" + MOVES, denseWeightCount(), false));
        return out;
    }

    /** One layer in a report: kind, input and output geometry, parameters, whether ReLU follows. */
    public record LayerInfo(String kind, String in, String out, long weights, boolean relu) {
    }

    /** The text form (see the class comment). */
    public String text() {
        return "name=" + name + ";convs=" + convs + ";channels=" + channels
                + (orientation == BoardOrientation.AS_IS ? "" : ";orientation=" + orientation.text());
    }

    /** Parses the text form; throws {@link IllegalArgumentException} naming the bad part. */
    public static PolicySpec parse(String text) {
        var p = new Object() {
            String name;
            Integer convs;
            Integer channels;
            BoardOrientation orientation = BoardOrientation.AS_IS;
        };
        SpecText.forEach("policy spec", text, (key, value) -> {
            switch (key) {
                case "name" -> p.name = value;
                case "convs" -> p.convs = integer(key, value);
                case "channels" -> p.channels = integer(key, value);
                case "orientation" -> p.orientation = BoardOrientation.named(value);
                default -> throw new IllegalArgumentException("policy spec: unknown key '" + key + "'");
            }
        });
        if (p.name == null || p.convs == null || p.channels == null) {
            throw new IllegalArgumentException("policy spec '" + text + "' needs name, convs and channels");
        }
        return new PolicySpec(p.name, p.convs, p.channels, p.orientation);
    }

    private static int integer(String key, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("policy spec: " + key + "='" + value + "' is not an integer");
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (%d convolutions of %d filters, %,d weights%s)", name, convs, channels, weightCount(),
                orientation == BoardOrientation.AS_IS ? "" : ", boards turned " + orientation.text());
    }
}
