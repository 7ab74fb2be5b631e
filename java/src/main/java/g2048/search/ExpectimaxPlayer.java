package g2048.search;

import g2048.eval.Evaluator;
import g2048.player.Player;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Player} that chooses by {@link Expectimax}. The instance a command builds is shared;
 * {@link #forThread()} gives each playing thread its own search (its own table and leaf set) over
 * that thread's evaluator, and {@link #counters()} on the shared instance sums the work of them all.
 */
public final class ExpectimaxPlayer implements Player {

    private final Evaluator evaluator;
    private final SearchConfig config;
    private final List<ExpectimaxPlayer> family;
    private final SearchResult result = new SearchResult();
    private Expectimax search;

    public ExpectimaxPlayer(Evaluator evaluator, SearchConfig config) {
        this(evaluator, config, new ArrayList<>());
    }

    private ExpectimaxPlayer(Evaluator evaluator, SearchConfig config, List<ExpectimaxPlayer> family) {
        this.evaluator = evaluator;
        this.config = config;
        this.family = family;
        synchronized (family) {
            family.add(this);
        }
    }

    @Override
    public int chooseMove(long board) {
        if (search == null) {
            search = new Expectimax(evaluator, config); // the table is allocated by the thread that uses it
        }
        search.search(board, result);
        return result.best();
    }

    /** The result of the last {@link #chooseMove} of this instance. */
    public SearchResult lastResult() {
        return result;
    }

    @Override
    public Player forThread() {
        return new ExpectimaxPlayer(evaluator.forThread(), config, family);
    }

    /** Work done by this player and every thread instance made from it (read after their threads finish). */
    public SearchCounters counters() {
        SearchCounters sum = SearchCounters.ZERO;
        synchronized (family) {
            for (ExpectimaxPlayer p : family) {
                if (p.search != null) {
                    sum = sum.plus(p.search.counters());
                }
            }
        }
        return sum;
    }

    public SearchConfig config() {
        return config;
    }

    @Override
    public String name() {
        return evaluator.describe() + ", expectimax " + config.describe();
    }
}
