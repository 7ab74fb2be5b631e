package g2048.settings;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * An enum constant under the name a user types in settings, spec texts and files: its constant's
 * name in lower case with {@code -} for {@code _} ({@code TD_AFTERSTATE} is {@code td-afterstate}).
 * One rule for every choice, so that a name is never spelled two ways.
 */
public interface Named {

    /** The constant's name, as {@link Enum#name()}. */
    String name();

    /** The name a user types. */
    default String text() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The constant of {@code type} named {@code text} (in any case); else an error that says
     * {@code what} was asked for and lists the names, e.g. {@code method 'td': expected one of
     * td-afterstate, td-state, q-learning}.
     */
    static <E extends Enum<E> & Named> E parse(Class<E> type, String what, String text) {
        for (E e : type.getEnumConstants()) {
            if (e.text().equalsIgnoreCase(text)) {
                return e;
            }
        }
        throw new IllegalArgumentException(what + " '" + text + "': expected one of " + texts(type));
    }

    /** Every name of {@code type}, in declaration order, separated by commas. */
    static <E extends Enum<E> & Named> String texts(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Named::text).collect(Collectors.joining(", "));
    }
}
