package g2048.nn;

import java.util.ArrayList;
import java.util.List;

/**
 * An architecture as data: a name, what it reads ({@link InputKind}), an optional embedding
 * submodule and the trunk. Its text form, stored in network files, is
 * <pre>
 *   name=CNN22;input=values;embed=;trunk=conv2x2:256,conv2x2:512,fc:1024,fc:256,fc:1
 * </pre>
 * The trunk must end in a single output. ReLU follows every layer except the trunk's last (the
 * embedding's last layer is followed by ReLU too: it is not the network's last layer).
 */
public record NetSpec(String name, InputKind input, List<LayerSpec> embed, List<LayerSpec> trunk) {

    /** Value planes per cell. */
    public static final int VALUE_PLANES = 16;
    /** Position planes per cell: 4 row planes then 4 column planes. */
    public static final int POSITION_PLANES = 8;
    /** Cells of the board. */
    public static final int CELLS = 16;

    public NetSpec {
        embed = List.copyOf(embed);
        trunk = List.copyOf(trunk);
        if (name.isEmpty() || name.contains(";") || name.contains("=")) {
            throw new IllegalArgumentException("architecture name '" + name + "' must be non-empty without ';' or '='");
        }
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
        // Throws if a layer shrinks the board to nothing.
        Maps m = trunkInputMaps(input, embed);
        for (LayerSpec l : trunk) {
            m = Layer.outputOf(l, m);
        }
    }

    private static Maps embedOutput(List<LayerSpec> embed) {
        Maps m = Maps.single(4, 4, VALUE_PLANES + POSITION_PLANES);
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
    public long weightCount() {
        long n = 0;
        Maps m = embedInputMaps();
        for (LayerSpec l : embed) {
            n += Layer.weightCount(l, m);
            m = Layer.outputOf(l, m);
        }
        m = trunkInputMaps();
        for (LayerSpec l : trunk) {
            n += Layer.weightCount(l, m);
            m = Layer.outputOf(l, m);
        }
        return n;
    }

    /** The text form (see the class comment). */
    public String text() {
        return "name=" + name + ";input=" + input.text() + ";embed=" + join(embed) + ";trunk=" + join(trunk);
    }

    private static String join(List<LayerSpec> layers) {
        StringBuilder sb = new StringBuilder();
        for (LayerSpec l : layers) {
            sb.append(sb.isEmpty() ? "" : ",").append(l);
        }
        return sb.toString();
    }

    /** Parses the text form; throws {@link IllegalArgumentException} naming the bad part. */
    public static NetSpec parse(String text) {
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
                out = Integer.parseInt(item.substring(colon + 1));
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
}
