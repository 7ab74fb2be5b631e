package g2048.play;

import static g2048.settings.BadSetting.field;

import g2048.settings.BadSetting;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The kinds of player {@link Players} builds, each under the name a user types ({@link #id()}). */
public enum PlayerKind {
    NTUPLE, HEURISTIC, RANDOM, LINES, CNN, OPTIMAL, POLICY;

    /** The name as typed: {@code ntuple}, {@code heuristic}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether it is backed by a value function and so searches (greedy at depth 1, expectimax deeper). */
    public boolean searches() {
        return this == NTUPLE || this == LINES || this == CNN;
    }

    /**
     * The players of any shape worth suggesting when a board is refused to a player of one shape (its
     * model's or its database's): lines and heuristic, which every playing command takes (random plays
     * any shape too, but is no suggestion).
     */
    public static List<String> anyShapeIds() {
        return Arrays.stream(values()).filter(k -> k == HEURISTIC || k == LINES).map(PlayerKind::id).toList();
    }

    /** Every name, in declaration order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(PlayerKind::id).toList();
    }

    /** The names of the kinds that search. */
    public static List<String> searchingIds() {
        return Arrays.stream(values()).filter(PlayerKind::searches).map(PlayerKind::id).toList();
    }

    /** The kind named {@code text}, or a {@link BadSetting} of the field {@code player} listing the names. */
    public static PlayerKind parse(String text) {
        for (PlayerKind k : values()) {
            if (k.id().equals(text)) {
                return k;
            }
        }
        throw new BadSetting(field("player"), ": unknown player '" + text + "', expected one of " + String.join(", ", ids()));
    }

    @Override
    public String toString() {
        return id();
    }
}
