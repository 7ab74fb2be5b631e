package g2048.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import g2048.nn.BoardOrientation;
import g2048.ntuple.Method;
import g2048.ntuple.Shaping;
import g2048.ntuple.TablePrecision;
import g2048.ntuple.TerminalValue;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class NamedTest {

    /** The names users type and files hold, spelled out: the derived names must never drift from them. */
    @Test
    void namesAreTheOnesUsersType() {
        assertEquals("td-afterstate, td-state, q-learning", Named.texts(Method.class));
        assertEquals("none, restart, carousel, late", Named.texts(Shaping.class));
        assertEquals("auto, float32, int16", Named.texts(TablePrecision.class));
        assertEquals("zero, network", Named.texts(TerminalValue.class));
        assertEquals("as-is, corner", Named.texts(BoardOrientation.class));
    }

    @Test
    void everyNameParsesBackInAnyCase() {
        for (Class<? extends Enum<?>> type : List.of(Method.class, Shaping.class, TablePrecision.class,
                TerminalValue.class, BoardOrientation.class)) {
            for (Enum<?> e : type.getEnumConstants()) {
                String text = ((Named) e).text();
                assertSame(e, parse(type, text));
                assertSame(e, parse(type, text.toUpperCase(Locale.ROOT)));
            }
        }
        assertSame(Method.Q_LEARNING, Method.parse("Q-Learning"));
        assertSame(BoardOrientation.AS_IS, BoardOrientation.named("as-is"));
    }

    @Test
    void anUnknownNameIsRefusedListingTheNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Method.parse("td"));
        assertEquals("method 'td': expected one of td-afterstate, td-state, q-learning", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BoardOrientation.named("as_is"));
        assertEquals("orientation 'as_is': expected one of as-is, corner", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Shaping.parse(""));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Enum<?> parse(Class<? extends Enum<?>> type, String text) {
        return (Enum<?>) Named.parse((Class) type, "value", text);
    }
}
