package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;

/**
 * Plays games with one of the seed's move-evaluation schemes and, when learning, adjusts the
 * network after every move (seed 001, Figs. 3–6). One instance per thread: it holds scratch space;
 * the network behind it is shared.
 *
 * <p>Every update adds the same {@code α·δ} to the entry of every feature, as the seed's update rule
 * does ({@code ΔLUT_i = α(f(s') − f(s))} for each tuple i); α is not divided by the number of
 * features. Terminal states have value 0 and give reward 0.
 *
 * <p>Two of the field's refinements apply to every method: {@link Stages} (the bank a board is
 * read from follows its large tiles) and {@link Coherence} (each weight's rate scaled by its
 * temporal coherence) when the model has accumulators.
 */
public abstract class Learner implements MovePolicy {

    /** What one game ended with. */
    public record Outcome(long score, int moves, int maxCode) {
    }

    protected final TupleNetwork net;
    protected final Moves moves;
    protected final Shape shape;
    protected final long cellMask;
    protected final float alpha;
    protected final Stages stages;
    /** Temporal-coherence accumulators, or null for plain TD. */
    private final Coherence coherence;
    /** Entry numbers of the features of the position being updated. */
    protected final int[] entries;

    protected Learner(TupleNetwork net, float alpha, Stages stages, Coherence coherence) {
        this.net = net;
        this.shape = net.shape();
        this.moves = Moves.of(shape);
        this.cellMask = shape.cellMask();
        this.alpha = alpha;
        this.stages = stages;
        this.coherence = coherence;
        this.entries = new int[net.features()];
    }

    /** Plays one game from {@code rng}'s current state, learning after each move if {@code learn}. */
    public abstract Outcome play(Rng rng, boolean learn);

    /** Moves {@code (entries)} towards {@code target} from {@code current} by α. */
    protected final void update(float current, float target) {
        if (coherence == null) {
            net.add(entries, alpha * (target - current));
        } else {
            coherence.update(net, entries, net.features(), alpha, target - current);
        }
    }

    protected static Outcome outcome(long score, int moves, long lastBoard) {
        return new Outcome(score, moves, Board.maxCode(lastBoard));
    }
}
