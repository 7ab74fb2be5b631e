package g2048.nn;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A command-line option that some evaluator backends read, e.g. {@code --gemm} of the GPU
 * backend, declared by the backends that read it so that {@link Backends} can check
 * its value whichever backend is chosen, and say when the chosen one does not use it.
 *
 * @param name       the option as typed, e.g. {@code --gemm}
 * @param values     the values it takes, lower case
 * @param defaultValue the value when it is not given
 * @param exclusive  values that only a backend declaring the option can honour (a GPU library):
 *                   naming one with another backend is an error, or a note where {@code auto}
 *                   chose that backend; other values are satisfied by any backend (e.g.
 *                   {@code --cuda-graphs off} where there are no graphs)
 */
public record BackendOption(String name, List<String> values, String defaultValue, Set<String> exclusive) {

    public BackendOption {
        values = List.copyOf(values);
        exclusive = Set.copyOf(exclusive);
        if (!values.contains(defaultValue) || !values.containsAll(exclusive)) {
            throw new IllegalArgumentException(name + ": the default and the exclusive values must be among " + values);
        }
    }

    /** {@code text} as one of {@link #values}, or bad input naming the option and what it takes. */
    public String parse(String text) {
        String v = text.toLowerCase(Locale.ROOT);
        if (!values.contains(v)) {
            throw new IllegalArgumentException(name + " " + text + ": expected " + Backends.orList(values));
        }
        return v;
    }
}
