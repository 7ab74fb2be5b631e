package g2048.tables;

import g2048.player.Player;

/**
 * A player whose moves the endgame tables check: where a table matches the board and its best
 * move's success probability clears a threshold ({@link TableSet#decide}), the other player's
 * choice stands only if its success probability is within a margin of the best; otherwise the
 * table overrules it, with the other player's favourite among the moves within the margin (the
 * table's best when that player gives no values). Elsewhere the other player chooses alone.
 *
 * <p>Why the other player breaks the table's ties: a table knows only the chance of making its
 * target somewhere in the free cells, so its many near-certain moves are ties to it, and which of
 * them keeps the board in shape for what comes after is the other player's knowledge. How much to
 * defer beyond exact ties was measured with the shipped model at 1-ply, 1,000 games (seed 7, tables
 * 442 and L3 at targets 128, 256 and 512, threshold 0.5): margin 0.05 scored a mean of 278,861
 * (32768 in 6.8%), 0.02 286,072 (8.1%), 0.005 298,535 (10.8%), 0.002 303,815 (13.9%) and 0 312,676
 * (15.2%). So the default margin is 0: the table's best moves only, the player choosing among them.
 *
 * <p>Every choice is counted in a {@link Coverage} shared by the threads; with values, a table's
 * choice gives each move's success probability.
 */
public final class TablePlayer implements Player {

    /** The success probability a table's best move needs for the table to check the move, unless told otherwise. */
    public static final double DEFAULT_THRESHOLD = 0.5;
    /** How far below the table's best the other player's move may stand, unless told otherwise (see above). */
    public static final double DEFAULT_MARGIN = 0.0;

    private final Player fallback;
    private final TableSet tables;
    private final double threshold;
    private final double margin;
    private final Coverage coverage;
    private final double[] own = new double[4];
    private TableSet.Decision last;

    public TablePlayer(Player fallback, TableSet tables, double threshold, double margin, Coverage coverage) {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold " + threshold + ": expected a probability in [0, 1]");
        }
        if (!(margin >= 0 && margin <= 1)) {
            throw new IllegalArgumentException("margin " + margin + ": expected a probability in [0, 1]");
        }
        this.fallback = fallback;
        this.tables = tables;
        this.threshold = threshold;
        this.margin = margin;
        this.coverage = coverage;
    }

    @Override
    public int chooseMove(long board) {
        return chooseMove(board, own);
    }

    @Override
    public int chooseMove(long board, double[] values) {
        last = tables.decide(board, threshold);
        if (last == null) {
            coverage.count(null, false);
            return fallback.chooseMove(board, values);
        }
        int mine = fallback.chooseMove(board, own);
        int pick = check(last, mine, own, margin);
        coverage.count(last.table(), pick != mine);
        System.arraycopy(last.probabilities(), 0, values, 0, 4);
        return pick;
    }

    /**
     * The move after a table's check: {@code mine}, another player's choice with its values
     * {@code own} (NaN where it has none), if its success probability is within {@code margin} of the
     * table's best; else that player's favourite among the moves within the margin, or the table's
     * best when it gives no values.
     */
    public static int check(TableSet.Decision decision, int mine, double[] own, double margin) {
        double[] p = decision.probabilities();
        double floor = p[decision.direction()] - margin;
        if (mine >= 0 && p[mine] >= floor) {
            return mine;
        }
        int pick = -1;
        for (int d = 0; d < 4; d++) {
            if (p[d] >= floor && (pick < 0 || own[d] > own[pick])) {
                pick = d;
            }
        }
        return Double.isNaN(own[pick]) ? decision.direction() : pick;
    }

    /** The tables' decision on the last board chosen for, null when no table matched. */
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
        return new TablePlayer(fallback.forThread(), tables, threshold, margin, coverage);
    }

    @Override
    public String name() {
        return fallback.name() + ", tables " + tables.dir() + " (threshold " + threshold + ", margin " + margin + ")";
    }
}
