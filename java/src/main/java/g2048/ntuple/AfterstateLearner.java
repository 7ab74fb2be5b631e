package g2048.ntuple;

import g2048.game.Rng;
import g2048.player.BestMove;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

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
    /** Another network of 16 values on a 4×4 board's images, chosen the same way ({@link TupleNetwork#entriesAt}). */
    private final boolean sixteen;
    private final long table;
    private final long bankWeights;
    /** Features per afterstate. */
    private final int features;
    /**
     * On those two paths: two halves off the heap, each with every direction's entry numbers
     * ({@link #features} ints a direction), so that the choice's stores and reads of them carry no
     * bounds checks. A choice writes the half the one before it did not: the chosen afterstate's
     * numbers stay where they were written until its update, one choice later, with no copy.
     */
    private final MemorySegment scratch;
    private final long scratchAddress;
    /** Bytes of one direction's entry numbers, and of a half. */
    private final long directionBytes;
    private final long halfBytes;
    /** The half the next choice writes (0 or {@link #halfBytes}), and where the chosen and the previous afterstate's numbers are. */
    private long half;
    private long chosenAt;
    private long previousAt;
    /** What {@link Coherence#readAheadAt} returned last (never used: see there). */
    private float readAhead;
    /**
     * Whether the chosen afterstate's accumulators are read ahead: only where its update follows one
     * choice later; a learner that updates after the game would read lines evicted long before then.
     */
    private final boolean readAheadOnChoice;

    AfterstateLearner(TupleNetwork net, float alpha, Stages stages, Coherence coherence) {
        this(net, alpha, stages, coherence, true);
    }

    /** {@code updateFollowsChoice}: whether each afterstate is updated one choice after it was chosen, as here. */
    AfterstateLearner(TupleNetwork net, float alpha, Stages stages, Coherence coherence, boolean updateFollowsChoice) {
        super(net, alpha, stages, coherence);
        this.readAheadOnChoice = updateFollowsChoice && coherence != null;
        this.fourBySix = net.fourBySix() && net.rawAccess();
        this.sixteen = net.sixteenOn4x4();
        this.table = net.address();
        this.bankWeights = net.weights();
        this.features = net.features();
        this.directionBytes = (long) features * Integer.BYTES;
        this.halfBytes = 4 * directionBytes;
        // held in a field: the automatic arena frees the memory once the segment is unreachable
        this.scratch = fourBySix || sixteen ? Arena.ofAuto().allocate(2 * halfBytes, 64) : null;
        this.scratchAddress = scratch != null ? scratch.address() : 0;
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
        long e = scratchAddress + half;
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
        // BestMove.of's choice (the largest total, the lowest direction among equals), kept in locals
        int best = -1;
        double bestTotal = 0;
        float bestValue = 0f;
        for (int d = 0; d < 4; d++) {
            if ((legal >>> d & 1) != 0) {
                float v = FourBySix.valueAt(table, e + 128L * d);
                double total = ((d & 1) == 0 ? columnReward : rowReward) + v;
                if (best < 0 || total > bestTotal) {
                    best = d;
                    bestTotal = total;
                    bestValue = v;
                }
            }
        }
        chosenAfter = after[best];
        chosenReward = (best & 1) == 0 ? columnReward : rowReward;
        chosenValue = bestValue;
        chosenAt = e + 128L * best;
        half ^= halfBytes;
        if (readAheadOnChoice) {
            // kept in a field, so that the reads are not dropped as unused
            readAhead = coherence.readAheadAt(chosenAt, 32);
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
        long e = scratchAddress + half;
        long step = directionBytes;
        for (int d = 0; d < 4; d++) {
            long a = after[d];
            if (a != s) {
                legal |= 1 << d;
                net.entriesAt((int) (stages.of(a) * bankWeights), a, e + step * d);
            }
        }
        if (legal == 0) {
            return -1;
        }
        int columnReward = moves.columnsRewardOfTransposed(t);
        int rowReward = moves.rowsReward(s);
        // the same tail as chooseFourBySix's
        int best = -1;
        double bestTotal = 0;
        float bestValue = 0f;
        for (int d = 0; d < 4; d++) {
            if ((legal >>> d & 1) != 0) {
                float v = net.valueAt(e + step * d);
                double total = ((d & 1) == 0 ? columnReward : rowReward) + v;
                if (best < 0 || total > bestTotal) {
                    best = d;
                    bestTotal = total;
                    bestValue = v;
                }
            }
        }
        chosenAfter = after[best];
        chosenReward = (best & 1) == 0 ? columnReward : rowReward;
        chosenValue = bestValue;
        chosenAt = e + step * best;
        half ^= halfBytes;
        if (readAheadOnChoice) {
            readAhead = coherence.readAheadAt(chosenAt, features);
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
            long next = spawn(after, rng);
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
        // the entry numbers of after stay in the half of the scratch that the next choice does not write
        previousAt = chosenAt;
        float current = chosenValue;
        boolean over = choose(next) < 0;
        if (learn) {
            float target = over ? 0f : chosenReward + chosenValue;
            if (fourBySix || sixteen) {
                updateAt(previousAt, features, current, target);
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
