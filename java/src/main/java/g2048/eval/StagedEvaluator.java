package g2048.eval;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;

/**
 * Two value functions by stage of the game: afterstates without a tile of {@link #fromTile()} or
 * more are valued by the early one, those with one by the late one plus an offset. A network
 * strong over the whole game and one trained where games are won or lost (restart episodes reach
 * the late game far more often than whole games do) then each value the boards they know.
 *
 * <p>The two are trained apart, so their levels differ where the game crosses from one to the
 * other; a greedy player would then steer towards or away from the move that makes the tile. The
 * offset ({@link #aligned}) puts the late values at the early ones' level on the afterstates where
 * the early player's own games first make the tile.
 */
public final class StagedEvaluator implements Evaluator {

    /** Hand-off afterstates measured by {@link #aligned}, and the most games played to find them. */
    public static final int HAND_OFFS = 64;
    public static final int MAX_GAMES = 512;

    private final Evaluator early;
    private final Evaluator late;
    private final int fromCode;
    private final double offset;
    private final int measured;
    private long[] lateBoards = new long[0];
    private long[] earlyBoards = new long[0];
    private double[] lateValues = new double[0];
    private double[] earlyValues = new double[0];
    private boolean[] lateAt = new boolean[0];

    /**
     * {@code early} below the tile {@code 2^fromCode}, {@code late} plus {@code offset} from it;
     * {@code measured}: the hand-off afterstates the offset was measured on (0 when given).
     */
    public StagedEvaluator(Evaluator early, Evaluator late, int fromCode, double offset, int measured) {
        if (!early.shape().equals(late.shape())) {
            throw new IllegalArgumentException("the stages value one shape: " + early.describe() + " values "
                    + early.shape() + " boards, " + late.describe() + " values " + late.shape());
        }
        if (fromCode < 2 || fromCode > 15) {
            throw new IllegalArgumentException("the late stage starts at a tile of 4 to 32768, got 2^" + fromCode);
        }
        this.early = early;
        this.late = late;
        this.fromCode = fromCode;
        this.offset = offset;
        this.measured = measured;
    }

    /**
     * {@code early} and {@code late} with the offset that levels them: the mean of
     * {@code early(a) − late(a)} over the afterstates {@code a} where greedy games of {@code early}
     * (seeded by {@code seed}) first hold a tile of {@code 2^fromCode}, {@link #HAND_OFFS} of them or
     * as many as {@link #MAX_GAMES} games make; 0 when none does.
     */
    public static StagedEvaluator aligned(Evaluator early, Evaluator late, int fromCode, long seed) {
        Evaluator e = early.forThread();
        Evaluator l = late.forThread();
        Shape shape = early.shape();
        Moves moves = Moves.of(shape);
        Rng rng = new Rng(seed);
        double sum = 0;
        int found = 0;
        for (int game = 0; game < MAX_GAMES && found < HAND_OFFS; game++) {
            rng.reseed(Rng.gameSeed(seed, game));
            long board = Spawns.initial(shape, rng);
            while (true) {
                long after = greedy(e, moves, board);
                if (after == board) {
                    break;
                }
                if (Board.maxCode(after) >= fromCode) {
                    sum += e.value(after) - l.value(after);
                    found++;
                    break;
                }
                board = Spawns.spawn(after, shape, rng);
            }
        }
        return new StagedEvaluator(early, late, fromCode, found == 0 ? 0 : sum / found, found);
    }

    /** The afterstate of {@code board}'s best move by reward plus value (the lowest direction among equals); {@code board} when none is legal. */
    private static long greedy(Evaluator values, Moves moves, long board) {
        long best = board;
        double bestTotal = Double.NEGATIVE_INFINITY;
        for (int d = 0; d < 4; d++) {
            long after = moves.move(board, d);
            if (after != board) {
                double total = moves.reward(board, d) + values.value(after);
                if (total > bestTotal) {
                    bestTotal = total;
                    best = after;
                }
            }
        }
        return best;
    }

    /** The smallest tile the late stage values. */
    public int fromTile() {
        return 1 << fromCode;
    }

    /** What is added to the late values. */
    public double offset() {
        return offset;
    }

    /** The hand-off afterstates {@link #offset()} was measured on. */
    public int measured() {
        return measured;
    }

    @Override
    public Shape shape() {
        return early.shape();
    }

    private boolean isLate(long afterstate) {
        return Board.maxCode(afterstate) >= fromCode;
    }

    @Override
    public double value(long afterstate) {
        return isLate(afterstate) ? late.value(afterstate) + offset : early.value(afterstate);
    }

    /** Each stage's afterstates valued in one batch of its own, the results put back in order. */
    @Override
    public void values(long[] afterstates, int count, double[] out) {
        if (lateBoards.length < count) {
            lateBoards = new long[count];
            earlyBoards = new long[count];
            lateValues = new double[count];
            earlyValues = new double[count];
            lateAt = new boolean[count];
        }
        int nLate = 0;
        int nEarly = 0;
        for (int i = 0; i < count; i++) {
            lateAt[i] = isLate(afterstates[i]);
            if (lateAt[i]) {
                lateBoards[nLate++] = afterstates[i];
            } else {
                earlyBoards[nEarly++] = afterstates[i];
            }
        }
        if (nLate > 0) {
            late.values(lateBoards, nLate, lateValues);
        }
        if (nEarly > 0) {
            early.values(earlyBoards, nEarly, earlyValues);
        }
        int li = 0;
        int ei = 0;
        for (int i = 0; i < count; i++) {
            out[i] = lateAt[i] ? lateValues[li++] + offset : earlyValues[ei++];
        }
    }

    @Override
    public int preferredBatchSize() {
        return Math.max(early.preferredBatchSize(), late.preferredBatchSize());
    }

    @Override
    public int maxBatchSize() {
        return Math.min(early.maxBatchSize(), late.maxBatchSize());
    }

    /**
     * None: the late stage is there to value the boards that tile-downgrading would otherwise bend
     * towards what an early network knows.
     */
    @Override
    public int downgradeThreshold() {
        return 0;
    }

    @Override
    public Evaluator forThread() {
        return new StagedEvaluator(early.forThread(), late.forThread(), fromCode, offset, measured);
    }

    @Override
    public String describe() {
        return early.describe() + "; from " + fromTile() + ": " + late.describe() + String.format(java.util.Locale.ROOT, " %+.0f", offset)
                + (measured > 0 ? " (levelled on " + measured + " hand-offs)" : "");
    }
}
