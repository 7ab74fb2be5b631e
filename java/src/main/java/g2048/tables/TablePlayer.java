package g2048.tables;

import g2048.player.Player;

/**
 * A player that lets the endgame tables choose where one matches the board and its best move's
 * success probability clears a threshold ({@link TableSet#decide}), and another player choose
 * elsewhere; every choice is counted in a {@link Coverage} shared by the threads. With values, a
 * table's choice gives each move's success probability.
 */
public final class TablePlayer implements Player {

    private final Player fallback;
    private final TableSet tables;
    private final double threshold;
    private final Coverage coverage;
    private TableSet.Decision last;

    public TablePlayer(Player fallback, TableSet tables, double threshold, Coverage coverage) {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold " + threshold + ": expected a probability in [0, 1]");
        }
        this.fallback = fallback;
        this.tables = tables;
        this.threshold = threshold;
        this.coverage = coverage;
    }

    @Override
    public int chooseMove(long board) {
        last = tables.decide(board, threshold);
        coverage.count(last == null ? null : last.table());
        return last != null ? last.direction() : fallback.chooseMove(board);
    }

    @Override
    public int chooseMove(long board, double[] values) {
        last = tables.decide(board, threshold);
        coverage.count(last == null ? null : last.table());
        if (last == null) {
            return fallback.chooseMove(board, values);
        }
        System.arraycopy(last.probabilities(), 0, values, 0, 4);
        return last.direction();
    }

    /** The tables' decision on the last board chosen for, null when the other player chose. */
    public TableSet.Decision lastDecision() {
        return last;
    }

    public Coverage coverage() {
        return coverage;
    }

    @Override
    public void startGame(long gameSeed) {
        fallback.startGame(gameSeed);
    }

    @Override
    public Player forThread() {
        return new TablePlayer(fallback.forThread(), tables, threshold, coverage);
    }

    @Override
    public String name() {
        return fallback.name() + ", tables " + tables.dir() + " (threshold " + threshold + ")";
    }
}
