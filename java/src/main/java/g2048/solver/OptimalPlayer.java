package g2048.solver;

import g2048.player.BestMove;
import g2048.player.Player;

/** Plays the best move of a {@link Solution}: the legal move with the largest reward + afterstate value. */
public final class OptimalPlayer implements Player {

    private final Solution solution;
    private final double[] q = new double[4];

    public OptimalPlayer(Solution solution) {
        this.solution = solution;
    }

    @Override
    public int chooseMove(long board) {
        return chooseMove(board, q);
    }

    /**
     * The best move with each legal move's exact value (NaN for the illegal ones); a board whose
     * move leads outside the solution (not a reachable state) is an {@link IllegalArgumentException}.
     */
    @Override
    public int chooseMove(long board, double[] values) {
        int legal = solution.moveValues(board, values);
        for (int d = 0; d < 4; d++) {
            if ((legal >>> d & 1) != 0 && Double.isNaN(values[d])) {
                throw new IllegalArgumentException("board " + Long.toHexString(board) + ": move " + d
                        + " leads to an afterstate missing from the solution");
            }
        }
        return BestMove.of(values, legal);
    }

    @Override
    public Player forThread() {
        return new OptimalPlayer(solution);
    }

    @Override
    public String name() {
        return "optimal " + solution.shape();
    }
}
