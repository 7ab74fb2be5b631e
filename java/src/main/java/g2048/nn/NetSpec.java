package g2048.nn;

import g2048.settings.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A network as data, value or policy: a name, what it reads ({@link InputKind}), an optional
 * embedding submodule, the trunk, the {@link Head} that reads the trunk's last layer, and the
 * {@link BoardOrientation} it sees boards in. ReLU follows every layer except the trunk's last
 * (the embedding's last layer is followed by ReLU too: it is not the network's last layer).
 * {@link Architectures} names the known ones.
 *
 * <p><b>Value networks</b> (Matsuzaki 2021): valid convolutions, dual 1×2 convolutions and fully
 * connected layers on any input, the trunk ending in one output, boards seen as they are. Their
 * text form, stored in network files:
 * <pre>
 *   name=CNN22;input=values;embed=;trunk=conv2x2:256,conv2x2:512,fc:1024,fc:256,fc:1
 * </pre>
 *
 * <p><b>Policy networks</b> (Matsuzaki and Teramura): on the 4×4×16 value planes, {@link #convs()}
 * padded 2×2 convolutions of {@link #channels()} filters each, which keep the 4×4 size, then a
 * fully connected layer to the 4 moves, run as layers of {@link Network} like any other. Their text form,
 * stored in policy model files:
 * <pre>
 *   name=POLICY5;convs=5;channels=224
 *   name=POLICY5;convs=5;channels=224;orientation=corner
 * </pre>
 * The orientation (as-is unless the text names another) says how the network sees a board: as it
 * is, or turned into a canonical orientation first; it changes no weight.
 *
 * <p><b>Padding.</b> A padded 2×2 window anchored at cell (r, c) reads (r, c), (r, c+1), (r+1, c)
 * and (r+1, c+1): its corners NW, NE, SW, SE (taps 0..3). Cells beyond the last row or column read
 * zero, i.e. the board is padded with one row of zeros below and one column on the right. The
 * paper does not say which side it pads; this one keeps the window's NW corner on the output cell.
 *
 * <p><b>Parameters.</b> One flat array, layer after layer, the embedding's first: a layer's weights
 * as {@code [tap][cin][cout]} (a fully connected layer's taps are its input cells, so a policy
 * network's last layer is {@code [cell][channel][move]}), then its {@code cout} biases. A policy
 * network of k convolutions of C filters has {@code 65·C + (k−1)·(4·C² + C) + 64·C + 4}.
 */
public record NetSpec(String name, InputKind input, List<LayerSpec> embed, List<LayerSpec> trunk, Head head,
        BoardOrientation orientation) {

    /** Value planes per cell: empty, then 2^1 … 2^15. */
    public static final int VALUE_PLANES = 16;
    /** Position planes per cell: 4 row planes then 4 column planes. */
    public static final int POSITION_PLANES = 8;
    /** Cells of the board. */
    public static final int CELLS = 16;
    /** A policy network's outputs: one per move (up, right, down, left as {@link g2048.game.Direction} numbers them). */
    public static final int MOVES = 4;
    /** Taps of a 2×2 window: NW, NE, SW, SE. */
    public static final int TAPS = 4;
    public static final List<String> TAP_NAMES = List.of("NW", "NE", "SW", "SE");

    /** A policy network's most convolutions and most filters per convolution. */
    private static final int MAX_CONVS = 16;
    private static final int MAX_CHANNELS = 4096;

    /** A value network, seeing boards as they are. */
    public NetSpec(String name, InputKind input, List<LayerSpec> embed, List<LayerSpec> trunk) {
        this(name, input, embed, trunk, Head.VALUE, BoardOrientation.AS_IS);
    }

    public NetSpec {
        embed = List.copyOf(embed);
        trunk = List.copyOf(trunk);
        if (orientation == null) {
            throw new IllegalArgumentException(name + ": no orientation");
        }
        checkName(name, head);
        switch (head) {
            case POLICY -> checkPolicyShape(name, input, embed, trunk);
            case VALUE -> checkValueShape(name, input, embed, trunk, orientation);
        }
        // Throws if a layer shrinks the board to nothing.
        long n = 0;
        Maps m = embedInputMaps();
        for (LayerSpec l : embed) {
            n += Layer.weightCount(l, m);
            m = Layer.outputOf(l, m);
        }
        m = trunkInputMaps(input, embed);
        for (LayerSpec l : trunk) {
            n += Layer.weightCount(l, m);
            m = Layer.outputOf(l, m);
        }
        if (n > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException(name + ": " + n + " parameters do not fit one array");
        }
    }

    /** A policy network that sees boards as they are. */
    public static NetSpec policy(String name, int convs, int channels) {
        return policy(name, convs, channels, BoardOrientation.AS_IS);
    }

    /** A policy network of {@code convs} padded 2×2 convolutions of {@code channels} filters, seeing boards as {@code orientation} says. */
    public static NetSpec policy(String name, int convs, int channels, BoardOrientation orientation) {
        if (orientation == null) {
            throw new IllegalArgumentException(name + ": no orientation");
        }
        checkName(name, Head.POLICY);
        checkPolicySize(name, convs, channels);
        List<LayerSpec> trunk = new ArrayList<>();
        for (int l = 0; l < convs; l++) {
            trunk.add(LayerSpec.Conv.padded2x2(channels));
        }
        trunk.add(new LayerSpec.Dense(MOVES));
        return new NetSpec(name, InputKind.VALUES, List.of(), trunk, Head.POLICY, orientation);
    }

    private static void checkName(String name, Head head) {
        if (name.isEmpty() || name.contains(";") || name.contains("=")) {
            throw new IllegalArgumentException((head == Head.POLICY ? "policy " : "") + "architecture name '" + name
                    + "' must be non-empty without ';' or '='");
        }
    }

    private static void checkPolicySize(String name, int convs, int channels) {
        if (convs < 1 || convs > MAX_CONVS) {
            throw new IllegalArgumentException(name + ": " + convs + " convolutions, expected 1.." + MAX_CONVS);
        }
        if (channels < 1 || channels > MAX_CHANNELS) {
            throw new IllegalArgumentException(name + ": " + channels + " channels, expected 1.." + MAX_CHANNELS);
        }
    }

    /** The one shape the text form of a policy network can say. */
    private static void checkPolicyShape(String name, InputKind input, List<LayerSpec> embed, List<LayerSpec> trunk) {
        int convs = trunk.size() - 1;
        int channels = trunk.isEmpty() ? 0 : trunk.getFirst().out();
        checkPolicySize(name, convs, channels);
        boolean shaped = input == InputKind.VALUES && embed.isEmpty() && trunk.getLast().equals(new LayerSpec.Dense(MOVES));
        for (int l = 0; l < convs; l++) {
            shaped &= trunk.get(l).equals(LayerSpec.Conv.padded2x2(channels));
        }
        if (!shaped) {
            throw new IllegalArgumentException(name + ": a policy network is padded 2x2 convolutions of one width on the value planes,"
                    + " then fc:" + MOVES);
        }
    }

    private static void checkValueShape(String name, InputKind input, List<LayerSpec> embed, List<LayerSpec> trunk,
            BoardOrientation orientation) {
        if (trunk.isEmpty() || trunk.getLast().out() != 1) {
            throw new IllegalArgumentException(name + ": the trunk must end in a layer with one output");
        }
        if ((input == InputKind.EMBEDDED) == embed.isEmpty()) {
            throw new IllegalArgumentException(name + ": an embedding submodule goes with input=embedded and only with it");
        }
        if (input == InputKind.EMBEDDED) {
            Maps e = embedOutput(embed);
            if (e.size() % CELLS != 0) {
                throw new IllegalArgumentException(name + ": the embedding gives " + e.size() + " values, not a multiple of 16 cells");
            }
        }
        for (List<LayerSpec> part : List.of(embed, trunk)) {
            for (LayerSpec l : part) {
                if (l instanceof LayerSpec.Conv c && c.padded()) {
                    throw new IllegalArgumentException(name + ": " + c + ": a value network's convolutions are valid, not padded");
                }
            }
        }
        if (orientation != BoardOrientation.AS_IS) {
            throw new IllegalArgumentException(name + ": a value network sees boards as they are");
        }
    }

    private static Maps embedOutput(List<LayerSpec> embed) {
        Maps m = embedInputMaps();
        for (LayerSpec l : embed) {
            m = Layer.outputOf(l, m);
        }
        return m;
    }

    /** The geometry of the embedding's input (4×4×24); only for {@code EMBEDDED}. */
    public static Maps embedInputMaps() {
        return Maps.single(4, 4, VALUE_PLANES + POSITION_PLANES);
    }

    /** The geometry of the trunk's input. */
    static Maps trunkInputMaps(InputKind input, List<LayerSpec> embed) {
        return switch (input) {
            case VALUES -> Maps.single(4, 4, VALUE_PLANES);
            case VALUES_POSITIONS -> Maps.single(4, 4, VALUE_PLANES + POSITION_PLANES);
            case EMBEDDED -> Maps.single(4, 4, VALUE_PLANES + embedOutput(embed).size() / CELLS);
        };
    }

    public Maps trunkInputMaps() {
        return trunkInputMaps(input, embed);
    }

    /** Channels per cell the embedding adds to the trunk's input (0 without embedding). */
    public int embedChannels() {
        return input == InputKind.EMBEDDED ? embedOutput(embed).size() / CELLS : 0;
    }

    /** The number of parameters (weights and biases). */
    public int weightCount() {
        return layerOffset(trunk.size());
    }

    /**
     * Where trunk layer {@code l}'s parameters start (after the embedding's); {@code l} = the
     * trunk's size gives the parameter count.
     */
    public int layerOffset(int l) {
        int off = 0;
        Maps m = embedInputMaps();
        for (LayerSpec e : embed) {
            off += Layer.weightCount(e, m);
            m = Layer.outputOf(e, m);
        }
        m = trunkInputMaps();
        for (int i = 0; i < l; i++) {
            off += Layer.weightCount(trunk.get(i), m);
            m = Layer.outputOf(trunk.get(i), m);
        }
        return off;
    }

    /** Parameters of trunk layer {@code l}: weights then biases. */
    public int layerWeightCount(int l) {
        return layerOffset(l + 1) - layerOffset(l);
    }

    /** Where the last layer's parameters start. */
    public int lastLayerOffset() {
        return layerOffset(trunk.size() - 1);
    }

    /** Input channels per cell of trunk layer {@code l} (0-based). */
    public int inChannels(int l) {
        return l == 0 ? trunkInputMaps().channels() : trunk.get(l - 1).out();
    }

    /** A policy network's convolutions: every layer but the last. */
    public int convs() {
        requirePolicy();
        return trunk.size() - 1;
    }

    /** A policy network's filters per convolution. */
    public int channels() {
        requirePolicy();
        return trunk.getFirst().out();
    }

    private void requirePolicy() {
        if (head != Head.POLICY) {
            throw new IllegalStateException(name + " is a value network, not a policy network");
        }
    }

    /** The same network seeing boards as {@code o} says. */
    public NetSpec withOrientation(BoardOrientation o) {
        return new NetSpec(name, input, embed, trunk, head, o);
    }

    /** Whether the two have the same layers and weights, whatever their orientations. */
    public boolean sameWeightsAs(NetSpec other) {
        return withOrientation(BoardOrientation.AS_IS).equals(other.withOrientation(BoardOrientation.AS_IS));
    }

    /**
     * The layers, one line each, for reports: the geometry of a map as {@code 4x4x16}, a single 1×1
     * map as its channel count.
     */
    public List<LayerInfo> layers() {
        List<LayerInfo> out = new ArrayList<>();
        Maps m = embedInputMaps();
        for (LayerSpec l : embed) {
            Maps next = Layer.outputOf(l, m);
            out.add(new LayerInfo(l.toString(), geometry(m), geometry(next), Layer.weightCount(l, m), true));
            m = next;
        }
        m = trunkInputMaps();
        for (int i = 0; i < trunk.size(); i++) {
            LayerSpec l = trunk.get(i);
            Maps next = Layer.outputOf(l, m);
            out.add(new LayerInfo(l.toString(), geometry(m), geometry(next), Layer.weightCount(l, m), i < trunk.size() - 1));
            m = next;
        }
        return out;
    }

    private static String geometry(Maps m) {
        return m.count() == 1 && m.h()[0] == 1 && m.w()[0] == 1 ? "" + m.channels() : m.toString();
    }

    /** One layer in a report: kind, input and output geometry, parameters, whether ReLU follows. */
    public record LayerInfo(String kind, String in, String out, long weights, boolean relu) {
    }

    /** The text form of its head (see the class comment). */
    public String text() {
        return switch (head) {
            case VALUE -> "name=" + name + ";input=" + input.text() + ";embed=" + join(embed) + ";trunk=" + join(trunk);
            case POLICY -> "name=" + name + ";convs=" + convs() + ";channels=" + channels()
                    + (orientation == BoardOrientation.AS_IS ? "" : ";orientation=" + orientation.text());
        };
    }

    private static String join(List<LayerSpec> layers) {
        StringBuilder sb = new StringBuilder();
        for (LayerSpec l : layers) {
            sb.append(sb.isEmpty() ? "" : ",").append(l);
        }
        return sb.toString();
    }

    /**
     * Parses the text form of a {@code head} network (each file and command knows which it reads);
     * throws {@link IllegalArgumentException} naming the bad part.
     */
    public static NetSpec parse(Head head, String text) {
        return switch (head) {
            case VALUE -> parseValue(text);
            case POLICY -> parsePolicy(text);
        };
    }

    private static NetSpec parseValue(String text) {
        var p = new Object() {
            String name;
            InputKind input;
            List<LayerSpec> embed;
            List<LayerSpec> trunk;
        };
        SpecText.forEach("architecture spec", text, (key, value) -> {
            switch (key) {
                case "name" -> p.name = value;
                case "input" -> p.input = InputKind.parse(value);
                case "embed" -> p.embed = parseLayers(value);
                case "trunk" -> p.trunk = parseLayers(value);
                default -> throw new IllegalArgumentException("architecture spec: unknown key '" + key + "'");
            }
        });
        if (p.name == null || p.input == null || p.embed == null || p.trunk == null) {
            throw new IllegalArgumentException("architecture spec '" + text + "' needs name, input, embed and trunk");
        }
        return new NetSpec(p.name, p.input, p.embed, p.trunk);
    }

    private static List<LayerSpec> parseLayers(String text) {
        List<LayerSpec> layers = new ArrayList<>();
        if (text.isEmpty()) {
            return layers;
        }
        for (String item : text.split(",", -1)) {
            int colon = item.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("architecture spec: layer '" + item + "' is not kind:size");
            }
            String kind = item.substring(0, colon);
            int out;
            try {
                out = Numbers.parseInt(item.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("architecture spec: layer '" + item + "' has no integer size");
            }
            if (kind.equals("fc")) {
                layers.add(new LayerSpec.Dense(out));
            } else if (kind.equals("dual12")) {
                layers.add(new LayerSpec.Dual12(out));
            } else if (kind.matches("conv[0-9]+x[0-9]+")) {
                String[] k = kind.substring(4).split("x");
                layers.add(new LayerSpec.Conv(Integer.parseInt(k[0]), Integer.parseInt(k[1]), out));
            } else {
                throw new IllegalArgumentException("architecture spec: unknown layer kind '" + kind + "' (expected convRxC, dual12 or fc)");
            }
        }
        return layers;
    }

    private static NetSpec parsePolicy(String text) {
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
        return policy(p.name, p.convs, p.channels, p.orientation);
    }

    private static int integer(String key, String value) {
        try {
            return Numbers.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("policy spec: " + key + "='" + value + "' is not an integer");
        }
    }

    @Override
    public String toString() {
        return switch (head) {
            case VALUE -> String.format(Locale.ROOT, "%s (value network, %,d weights)", name, weightCount());
            case POLICY -> String.format(Locale.ROOT, "%s (%d convolutions of %d filters, %,d weights%s)", name, convs(), channels(),
                    weightCount(), orientation == BoardOrientation.AS_IS ? "" : ", boards turned " + orientation.text());
        };
    }
}
