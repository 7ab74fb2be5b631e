package g2048.search;

import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Shape;
import g2048.player.Player;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Player} that chooses by {@link Expectimax}. The instance a command builds is shared;
 * {@link #forThread()} gives each playing thread its own search (its own table and leaf set) over
 * that thread's evaluator, and {@link #counters()} on the shared instance sums the work of them all.
 *
 * <p>{@link #deeperWhenCrowded} searches one ply deeper on boards with few empty cells, where the
 * branching is small and a mistake costs the game: most of the strength of a deeper search for a
 * fraction of its time.
 */
public final class ExpectimaxPlayer implements Player {

    private final Evaluator evaluator;
    private final SearchConfig config;
    /** Boards with at most this many empty cells are searched one ply deeper; -1 for none. */
    private final int crowded;
    /** The name for reports; null for the evaluator and the configuration. */
    private final String name;
    private final Shape shape;
    private final List<ExpectimaxPlayer> family;
    private final SearchResult result = new SearchResult();
    private Expectimax search;

    /** Expectimax over {@code evaluator} as {@code config} says, {@link SearchConfig#resolvedFor resolved for} it. */
    public ExpectimaxPlayer(Evaluator evaluator, SearchConfig config) {
        this(evaluator, config.resolvedFor(evaluator), -1, null, new ArrayList<>());
    }

    private ExpectimaxPlayer(Evaluator evaluator, SearchConfig config, int crowded, String name,
                             List<ExpectimaxPlayer> family) {
        this.evaluator = evaluator;
        this.config = config;
        this.crowded = crowded;
        this.name = name;
        this.shape = evaluator.shape();
        this.family = family;
        synchronized (family) {
            family.add(this);
        }
    }

    /**
     * This player searching one ply deeper than its configuration on boards with at most
     * {@code emptyCells} empty cells.
     */
    public ExpectimaxPlayer deeperWhenCrowded(int emptyCells) {
        if (emptyCells < 0) {
            throw new IllegalArgumentException("empty cells must be at least 0, got " + emptyCells);
        }
        if (config.depth() >= SearchConfig.MAX_DEPTH) {
            throw new IllegalArgumentException("depth " + config.depth() + " leaves no deeper ply (at most "
                    + SearchConfig.MAX_DEPTH + ")");
        }
        return new ExpectimaxPlayer(evaluator, config, emptyCells, name, new ArrayList<>());
    }

    /** This player reported as {@code reportName} instead of its evaluator and configuration. */
    public ExpectimaxPlayer named(String reportName) {
        return new ExpectimaxPlayer(evaluator, config, crowded, reportName, new ArrayList<>());
    }

    @Override
    public int chooseMove(long board) {
        return search(board).best();
    }

    /**
     * Searches {@code board} as {@link #chooseMove} does and returns the result: each move's value,
     * the choice and the work done (the same object as {@link #lastResult()}, reused by the next search).
     */
    public SearchResult search(long board) {
        search().search(board, depthFor(board), result);
        return result;
    }

    /**
     * {@link #search(long)} abandoned at {@code deadline} (a {@link System#nanoTime()} instant): null
     * when the tree could not be finished by then. For a server, whose request must not hold a
     * thread beyond its timeout.
     */
    public SearchResult searchBy(long board, long deadline) {
        return search().searchBy(board, depthFor(board), result, deadline) ? result : null;
    }

    /** The search this player runs on {@code board}: its configuration, one ply deeper on a crowded board. */
    public SearchConfig configFor(long board) {
        int depth = depthFor(board);
        return depth == config.depth() ? config : config.withDepth(depth);
    }

    private int depthFor(long board) {
        boolean deeper = crowded >= 0 && Board.countEmpty(board, shape) <= crowded;
        return deeper ? config.depth() + 1 : config.depth();
    }

    private Expectimax search() {
        if (search == null) {
            search = new Expectimax(evaluator, config); // the table is allocated by the thread that uses it
        }
        return search;
    }

    /**
     * A game starts with an empty time bank, so that what one game left unspent (or overran) does not
     * carry into the next game its thread plays. What the search learned of each depth's cost stays.
     */
    @Override
    public void startGame(long gameSeed) {
        if (search != null) {
            search.emptyBank();
        }
    }

    /** The choice with each legal move's value (reward + expected value below it), NaN for the illegal ones. */
    @Override
    public int chooseMove(long board, double[] values) {
        int move = chooseMove(board);
        for (int d = 0; d < 4; d++) {
            values[d] = result.value(d);
        }
        return move;
    }

    /**
     * The time bank's balance of this instance ({@link SearchConfig#timeBank}): what its earlier moves
     * left unspent of their budget, negative after an overrun; 0 before its first search.
     */
    public long bankNanos() {
        return search == null ? 0 : search.bankNanos();
    }

    /** The result of the last {@link #chooseMove} of this instance: the search's values and its work. */
    public SearchResult lastResult() {
        return result;
    }

    @Override
    public ExpectimaxPlayer forThread() {
        return new ExpectimaxPlayer(evaluator.forThread(), config, crowded, name, family);
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

    /** The value function searched. */
    public Evaluator evaluator() {
        return evaluator;
    }

    public SearchConfig config() {
        return config;
    }

    @Override
    public String name() {
        if (name != null) {
            return name;
        }
        return evaluator.describe() + ", expectimax " + config.describe()
                + (crowded < 0 ? "" : ", one ply deeper with at most " + crowded + " empty cells");
    }
}
