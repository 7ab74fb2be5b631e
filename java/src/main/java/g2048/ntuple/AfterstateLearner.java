package g2048.ntuple;

import g2048.game.Rng;
import g2048.game.Spawns;
import g2048.player.BestMove;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * TD-afterstate (Szubert and Jaśkowski 2014, Fig. 6): moves maximise {@code r + V(s')}; after each move the previous
 * afterstate is moved towards {@code r_next + V(s'_next)}, the next move's reward and afterstate
 * value (0 when the new state is terminal).
 *
 * <p>The move chosen inside the update ({@code a_next}) is the move then played: the value of
 * {@code s'_next} used by the update was computed before it, exactly as in the figure, and the
 * game goes on with that choice rather than evaluating the same state a second time.
 *
 * <p>The error is measured against {@code V(s')} as it was when {@code s'} was chosen, one move
 * earlier, as TDL2048's default update does: reading the afterstate's features again
 * after the previous update would cost a second pass over them on every move and changes nothing
 * but the one update's share of features with its neighbour.
 */
class AfterstateLearner extends Learner {

    /** Each legal direction's afterstate, reward, value and reward + value, for the choice. */
    private final long[] moveAfters = new long[4];
    private final int[] moveRewards = new int[4];
    private final float[] moveValues = new float[4];
    private final double[] moveTotals = new double[4];
    private long chosenAfter;
    private int chosenReward;
    private float chosenValue;
    /**
     * The 4×6 network read unchecked ({@link FourBySix}): the entry numbers of every legal
     * afterstate are computed before any is read, and the chosen one's are kept for its update.
     */
    private final boolean fourBySix;
    /** Another network of 16 values on a 4×4 board's images, chosen the same way ({@link TupleNetwork#entries}). */
    private final boolean sixteen;
    private final long table;
    private final long bankWeights;
    /** Features per afterstate. */
    private final int features;
    /** The entry numbers of each direction's afterstate, {@link #features} a direction. */
    private final int[] candidates;
    /** The entry numbers of the afterstate chosen last, and of the one chosen before it. */
    private int[] chosenEntries;
    private int[] previousEntries;
    /**
     * For the 4×6 network: each direction's 32 entry numbers, 128 bytes a direction, off the heap, so
     * that the choice's stores and reads of them carry no bounds checks ({@link FourBySix#indicesAt}).
     */
    private final MemorySegment scratch;
    private final long scratchAddress;
    /** What {@link Coherence#readAhead} returned last (never used: see there). */
    private float readAhead;

    AfterstateLearner(TupleNetwork net, float alpha, Stages stages, Coherence coherence) {
        super(net, alpha, stages, coherence);
        this.fourBySix = net.fourBySix() && net.rawAccess();
        this.sixteen = net.sixteenOn4x4();
        this.table = net.address();
        this.bankWeights = net.weights();
        this.features = net.features();
        this.candidates = new int[4 * features];
        this.chosenEntries = new int[features];
        this.previousEntries = new int[features];
        this.scratch = fourBySix ? Arena.ofAuto().allocate(4 * 32 * Integer.BYTES, 64) : null;
        this.scratchAddress = fourBySix ? scratch.address() : 0;
    }

    /** Picks the best move of {@code s} ({@link BestMove}), leaving its afterstate, reward and value in the fields. */
    final int choose(long s) {
        return fourBySix ? chooseFourBySix(s) : sixteen ? chooseSixteen(s) : chooseAny(s);
    }

    /**
     * {@link #chooseAny} for the 4×6 network: the four afterstates from one transpose, the entry
     * numbers of the legal ones, then their reads (the same values, summed in the same order).
     */
    private int chooseFourBySix(long s) {
        long[] after = moveAfters;
        long t = moves.afterstates(s, after);
        int legal = 0;
        long e = scratchAddress;
        for (int d = 0; d < 4; d++) {
            long a = after[d];
            if (a != s) {
                legal |= 1 << d;
                FourBySix.indicesAt((int) (stages.of(a) * bankWeights), a, e + 128L * d);
            }
        }
        if (legal == 0) {
            return -1;
        }
        int columnReward = moves.columnsRewardOfTransposed(t);
        int rowReward = moves.rowsReward(s);
        for (int d = 0; d < 4; d++) {
            if ((legal >>> d & 1) != 0) {
                int r = (d & 1) == 0 ? columnReward : rowReward;
                float v = FourBySix.valueAt(table, e + 128L * d);
                moveRewards[d] = r;
                moveValues[d] = v;
                moveTotals[d] = r + v;
            }
        }
        int best = BestMove.of(moveTotals, legal);
        chosenAfter = after[best];
        chosenReward = moveRewards[best];
        chosenValue = moveValues[best];
        MemorySegment.copy(scratch, ValueLayout.JAVA_INT, 128L * best, chosenEntries, 0, 32);
        if (coherence != null) {
            // kept in a field, so that the reads are not dropped as unused
            readAhead = coherence.readAhead(chosenEntries, 32);
        }
        return best;
    }

    /**
     * {@link #chooseFourBySix} for the other networks of 16 values on a 4×4 board's images: the
     * entry numbers of every legal afterstate, then their reads.
     */
    private int chooseSixteen(long s) {
        long[] after = moveAfters;
        long t = moves.afterstates(s, after);
        int legal = 0;
        int[] e = candidates;
        int n = features;
        for (int d = 0; d < 4; d++) {
            long a = after[d];
            if (a != s) {
                legal |= 1 << d;
                net.entries((int) (stages.of(a) * bankWeights), a, e, n * d);
            }
        }
        if (legal == 0) {
            return -1;
        }
        int columnReward = moves.columnsRewardOfTransposed(t);
        int rowReward = moves.rowsReward(s);
        for (int d = 0; d < 4; d++) {
            if ((legal >>> d & 1) != 0) {
                int r = (d & 1) == 0 ? columnReward : rowReward;
                float v = net.valueOf(e, n * d);
                moveRewards[d] = r;
                moveValues[d] = v;
                moveTotals[d] = r + v;
            }
        }
        // the same tail as chooseFourBySix's, which keeps its constant 32 (measured faster there)
        int best = BestMove.of(moveTotals, legal);
        chosenAfter = after[best];
        chosenReward = moveRewards[best];
        chosenValue = moveValues[best];
        System.arraycopy(e, n * best, chosenEntries, 0, n);
        if (coherence != null) {
            readAhead = coherence.readAhead(chosenEntries, n);
        }
        return best;
    }

    private int chooseAny(long s) {
        int legal = 0;
        for (int d = 0; d < 4; d++) {
            long after = moves.move(s, d);
            if (after != s) {
                int r = moves.reward(s, d);
                float v = net.value(stages.of(after), after);
                legal |= 1 << d;
                moveAfters[d] = after;
                moveRewards[d] = r;
                moveValues[d] = v;
                // the float sum, as the targets use it, so that equal totals stay equal
                moveTotals[d] = r + v;
            }
        }
        int best = BestMove.of(moveTotals, legal);
        if (best >= 0) {
            chosenAfter = moveAfters[best];
            chosenReward = moveRewards[best];
            chosenValue = moveValues[best];
        }
        return best;
    }

    @Override
    public final int chooseMove(long board) {
        return choose(board);
    }

    @Override
    public Outcome play(Rng rng, boolean learn, long start) {
        long s = start(start, rng);
        visit(s);
        if (choose(s) < 0) {
            return outcome(0, 0, s);
        }
        long after = chosenAfter;
        long score = chosenReward;
        int n = 1;
        while (true) {
            long next = Spawns.spawn(after, cellMask, rng);
            visit(next);
            if (!step(after, next, learn)) {
                return outcome(score, n, next);
            }
            after = chosenAfter;
            score += chosenReward;
            n++;
        }
    }

    /**
     * One step of Fig. 6 after the spawn: chooses {@code a_next} in {@code next} and, if learning,
     * moves V({@code after}) towards {@code r_next + V(s'_next)} (0 if {@code next} is terminal),
     * from its value when it was chosen: {@code after} is the afterstate of the last {@link #choose}.
     * Returns false when {@code next} is terminal; otherwise the chosen afterstate and reward are
     * {@link #chosenAfter()} and {@link #chosenReward()}.
     */
    boolean step(long after, long next, boolean learn) {
        if (fourBySix || sixteen) {
            // the entry numbers of after, kept by the choice that made it, survive the next choice
            int[] kept = chosenEntries;
            chosenEntries = previousEntries;
            previousEntries = kept;
        }
        float current = chosenValue;
        boolean over = choose(next) < 0;
        if (learn) {
            float target = over ? 0f : chosenReward + chosenValue;
            if (fourBySix || sixteen) {
                update(previousEntries, current, target);
            } else {
                net.entryNumbers(stages.of(after), after, entries);
                update(entries, current, target);
            }
        }
        return !over;
    }

    long chosenAfter() {
        return chosenAfter;
    }

    int chosenReward() {
        return chosenReward;
    }

    float chosenValue() {
        return chosenValue;
    }
}
