package g2048.cli;

import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.play.Answerer;
import g2048.player.Player;
import g2048.tables.Coverage;
import g2048.tables.TablePlayer;
import g2048.tables.TableSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/** {@code --tables DIR} and its threshold, for the commands that play 4x4 boards: the endgame tables decide where they are confident. */
final class TablesOptions {

    @Option(names = "--tables", paramLabel = "DIR",
            description = "Endgame tables written by 'tables build': where a 4x4 board matches one and its best move's success probability clears --tables-threshold, the table chooses; elsewhere the player does.")
    Path dir;

    @Option(names = "--tables-threshold", paramLabel = "P", defaultValue = "" + TablePlayer.DEFAULT_THRESHOLD,
            description = "With --tables: the success probability a table's best move needs for the table to decide (default: ${DEFAULT-VALUE}).")
    double threshold = TablePlayer.DEFAULT_THRESHOLD;

    @Option(names = "--tables-margin", paramLabel = "P", defaultValue = "" + TablePlayer.DEFAULT_MARGIN,
            description = "With --tables: where a table matches, the player's move stands if its success probability is within P of the table's best; else the table overrules it with the player's favourite among those within P (default: ${DEFAULT-VALUE}: the table's best moves, ties to the player).")
    double margin = TablePlayer.DEFAULT_MARGIN;

    /**
     * The tables named with their threshold and margin, checked, or null without --tables: for a
     * session or a server, whose players meet boards of any shape (the tables check the 4x4 ones).
     */
    Answerer.Tables settings() {
        Answerer.Tables t = new Answerer.Tables(dir, threshold, margin);
        return dir == null ? null : t;
    }

    /** {@link #settings()} for boards of {@code shape}, refused unless 4x4. */
    Answerer.Tables settings(Shape shape) {
        Answerer.Tables t = settings();
        if (t == null) {
            return null;
        }
        if (!shape.equals(Shape.S4x4)) {
            throw new Errors.BadInput("--tables: endgame tables are for 4x4 boards, this one is " + shape);
        }
        return t;
    }

    /** The tables named, checked and opened, or null without --tables; refused on a board other than 4x4. */
    TableSet open(Shape shape) throws IOException {
        Answerer.Tables t = settings(shape);
        return t == null ? null : TableSet.open(t.dir());
    }

    /** {@code player} with the tables deciding first, counted in {@code coverage}; the player itself without tables. */
    Player wrap(Player player, TableSet tables, Coverage coverage) {
        return tables == null ? player : new TablePlayer(player, tables, threshold, margin, coverage);
    }

    /** The coverage line of a run's summary: the share of moves the tables checked and decided, all and by table. */
    static String text(Coverage c) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "tables    checked %.2f%%, decided %.2f%% of %d moves",
                share(c.checked(), c.moves()), share(c.decided(), c.moves()), c.moves()));
        String sep = "; by table (checked/decided): ";
        for (Coverage.Share s : c.byTable()) {
            sb.append(sep).append(String.format(Locale.ROOT, "%s %.2f%%/%.2f%%", s.table(), 100 * s.checkedShare(), 100 * s.decidedShare()));
            sep = ", ";
        }
        return sb.append('\n').toString();
    }

    /**
     * The field {@code tables} of a run's report, written into the object {@code j} has open (null:
     * no tables): the moves, those checked and decided, all and by table.
     */
    static JsonWriter json(JsonWriter j, Coverage c) {
        if (c == null) {
            return j;
        }
        j.object("tables")
                .field("moves", c.moves()).field("checked", c.checked()).field("decided", c.decided())
                .field("checked_share", share(c.checked(), c.moves()) / 100).field("decided_share", share(c.decided(), c.moves()) / 100)
                .beginArray("by_table");
        for (Coverage.Share s : c.byTable()) {
            j.begin().field("table", s.table()).field("checked", s.checked()).field("decided", s.decided())
                    .field("checked_share", s.checkedShare()).field("decided_share", s.decidedShare()).end();
        }
        return j.endArray().end();
    }

    private static double share(long n, long of) {
        return of == 0 ? 0 : 100.0 * n / of;
    }
}
