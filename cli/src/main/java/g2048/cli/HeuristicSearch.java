package g2048.cli;

import g2048.game.Board;
import g2048.game.Shape;
import g2048.search.SearchConfig;

/**
 * The {@code heuristic} player's search as {@code move} and {@code session} show it, with each
 * move's value: expectimax over the line heuristic, 2-ply, 3-ply on boards with at most
 * {@link #CROWDED} empty cells, chance branches below 1e-3 valued as leaves, a table without leaves.
 * The same search as {@link g2048.play.Players#heuristic} plays (a test holds them together).
 */
final class HeuristicSearch {

    static final SearchConfig BASE = SearchConfig.ofDepth(2).withProbabilityCutoff(1e-3)
            .withTable(SearchConfig.DEFAULT_TT_LOG2_SLOTS, false);
    static final int CROWDED = 3;

    private HeuristicSearch() {
    }

    /** The search the heuristic player runs on {@code board}. */
    static SearchConfig config(long board, Shape shape) {
        return Board.countEmpty(board, shape) <= CROWDED ? BASE.withDepth(BASE.depth() + 1) : BASE;
    }
}
