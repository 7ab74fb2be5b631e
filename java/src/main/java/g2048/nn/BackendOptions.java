package g2048.nn;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values a command line gave to the options backends read ({@link BackendOption}), by the
 * option's name, e.g. {@code --gemm} → {@code tf32}. Immutable.
 */
public final class BackendOptions {

    /** No option given: every backend takes its defaults. */
    public static final BackendOptions NONE = new BackendOptions(Map.of());

    private final Map<String, String> values;

    private BackendOptions(Map<String, String> values) {
        this.values = values;
    }

    /** From pairs: {@code of("--gemm", "tf32", "--cuda-graphs", "off")}. */
    public static BackendOptions of(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("options come in pairs of name and value");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return new BackendOptions(Map.copyOf(m));
    }

    /** The options given, by name, as typed. */
    public Map<String, String> given() {
        return values;
    }

    /** The value of {@code option}, checked against what it takes; its default when not given. */
    public String get(BackendOption option) {
        String v = values.get(option.name());
        return v == null ? option.defaultValue() : option.parse(v);
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
