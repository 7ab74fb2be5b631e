package g2048.ntuple;

import g2048.settings.Named;

/**
 * Which copy of a model's tables an evaluator reads.
 *
 * <ul>
 * <li>{@code FLOAT32}: the model's own tables, live: training updates show at once.</li>
 * <li>{@code INT16}: a read-only {@link Int16Network} copy, half the bytes: look-ups that miss the
 *     caches cost half as many cache lines' worth of room, so play and search run faster. Exact
 *     for models loaded from the compact form, whose weights are already 16-bit steps.</li>
 * <li>{@code AUTO}: {@code INT16} for TD-afterstate models, {@code FLOAT32} otherwise (the
 *     TD-state evaluator averages over spawns through the float tables).</li>
 * </ul>
 */
public enum TablePrecision implements Named {
    AUTO,
    FLOAT32,
    INT16;

    /** The precision named {@code s} ({@code auto}, {@code float32} or {@code int16}). */
    public static TablePrecision parse(String s) {
        return Named.parse(TablePrecision.class, "table precision", s);
    }
}
