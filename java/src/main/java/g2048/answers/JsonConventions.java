package g2048.answers;

import g2048.game.Direction;
import g2048.json.JsonWriter;
import g2048.ntuple.NtupleModels;
import g2048.search.SearchConfig;
import java.nio.file.Path;

/**
 * The conventions every command's {@code --json} and every answer of the server follow (schemas in
 * {@code schemas/}): snake_case keys, units in the key ({@code _us}, {@code _ms}, {@code _s}), a
 * missing value written as null rather than left out, numbers to six decimals, a move as its letter
 * or null when there is none, one shape for {@code search}, files as the user named them.
 */
public final class JsonConventions {

    /** The shipped n-tuple model, as the answers name it: the user never typed its path. */
    public static final String SHIPPED_MODEL = NtupleModels.SHIPPED_NAME;

    private JsonConventions() {
    }

    /** A writer of the one number style: six decimals, whole numbers without a point. */
    public static JsonWriter writer() {
        return new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS);
    }

    /** A direction index as its letter, or null (no legal move: the game is over). */
    public static String move(int direction) {
        return direction < 0 ? null : String.valueOf(Direction.ALL[direction].letter());
    }

    /** A path as the user gave it (picocli keeps the text), or null. */
    public static String path(Path p) {
        return p == null ? null : p.toString();
    }

    /**
     * A player's description without the path or class-path name of the shipped model, which the
     * user never typed: it is named as the shipped model instead, one name everywhere.
     */
    public static String player(String description) {
        // the model read from the class path is named so already; the checkout's file by its path
        return description.replace(NtupleModels.defaultModelPath().toString(), SHIPPED_MODEL);
    }

    /**
     * The one shape of {@code reach}: the share of games that reached each tile, by the tile's value
     * ({@code "2048": 0.97}), for the tile codes {@code codes} and their shares {@code rates}.
     */
    public static JsonWriter reach(JsonWriter j, int[] codes, double[] rates) {
        j.object("reach");
        for (int i = 0; i < codes.length; i++) {
            j.field(Integer.toString(1 << codes[i]), rates[i]);
        }
        return j.end();
    }

    /**
     * The one shape of {@code latency_us}: percentiles 50, 90, 99 and 99.9 of a latency
     * ({@code percentile} gives each, in microseconds) and its maximum.
     */
    public static JsonWriter latency(JsonWriter j, java.util.function.DoubleUnaryOperator percentile, double maxMicros) {
        return j.object("latency_us")
                .field("p50", percentile.applyAsDouble(50))
                .field("p90", percentile.applyAsDouble(90))
                .field("p99", percentile.applyAsDouble(99))
                .field("p99_9", percentile.applyAsDouble(99.9))
                .field("max", maxMicros)
                .end();
    }

    /** The one shape of {@code search}: the configuration a search ran with. */
    public static JsonWriter search(JsonWriter j, String key, SearchConfig c) {
        return j.object(key)
                .field("depth", c.depth())
                .field("time_budget_ms", c.timeBudgetNanos() / 1e6)
                .field("time_bank", c.timeBank())
                .field("cutoff", c.probabilityCutoff())
                .field("tt_bits", c.ttLog2Slots())
                .field("tt_leaves", c.ttLeaves())
                .field("batched", c.batchedLeaves())
                .field("downgrade", c.downgrade())
                .field("text", c.describe())
                .end();
    }
}
