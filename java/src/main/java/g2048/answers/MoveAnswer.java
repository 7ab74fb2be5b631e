package g2048.answers;

import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.tables.Coverage;
import g2048.tables.TableSet;
import java.util.function.Consumer;

/**
 * Every direction's value on one board and the move chosen ({@code schemas/move.schema.json}): the
 * one writer of {@code move --json}, a session's {@code move} and the server's {@code /move}. Each
 * direction is listed, U, R, D, L; an illegal one has null reward, afterstate and value.
 */
public final class MoveAnswer {

    private MoveAnswer() {
    }

    /** The answer of a search: its configuration, each move's value, the choice and the work done. */
    public static JsonWriter searched(long b, Shape shape, String player, SearchConfig config, SearchResult r) {
        return searched(b, shape, player, config, r, j -> { });
    }

    /** As {@link #searched(long, Shape, String, SearchConfig, SearchResult)}, {@code more} writing fields of its own at the end. */
    public static JsonWriter searched(long b, Shape shape, String player, SearchConfig config, SearchResult r,
                                      Consumer<JsonWriter> more) {
        Moves moves = Moves.of(shape);
        JsonWriter j = JsonConventions.writer().begin()
                .field("board", BoardText.format(b, shape))
                .field("shape", shape.toString())
                .field("player", player);
        JsonConventions.search(j, "search", config)
                .field("searched_board", r.searchedBoard() == b ? null : BoardText.format(r.searchedBoard(), shape))
                .beginArray("moves");
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            boolean legal = !Double.isNaN(r.value(i));
            j.begin().field("move", String.valueOf(d.letter())).field("legal", legal);
            if (legal) {
                j.field("reward", moves.reward(b, i))
                        .field("afterstate", BoardText.format(moves.move(b, i), shape))
                        .field("value", r.value(i));
            } else {
                j.nullField("reward").nullField("afterstate").nullField("value");
            }
            j.end();
        }
        j.endArray()
                .field("move", JsonConventions.move(r.best()))
                .field("depth_reached", r.depth())
                .field("cut_short", r.cutShort())
                .field("nodes", r.nodes())
                .field("leaves", r.leaves())
                .field("tt_probes", r.ttProbes())
                .field("tt_hits", r.ttHits())
                .field("elapsed_us", r.nanos() / 1e3);
        more.accept(j);
        return j.end();
    }

    /**
     * The answer of a player that chooses without a search: {@code search} and its work are null.
     * {@code values} are each move's value (exact ones from a solution; NaN, written null, where the
     * player has none); {@code probabilities}, for a policy network only (else null), each legal
     * move's probability, beside a null value. {@code nanos}: the time the choice took.
     */
    public static JsonWriter unsearched(long b, Shape shape, String player, double[] values, double[] probabilities,
                                        int best, long nanos) {
        return unsearched(b, shape, player, values, probabilities, best, nanos, j -> { });
    }

    /** As {@link #unsearched(long, Shape, String, double[], double[], int, long)}, {@code more} writing fields of its own at the end. */
    public static JsonWriter unsearched(long b, Shape shape, String player, double[] values, double[] probabilities,
                                        int best, long nanos, Consumer<JsonWriter> more) {
        Moves moves = Moves.of(shape);
        JsonWriter j = JsonConventions.writer().begin()
                .field("board", BoardText.format(b, shape))
                .field("shape", shape.toString())
                .field("player", player)
                .nullField("search")
                .beginArray("moves");
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            long after = moves.move(b, i);
            boolean legal = after != b;
            j.begin().field("move", String.valueOf(d.letter())).field("legal", legal);
            if (legal) {
                j.field("reward", moves.reward(b, i)).field("afterstate", BoardText.format(after, shape)).field("value", values[i]);
            } else {
                j.nullField("reward").nullField("afterstate").nullField("value");
            }
            if (probabilities != null) {
                j.field("probability", legal ? probabilities[i] : Double.NaN);
            }
            j.end();
        }
        j.endArray().field("move", JsonConventions.move(best))
                .nullField("depth_reached").field("cut_short", false)
                .nullField("nodes").nullField("leaves").nullField("tt_probes").nullField("tt_hits")
                .field("elapsed_us", nanos / 1e3);
        more.accept(j);
        return j.end();
    }

    /**
     * The {@code table} field of an answer given with endgame tables: null when none matched, else
     * the table ({@code NAME-TARGET}), its formation's picture, its target, whether it decided the
     * move (overruled the player) and each direction's success probability (null where the table
     * values none).
     */
    public static void table(JsonWriter j, TableSet.Decision d, boolean decided) {
        if (d == null) {
            j.nullField("table");
            return;
        }
        j.object("table").field("name", Coverage.name(d.table())).field("formation", d.table().formation().picture())
                .field("target", d.table().target()).field("decided", decided).object("probabilities");
        for (Direction dir : Direction.ALL) {
            j.field(dir.name().toLowerCase(java.util.Locale.ROOT), d.probabilities()[dir.ordinal()]);
        }
        j.end().end();
    }
}
