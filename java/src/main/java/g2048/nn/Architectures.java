package g2048.nn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one registry of named networks, value and policy ({@link NetSpec}, told apart by their
 * {@link Head}): the value networks of Matsuzaki (2021) with their widths, the same shapes at other
 * widths (tiny ones for gradient checks), and the four policy networks of Matsuzaki and Teramura.
 *
 * <pre>
 *   CNN22 family  conv2x2[a], conv2x2[b], fc[c], fc[d], fc[1]                 4x4 -> 3x3 -> 2x2
 *   CNN12         dual12[a], dual12[a], dual12[a], fc[b], fc[1]               1 -> 2 -> 4 -> 8 maps, 44 cells
 *   MLP           fc[a], fc[b], fc[c], fc[d], fc[1] on the flattened 4x4x16
 *   BP-CNN        CNN22 on 4x4x24 (value + position planes)
 *   FC-CNN        embed fc[a], fc[b=8·16] on 4x4x24 -> 4x4x8 + 16 value planes -> CNN22
 *   CNN-CNN       embed conv2x2[a], conv3x3[b=8·16] on 4x4x24 -> 1x1x128 -> 4x4x8 + 16 value planes -> CNN22
 * </pre>
 *
 * The policy networks: k = 2 … 5 convolutions with Ch(k) = 436, 312, 256, 224 filters, sized so
 * that all have about 820,000 weights.
 * <pre>
 *   POLICY2  436 filters  817,068 weights
 *   POLICY3  312 filters  819,628 weights
 *   POLICY4  256 filters  820,228 weights
 *   POLICY5  224 filters  832,612 weights
 * </pre>
 */
public final class Architectures {

    /** The value networks' names, in the paper's order. */
    private static final List<String> VALUE_NAMES = List.of("CNN22", "CNN22S", "CNN22SS", "CNN22SSS", "CNN22ACG",
            "CNN12", "MLP", "BP-CNN", "FC-CNN", "CNN-CNN");

    /** The policy networks' names. */
    private static final List<String> POLICY_NAMES = List.of("POLICY2", "POLICY3", "POLICY4", "POLICY5");

    private Architectures() {
    }

    /** The names of the networks with that head, in the papers' order. */
    public static List<String> names(Head head) {
        return switch (head) {
            case VALUE -> VALUE_NAMES;
            case POLICY -> POLICY_NAMES;
        };
    }

    /** Every name, the value networks' then the policy networks'. */
    public static List<String> names() {
        List<String> all = new ArrayList<>(VALUE_NAMES);
        all.addAll(POLICY_NAMES);
        return all;
    }

    /** The named architecture (any case), value or policy, at the papers' widths. */
    public static NetSpec named(String name) {
        NetSpec spec = find(name);
        if (spec == null) {
            throw new IllegalArgumentException("unknown architecture '" + name + "', expected one of " + String.join(", ", names()));
        }
        return spec;
    }

    /** The named architecture (any case) among those with {@code head}. */
    public static NetSpec named(Head head, String name) {
        NetSpec spec = find(name);
        if (spec == null || spec.head() != head) {
            throw new IllegalArgumentException("unknown " + (head == Head.POLICY ? "policy " : "") + "architecture '" + name
                    + "', expected one of " + String.join(", ", names(head)));
        }
        return spec;
    }

    private static NetSpec find(String name) {
        return switch (name.toUpperCase(Locale.ROOT)) {
            case "CNN22" -> cnn22("CNN22", 256, 512, 1024, 256);
            case "CNN22S" -> cnn22("CNN22S", 192, 384, 768, 192);
            case "CNN22SS" -> cnn22("CNN22SS", 128, 256, 512, 128);
            case "CNN22SSS" -> cnn22("CNN22SSS", 64, 128, 256, 64);
            case "CNN22ACG" -> cnn22("CNN22ACG", 160, 320, 2048, 256);
            case "CNN12" -> cnn12("CNN12", 256, 256);
            case "MLP" -> mlp("MLP", 512, 1024, 2048, 256);
            case "BP-CNN" -> bpCnn("BP-CNN", 256, 512, 1024, 256);
            case "FC-CNN" -> fcCnn("FC-CNN", 32, 8, 256, 512, 1024, 256);
            case "CNN-CNN" -> cnnCnn("CNN-CNN", 16, 8, 256, 512, 1024, 256);
            case "POLICY2" -> NetSpec.policy("POLICY2", 2, 436);
            case "POLICY3" -> NetSpec.policy("POLICY3", 3, 312);
            case "POLICY4" -> NetSpec.policy("POLICY4", 4, 256);
            case "POLICY5" -> NetSpec.policy("POLICY5", 5, 224);
            default -> null;
        };
    }

    /** conv 2×2 [a], conv 2×2 [b], fc [c], fc [d], fc [1] on the value planes. */
    public static NetSpec cnn22(String name, int a, int b, int c, int d) {
        return new NetSpec(name, InputKind.VALUES, List.of(), cnn22Trunk(a, b, c, d));
    }

    /** CNN12: three dual 1×2 convolutions of {@code a} filters per set, fc [b], fc [1]. */
    public static NetSpec cnn12(String name, int a, int b) {
        return new NetSpec(name, InputKind.VALUES, List.of(),
                List.of(new LayerSpec.Dual12(a), new LayerSpec.Dual12(a), new LayerSpec.Dual12(a),
                        new LayerSpec.Dense(b), new LayerSpec.Dense(1)));
    }

    /** Fully connected layers of the given widths, then fc [1], on the value planes. */
    public static NetSpec mlp(String name, int... widths) {
        List<LayerSpec> layers = new ArrayList<>();
        for (int w : widths) {
            layers.add(new LayerSpec.Dense(w));
        }
        layers.add(new LayerSpec.Dense(1));
        return new NetSpec(name, InputKind.VALUES, List.of(), layers);
    }

    /** CNN22 on value + position planes. */
    public static NetSpec bpCnn(String name, int a, int b, int c, int d) {
        return new NetSpec(name, InputKind.VALUES_POSITIONS, List.of(), cnn22Trunk(a, b, c, d));
    }

    /** Embedding fc [e1], fc [16·k] on the 4×4×24 input, k channels per cell into CNN22. */
    public static NetSpec fcCnn(String name, int e1, int k, int a, int b, int c, int d) {
        return new NetSpec(name, InputKind.EMBEDDED,
                List.of(new LayerSpec.Dense(e1), new LayerSpec.Dense(NetSpec.CELLS * k)), cnn22Trunk(a, b, c, d));
    }

    /** Embedding conv 2×2 [e1], conv 3×3 [16·k] on the 4×4×24 input (→ 1×1), k channels per cell into CNN22. */
    public static NetSpec cnnCnn(String name, int e1, int k, int a, int b, int c, int d) {
        return new NetSpec(name, InputKind.EMBEDDED,
                List.of(new LayerSpec.Conv(2, 2, e1), new LayerSpec.Conv(3, 3, NetSpec.CELLS * k)), cnn22Trunk(a, b, c, d));
    }

    private static List<LayerSpec> cnn22Trunk(int a, int b, int c, int d) {
        return List.of(new LayerSpec.Conv(2, 2, a), new LayerSpec.Conv(2, 2, b),
                new LayerSpec.Dense(c), new LayerSpec.Dense(d), new LayerSpec.Dense(1));
    }
}
