package g2048.settings;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A setting the engine refuses, as one line naming the fields at fault by their names in the
 * engine's typed specs, e.g. {@code depth: expected 1..12, got 13}. The message is kept in parts so
 * that a front end can render each field under its own name ({@link #message(UnaryOperator)}): the
 * command line prints {@code --depth: expected 1..12, got 13} from the same exception.
 */
public final class BadSetting extends IllegalArgumentException {

    /** A field of a typed spec named inside a message, e.g. {@code field("nStep")}. */
    public record Field(String name) {
    }

    private final List<Object> parts;

    /**
     * The message made of {@code parts}: each {@link Field} stands for a field's name, each nested
     * {@code BadSetting} for its own message, anything else for its text.
     */
    public BadSetting(Object... parts) {
        super((String) null);
        this.parts = Collections.unmodifiableList(Arrays.asList(parts.clone()));
    }

    /** As {@link #BadSetting(Object...)}, caused by {@code cause}. */
    public static BadSetting causedBy(Throwable cause, Object... parts) {
        BadSetting e = new BadSetting(parts);
        e.initCause(cause);
        return e;
    }

    public static Field field(String name) {
        return new Field(name);
    }

    /** Throws {@code FIELD: expected at least MIN, got VALUE} unless {@code value >= min}. */
    public static void requireAtLeast(String field, long min, long value) {
        if (value < min) {
            throw new BadSetting(field(field), ": expected at least " + min + ", got " + value);
        }
    }

    /**
     * The field {@code name} as JSON requests spell their fields (a session's, the server's):
     * snake_case, {@code timeMs} is {@code time_ms}.
     */
    public static String snakeCase(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }

    /** What to say of {@code e} inside another message: a bad setting keeps its fields, anything else its text. */
    public static Object reason(Throwable e) {
        return e instanceof BadSetting ? e : e.getMessage();
    }

    /** The message with each field rendered by {@code naming} (a field's name to what its reader calls it). */
    public String message(UnaryOperator<String> naming) {
        StringBuilder sb = new StringBuilder();
        for (Object p : parts) {
            switch (p) {
                case null -> sb.append("null");
                case Field f -> sb.append(naming.apply(f.name()));
                case BadSetting b -> sb.append(b.message(naming));
                default -> sb.append(p);
            }
        }
        return sb.toString();
    }

    /** The message in the engine's words: each field by its own name. */
    @Override
    public String getMessage() {
        return message(UnaryOperator.identity());
    }
}
