package g2048.train.cnn;

import static g2048.settings.BadSetting.field;

import g2048.settings.BadSetting;
import g2048.settings.Numbers;
import java.util.Locale;

/**
 * How the trainer turns positions into optimiser steps (Matsuzaki 2021).
 *
 * <ul>
 *   <li>{@code game}: a generator sends the positions of a whole game; one step on all of them.
 *   <li>{@code batchN}: one step per N positions in arrival order (batch1K = 1,024 is the paper's best).
 *   <li>{@code shuffleN}: take 5N positions, shuffle them, five steps of N.
 *   <li>{@code position}: one step per position (online TD).
 * </ul>
 *
 * @param size N for batch and shuffle, 1 for position, 0 for game
 */
public record Batching(Mode mode, int size) {

    public enum Mode { GAME, BATCH, SHUFFLE, POSITION }

    /** Batches per shuffle buffer in {@code shuffleN}. */
    public static final int SHUFFLE_FACTOR = 5;

    public Batching {
        if ((mode == Mode.BATCH || mode == Mode.SHUFFLE) && size < 1) {
            throw new IllegalArgumentException("batch size must be at least 1, got " + size);
        }
    }

    /** Parses game, position, batchN or shuffleN, N a number with an optional K (×1,024). */
    public static Batching parse(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.equals("game")) {
            return new Batching(Mode.GAME, 0);
        }
        if (t.equals("position")) {
            return new Batching(Mode.POSITION, 1);
        }
        for (Mode m : new Mode[] {Mode.BATCH, Mode.SHUFFLE}) {
            String prefix = m.name().toLowerCase(Locale.ROOT);
            if (t.startsWith(prefix) && t.length() > prefix.length()) {
                String n = t.substring(prefix.length());
                int mult = 1;
                if (n.endsWith("k")) {
                    mult = 1024;
                    n = n.substring(0, n.length() - 1);
                }
                try {
                    return new Batching(m, Math.multiplyExact(Numbers.parseInt(n), mult));
                } catch (NumberFormatException | ArithmeticException e) {
                    break;
                }
            }
        }
        throw new BadSetting(field("batching"), ": expected game, position, batchN or shuffleN (e.g. batch1K, shuffle64), got '" + text + "'");
    }

    @Override
    public String toString() {
        return switch (mode) {
            case GAME -> "game";
            case POSITION -> "position";
            case BATCH -> "batch" + size;
            case SHUFFLE -> "shuffle" + size;
        };
    }
}
