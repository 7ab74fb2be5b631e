package g2048.nn;

/**
 * What a network reads from a board (the value and position arrays of docs/networks.md, *Value networks and their training*).
 *
 * <ul>
 *   <li>{@code VALUES}: 4×4×16, the value planes (plane 0 empty, plane k the tile 2^k).
 *   <li>{@code VALUES_POSITIONS}: 4×4×24, the value planes then the 8 position planes
 *       (4 one-hot row planes, 4 one-hot column planes): BP-CNN.
 *   <li>{@code EMBEDDED}: a submodule reads the 4×4×24 array and its output, reshaped to 4×4×k,
 *       is appended to the value planes to give the trunk's 4×4×(16 + k) input: FC-CNN, CNN-CNN.
 * </ul>
 */
public enum InputKind {
    VALUES,
    VALUES_POSITIONS,
    EMBEDDED;

    public String text() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '+');
    }

    public static InputKind parse(String text) {
        for (InputKind k : values()) {
            if (k.text().equals(text)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown input '" + text + "', expected values, values+positions or embedded");
    }
}
