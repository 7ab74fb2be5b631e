package g2048.policy;

import g2048.game.Moves;
import g2048.game.Shape;
import g2048.nn.BoardOrientation;
import g2048.nn.NetSpec;
import g2048.nn.PackedWeights;
import g2048.nn.PolicyNetwork;
import g2048.nn.PolicyWorkspace;
import g2048.nn.SoftmaxCrossEntropy;
import g2048.player.Player;

/**
 * Plays a policy network's most probable legal move (the largest logit among the legal moves, ties
 * to the lowest direction). A network that sees boards turned ({@link BoardOrientation}) reads the
 * board's image and its move is turned back. Each thread needs its own instance ({@link #forThread()}): it keeps a
 * one-position workspace.
 */
public final class PolicyPlayer implements Player {

    private final PolicyNetwork net;
    private final PackedWeights weights;
    private final String name;
    private final PolicyWorkspace ws;
    private final Moves moves = Moves.of(Shape.S4x4);
    private final long[] one = new long[1];
    private final BoardOrientation orientation;

    public PolicyPlayer(NetSpec spec, float[] weights, String name) {
        this(new PolicyNetwork(spec), new PackedWeights(spec, weights), name);
    }

    private PolicyPlayer(PolicyNetwork net, PackedWeights weights, String name) {
        this.net = net;
        this.weights = weights;
        this.name = name;
        this.ws = new PolicyWorkspace(net.spec(), 1, false);
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
        net.forward(weights, ws, one, 0, 1);
        return BoardOrientation.fromImage(s, best(ws.logits(), 0, legal));
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
        net.forward(weights, ws, one, 0, 1);
        double[] onImage = new double[NetSpec.MOVES];
        SoftmaxCrossEntropy.probabilities(ws.logits(), 0, moves.legalMask(image), onImage);
        double[] p = new double[NetSpec.MOVES];
        for (int m = 0; m < NetSpec.MOVES; m++) {
            p[BoardOrientation.fromImage(s, m)] = onImage[m];
        }
        return p;
    }

    @Override
    public Player forThread() {
        return new PolicyPlayer(net, weights, name);
    }

    @Override
    public String name() {
        return name;
    }
}
