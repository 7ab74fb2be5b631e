package g2048.search;

import g2048.eval.Evaluator;
import g2048.game.Downgrade;
import g2048.game.Moves;
import g2048.player.BestMove;
import g2048.player.KeepsAfterstate;
import g2048.player.Player;

/**
 * 1-ply play: the legal move maximising reward + V(afterstate) ({@link BestMove}: ties go to the lowest direction).
 *
 * <p>An evaluator that prefers batches (a value network) gets the legal afterstates in one
 * {@link Evaluator#values} call: on a GPU that is one round trip per move instead of one per
 * afterstate. Table evaluators are asked one afterstate at a time. Each thread needs its own
 * instance ({@link #forThread()}).
 *
 * <p>With a tile-downgrading threshold the move is chosen on {@link Downgrade#searchRoot}'s board,
 * exactly as a depth-1 {@link Expectimax} with that threshold chooses it.
 */
public final class GreedyPlayer implements Player, KeepsAfterstate {

    private final Evaluator evaluator;
    private final Moves moves;
    private final boolean batched;
    private final long[] after = new long[4];
    private final int[] directions = new int[4];
    private final double[] values = new double[4];
    /** reward + V(afterstate) by direction, read for the legal directions only. */
    private final double[] moveValues = new double[4];
    /** Tile-downgrading threshold; 0 for none. */
    private final int downgrade;
    /** The last choice's afterstate and reward, on the board asked about ({@link KeepsAfterstate}). */
    private long lastAfterstate;
    private int lastReward;
    /** The board the last choice searched: the one asked about, or its downgraded translation. */
    private long searched;

    public GreedyPlayer(Evaluator evaluator) {
        this(evaluator, 0);
    }

    /**
     * Greedy over {@code evaluator}, with tile-downgrading from {@code downgrade} (0: none;
     * {@link SearchConfig#DOWNGRADE_AUTO}: the evaluator's own threshold; see {@link SearchConfig#downgrade()}).
     */
    public GreedyPlayer(Evaluator evaluator, int downgrade) {
        this.evaluator = evaluator;
        this.moves = Moves.of(evaluator.shape());
        this.batched = evaluator.preferredBatchSize() > 1;
        this.downgrade = SearchConfig.resolvedDowngrade(downgrade, evaluator);
    }

    @Override
    public int chooseMove(long board) {
        long b = downgrade == 0 ? board : Downgrade.searchRoot(board, downgrade, moves);
        searched = b;
        int move = batched ? chooseBatched(b) : chooseOneByOne(b);
        if (b != board && move >= 0) {
            // the move was chosen on the downgraded board; the game goes on from the real one
            lastAfterstate = moves.move(board, move);
            lastReward = moves.reward(board, move);
        }
        return move;
    }

    @Override
    public long lastAfterstate() {
        return lastAfterstate;
    }

    @Override
    public int lastReward() {
        return lastReward;
    }

    private int chooseOneByOne(long board) {
        // the four afterstates and the two axes' rewards from one transpose of the board
        long[] a = after;
        long t = moves.afterstates(board, a);
        int columnReward = moves.columnsRewardOfTransposed(t);
        int rowReward = moves.rowsReward(board);
        int legal = 0;
        for (int d = 0; d < 4; d++) {
            if (a[d] != board) {
                legal |= 1 << d;
                moveValues[d] = ((d & 1) == 0 ? columnReward : rowReward) + evaluator.value(a[d]);
            }
        }
        int best = BestMove.of(moveValues, legal);
        if (best >= 0) {
            lastAfterstate = a[best];
            lastReward = (best & 1) == 0 ? columnReward : rowReward;
        }
        return best;
    }

    private int chooseBatched(long board) {
        int n = 0;
        for (int d = 0; d < 4; d++) {
            long a = moves.move(board, d);
            if (a != board) {
                after[n] = a;
                directions[n] = d;
                n++;
            }
        }
        if (n == 0) {
            return -1;
        }
        evaluator.values(after, n, values);
        int legal = 0;
        for (int i = 0; i < n; i++) {
            legal |= 1 << directions[i];
            moveValues[directions[i]] = moves.reward(board, directions[i]) + values[i];
        }
        int best = BestMove.of(moveValues, legal);
        lastAfterstate = moves.move(board, best);
        lastReward = moves.reward(board, best);
        return best;
    }

    /** The choice with each legal move's value, reward + V(afterstate), NaN for the illegal ones. */
    @Override
    public int chooseMove(long board, double[] out) {
        int move = chooseMove(board);
        long b = searched;
        for (int d = 0; d < 4; d++) {
            out[d] = moves.move(b, d) != b ? moveValues[d] : Double.NaN;
        }
        return move;
    }

    @Override
    public Player forThread() {
        return new GreedyPlayer(evaluator.forThread(), downgrade);
    }

    @Override
    public String name() {
        return evaluator.describe() + ", greedy" + (downgrade > 0 ? ", downgrade from " + downgrade : "");
    }
}
