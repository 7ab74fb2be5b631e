package g2048.nn;

import java.util.function.BiConsumer;

/** The {@code key=value;key=value} text form that {@link NetSpec} stores in files: one form per {@link Head}. */
final class SpecText {

    private SpecText() {
    }

    /**
     * Hands each {@code key=value} part of {@code text} to {@code field}, in order; a part without
     * {@code =} is an {@link IllegalArgumentException} naming {@code what} (e.g. {@code policy spec}).
     */
    static void forEach(String what, String text, BiConsumer<String, String> field) {
        for (String part : text.split(";", -1)) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException(what + ": '" + part + "' is not key=value");
            }
            field.accept(part.substring(0, eq), part.substring(eq + 1));
        }
    }
}
