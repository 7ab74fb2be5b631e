package g2048.policy;

import java.util.List;
import java.util.Locale;

/**
 * The four policy networks of Matsuzaki and Teramura: k = 2 … 5 convolutions with Ch(k) = 436, 312, 256,
 * 224 filters, sized so that all have about 820,000 weights.
 * <pre>
 *   POLICY2  436 filters  817,068 weights
 *   POLICY3  312 filters  819,628 weights
 *   POLICY4  256 filters  820,228 weights
 *   POLICY5  224 filters  832,612 weights
 * </pre>
 */
public final class PolicyArchitectures {

    public static final List<String> NAMES = List.of("POLICY2", "POLICY3", "POLICY4", "POLICY5");

    private PolicyArchitectures() {
    }

    /** Whether {@code name} names one of {@link #NAMES} (any case). */
    public static boolean isPolicy(String name) {
        return NAMES.contains(name.toUpperCase(Locale.ROOT));
    }

    /** The named architecture. */
    public static PolicySpec named(String name) {
        return switch (name.toUpperCase(Locale.ROOT)) {
            case "POLICY2" -> new PolicySpec("POLICY2", 2, 436);
            case "POLICY3" -> new PolicySpec("POLICY3", 3, 312);
            case "POLICY4" -> new PolicySpec("POLICY4", 4, 256);
            case "POLICY5" -> new PolicySpec("POLICY5", 5, 224);
            default -> throw new IllegalArgumentException("unknown policy architecture '" + name + "', expected one of "
                    + String.join(", ", NAMES));
        };
    }
}
