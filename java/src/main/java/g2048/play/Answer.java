package g2048.play;

import g2048.game.Shape;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.tables.TableSet;

/**
 * A player's answer about one board, as {@link Answerer} gives it to every front end: each
 * direction's value, the move chosen, the search that chose it (null for a player that does not
 * search) and, with endgame tables, what the tables said.
 *
 * @param board         the board asked about
 * @param shape         its shape
 * @param player        the player as answers name it: a search by its value function's description,
 *                      {@code heuristic}, the policy network, {@code optimal (DB)}, {@code tables NAME-TARGET}
 *                      when a table decided
 * @param search        the search that chose and its work; null for a player that does not search
 * @param values        each direction's value, NaN where the move is illegal or the player has none;
 *                      a table's success probabilities when a table decided
 * @param probabilities a policy network's probability of each direction (NaN for an illegal one),
 *                      else null
 * @param move          the direction chosen, -1 when no move is legal
 * @param nanos         the time the choice took
 * @param withTables    whether endgame tables were asked: then {@code table} says what matched
 * @param table         the table that matched the board and cleared the threshold, or null
 * @param overruled     when the table decided (overruled the player), the player's own answer; else null
 */
public record Answer(long board, Shape shape, String player, Searched search, double[] values,
                     double[] probabilities, int move, long nanos, boolean withTables, TableSet.Decision table,
                     Answer overruled) {

    /**
     * What a search did, copied from its {@link SearchResult} (which the next search reuses).
     *
     * @param config        the configuration it ran with (one ply deeper on a crowded board for the heuristic)
     * @param searchedBoard the board the tree grew from: the board, or its tile-downgraded translation
     */
    public record Searched(SearchConfig config, long searchedBoard, int depth, boolean cutShort, long nodes, long leaves,
                           long ttProbes, long ttHits) {

        static Searched of(SearchConfig config, SearchResult r) {
            return new Searched(config, r.searchedBoard(), r.depth(), r.cutShort(), r.nodes(), r.leaves(), r.ttProbes(),
                    r.ttHits());
        }
    }

    /** Whether a table decided the move, overruling the player. */
    public boolean decided() {
        return overruled != null;
    }

    /** This answer under another name: a front end that names the files it read otherwise. */
    public Answer named(String name) {
        return new Answer(board, shape, name, search, values, probabilities, move, nanos, withTables, table, overruled);
    }

    /** This answer of the player, with the tables asked and {@code matched} (null: none) standing by its move. */
    Answer checkedBy(TableSet.Decision matched) {
        return new Answer(board, shape, player, search, values, probabilities, move, nanos, true, matched, null);
    }
}
