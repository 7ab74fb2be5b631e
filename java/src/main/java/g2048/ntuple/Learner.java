package g2048.ntuple;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.player.Player;

/**
 * Plays games with one of Szubert and Jaśkowski's (2014) move-evaluation schemes and, when learning, adjusts the
 * network after every move (Szubert and Jaśkowski 2014, Figs. 3–6). One instance per thread: it holds scratch space;
 * the network behind it is shared.
 *
 * <p>Every update adds the same {@code α·δ} to the entry of every feature, as the paper's update rule
 * does ({@code ΔLUT_i = α(f(s') − f(s))} for each tuple i); α is not divided by the number of
 * features. Terminal states have value 0 and give reward 0.
 *
 * <p>Two of the field's refinements apply to every method: {@link Stages} (the bank a board is
 * read from follows its large tiles) and {@link Coherence} (each weight's rate scaled by its
 * temporal coherence) when the model has accumulators.
 */
public abstract class Learner implements Player {

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
    protected final Coherence coherence;
    /** Entry numbers of the features of the position being updated. */
    protected final int[] entries;
    private boolean recording;
    private long[] path = new long[1024];
    private int pathLength;
    private long[] afterPath = new long[1024];
    private int afterPathLength;

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
    public final Outcome play(Rng rng, boolean learn) {
        return play(rng, learn, 0);
    }

    /**
     * Plays one game from {@code start} (a state of the game; 0 for the two initial spawns drawn
     * from {@code rng}), learning if {@code learn}.
     */
    public abstract Outcome play(Rng rng, boolean learn, long start);

    /** Whether to keep the states of each game (for shaping: {@link #path()}). */
    public final void recordPath(boolean on) {
        recording = on;
    }

    /** The states of the last game, in order, when recording; {@code [0, pathLength())} are valid. */
    public final long[] path() {
        return path;
    }

    public final int pathLength() {
        return pathLength;
    }

    /** The afterstates of the last game, in order, when recording; {@code [0, afterPathLength())} are valid. */
    public final long[] afterPath() {
        return afterPath;
    }

    public final int afterPathLength() {
        return afterPathLength;
    }

    /** The first state of a game: {@code start}, or the initial spawns. Resets the recorded paths. */
    protected final long start(long start, Rng rng) {
        pathLength = 0;
        afterPathLength = 0;
        return start != 0 ? start : Spawns.initial(shape, rng);
    }

    /** The state after the random tile on the afterstate {@code after} the game moved to (recorded when asked). */
    protected final long spawn(long after, Rng rng) {
        if (recording) {
            if (afterPathLength == afterPath.length) {
                afterPath = java.util.Arrays.copyOf(afterPath, 2 * afterPathLength);
            }
            afterPath[afterPathLength++] = after;
        }
        return Spawns.spawn(after, cellMask, rng);
    }

    /** Notes a state the game reached (recorded only when asked). */
    protected final void visit(long state) {
        if (recording) {
            if (pathLength == path.length) {
                path = java.util.Arrays.copyOf(path, 2 * pathLength);
            }
            path[pathLength++] = state;
        }
    }

    /** Moves {@code (entries)} towards {@code target} from {@code current} by α. */
    protected final void update(float current, float target) {
        update(entries, current, target);
    }

    /** Moves the position whose features' entry numbers are {@code features} towards {@code target} from {@code current} by α. */
    protected final void update(int[] features, float current, float target) {
        if (coherence == null) {
            net.add(features, alpha * (target - current));
        } else {
            coherence.update(net, features, net.features(), alpha, target - current);
        }
    }

    /** {@link #update(int[], float, float)} of the {@code n} entry numbers stored as ints from address {@code at}. */
    final void updateAt(long at, int n, float current, float target) {
        if (coherence == null) {
            net.addAt(at, n, alpha * (target - current));
        } else {
            coherence.updateAt(net, at, n, alpha, target - current);
        }
    }

    protected static Outcome outcome(long score, int moves, long lastBoard) {
        return new Outcome(score, moves, Board.maxCode(lastBoard));
    }
}
