package g2048.answers;

import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.play.Answer;
import g2048.tables.Coverage;
import g2048.tables.TableSet;
import java.util.function.Consumer;

/**
 * Every direction's value on one board and the move chosen ({@code schemas/move.schema.json}): the
 * one writer of {@code move --json}, a session's {@code move} and the server's {@code /move}, from the
 * {@link Answer} they all get from {@link g2048.play.Answerer}. Each
 * direction is listed, U, R, D, L; an illegal one has null reward, afterstate and value.
 */
public final class MoveAnswer {

    private MoveAnswer() {
    }

    /**
     * The answer {@code a} as JSON: a search's configuration, each move's value, the choice and the
     * work done; for a player that does not search, {@code search} and its work null and, for a policy
     * network, each legal move's probability beside a null value; with endgame tables, the field
     * {@code table} ({@link #table}).
     */
    public static JsonWriter of(Answer a) {
        return into(JsonConventions.writer().begin(), a).end();
    }

    /** As {@link #of}, its fields written into the object {@code j} has open (a session's reply holds the answer). */
    public static JsonWriter into(JsonWriter j, Answer a) {
        Consumer<JsonWriter> more = a.withTables() ? w -> table(w, a.table(), a.decided()) : w -> { };
        String player = JsonConventions.player(a.player());
        return a.search() != null ? searched(j, a, player, more) : unsearched(j, a, player, more);
    }

    private static JsonWriter searched(JsonWriter j, Answer a, String player, Consumer<JsonWriter> more) {
        long b = a.board();
        Shape shape = a.shape();
        Answer.Searched r = a.search();
        Moves moves = Moves.of(shape);
        j.field("board", BoardText.format(b, shape))
                .field("shape", shape.toString())
                .field("player", player);
        JsonConventions.search(j, "search", r.config())
                .field("searched_board", r.searchedBoard() == b ? null : BoardText.format(r.searchedBoard(), shape))
                .beginArray("moves");
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            boolean legal = !Double.isNaN(a.values()[i]);
            j.begin().field("move", String.valueOf(d.letter())).field("legal", legal);
            if (legal) {
                j.field("reward", moves.reward(b, i))
                        .field("afterstate", BoardText.format(moves.move(b, i), shape))
                        .field("value", a.values()[i]);
            } else {
                j.nullField("reward").nullField("afterstate").nullField("value");
            }
            j.end();
        }
        j.endArray()
                .field("move", JsonConventions.move(a.move()))
                .field("depth_reached", r.depth())
                .field("cut_short", r.cutShort())
                .field("nodes", r.nodes())
                .field("leaves", r.leaves())
                .field("tt_probes", r.ttProbes())
                .field("tt_hits", r.ttHits())
                .field("elapsed_us", a.nanos() / 1e3);
        more.accept(j);
        return j;
    }

    private static JsonWriter unsearched(JsonWriter j, Answer a, String player, Consumer<JsonWriter> more) {
        long b = a.board();
        Shape shape = a.shape();
        double[] probabilities = a.probabilities();
        Moves moves = Moves.of(shape);
        j.field("board", BoardText.format(b, shape))
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
                j.field("reward", moves.reward(b, i)).field("afterstate", BoardText.format(after, shape)).field("value", a.values()[i]);
            } else {
                j.nullField("reward").nullField("afterstate").nullField("value");
            }
            if (probabilities != null) {
                j.field("probability", legal ? probabilities[i] : Double.NaN);
            }
            j.end();
        }
        j.endArray().field("move", JsonConventions.move(a.move()))
                .nullField("depth_reached").field("cut_short", false)
                .nullField("nodes").nullField("leaves").nullField("tt_probes").nullField("tt_hits")
                .field("elapsed_us", a.nanos() / 1e3);
        more.accept(j);
        return j;
    }

    /**
     * The {@code table} field of an answer given with endgame tables: null when none matched, else
     * the table ({@code NAME-TARGET}), its formation's picture, its target, whether it decided the
     * move (overruled the player) and each direction's success probability (null where the table
     * values none).
     */
    static void table(JsonWriter j, TableSet.Decision d, boolean decided) {
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
