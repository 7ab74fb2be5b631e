package g2048.cli;

import g2048.game.Direction;
import g2048.json.JsonWriter;
import g2048.ntuple.NtupleModels;
import g2048.search.SearchConfig;
import java.nio.file.Path;

/**
 * The conventions every command's {@code --json} follows (schemas in {@code schemas/}): snake_case
 * keys, units in the key ({@code _us}, {@code _ms}, {@code _s}), a move as its letter or null when
 * there is none, one shape for {@code search}, files as the user named them.
 */
final class JsonConventions {

    private JsonConventions() {
    }

    /** A direction index as its letter, or null (no legal move: the game is over). */
    static String move(int direction) {
        return direction < 0 ? null : String.valueOf(Direction.ALL[direction].letter());
    }

    /** A path as the user gave it (picocli keeps the text), or null. */
    static String path(Path p) {
        return p == null ? null : p.toString();
    }

    /**
     * A player's description without the absolute path of the shipped model, which the user never
     * typed: it is named as the shipped model instead.
     */
    static String player(String description) {
        String shipped = NtupleModels.defaultModelPath().toString();
        return description.replace(shipped, "shipped " + NtupleModels.DEFAULT_MODEL);
    }

    /** The one shape of {@code search}: the configuration a search ran with. */
    static JsonWriter search(JsonWriter j, String key, SearchConfig c) {
        return j.object(key)
                .field("depth", c.depth())
                .field("time_budget_ms", c.timeBudgetNanos() / 1e6)
                .field("cutoff", c.probabilityCutoff())
                .field("tt_bits", c.ttLog2Slots())
                .field("tt_leaves", c.ttLeaves())
                .field("batched", c.batchedLeaves())
                .field("downgrade", c.downgrade())
                .field("text", c.describe())
                .end();
    }
}
