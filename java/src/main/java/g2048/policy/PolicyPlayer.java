package g2048.policy;

import g2048.game.Moves;
import g2048.game.Shape;
import g2048.nn.BoardOrientation;
import g2048.nn.NetSpec;
import g2048.nn.PolicyEvaluator;
import g2048.nn.SoftmaxCrossEntropy;
import g2048.player.Player;

/**
 * Plays a policy network's most probable legal move (the largest logit among the legal moves, ties
 * to the lowest direction), its logits from a backend ({@link g2048.nn.Backends#openPolicy}). A
 * network that sees boards turned ({@link BoardOrientation}) reads the board's image and its move is
 * turned back. Each thread needs its own instance ({@link #forThread()}), as each needs its own
 * {@link PolicyEvaluator}.
 */
public final class PolicyPlayer implements Player {

    private final PolicyEvaluator net;
    private final String name;
    private final Moves moves = Moves.of(Shape.S4x4);
    private final long[] one = new long[1];
    private final float[] logits = new float[NetSpec.MOVES];
    private final BoardOrientation orientation;

    public PolicyPlayer(PolicyEvaluator net, String name) {
        this.net = net;
        this.name = name;
        this.orientation = net.spec().orientation();
    }

    @Override
    public int chooseMove(long board) {
        int s = orientation.symmetry(board);
        long image = BoardOrientation.apply(s, board);
        int legal = moves.legalMask(image);
        if (legal == 0) {
            return -1;
        }
        one[0] = image;
        net.logits(one, 1, logits);
        return BoardOrientation.fromImage(s, best(logits, 0, legal));
    }

    /** The legal move of largest logit in {@code z[off..off+4)}, ties to the lowest; -1 if none is legal. */
    public static int best(float[] z, int off, int legal) {
        int best = -1;
        for (int m = 0; m < NetSpec.MOVES; m++) {
            if ((legal >>> m & 1) != 0 && (best < 0 || z[off + m] > z[off + best])) {
                best = m;
            }
        }
        return best;
    }

    /** The probabilities of the four moves for {@code board} (0 for illegal moves). */
    public double[] probabilities(long board) {
        int s = orientation.symmetry(board);
        long image = BoardOrientation.apply(s, board);
        one[0] = image;
        net.logits(one, 1, logits);
        double[] onImage = new double[NetSpec.MOVES];
        SoftmaxCrossEntropy.probabilities(logits, 0, moves.legalMask(image), onImage);
        double[] p = new double[NetSpec.MOVES];
        for (int m = 0; m < NetSpec.MOVES; m++) {
            p[BoardOrientation.fromImage(s, m)] = onImage[m];
        }
        return p;
    }

    @Override
    public Player forThread() {
        return new PolicyPlayer(net.forThread(), name);
    }

    @Override
    public String name() {
        return name;
    }
}
