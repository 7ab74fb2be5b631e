package g2048.cli;

import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.nn.Backends;
import g2048.nn.Network;
import g2048.nn.NetworkModel;
import g2048.policy.MoveAttribution;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import g2048.policy.PolicyPlayer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code g2048 inspect board}: which (position, first-layer filter) pairs account for the chosen move. */
@Command(name = "board", mixinStandardHelpOptions = true,
        description = {"Rank the (position, first-layer filter) pairs by their share of a policy network's move.",
            "The share is of the chosen move's output (its logit), with the cumulative share. Attribution: DeepLIFT's rescale rule",
            "against the input with no plane set; the shares add up to 100%% exactly (some may be negative).",
            "A position is the row and column of the 2x2 window's NW corner."})
final class InspectBoardCommand implements Callable<Integer> {

    @Option(names = "--model", description = "A policy network file (.g2pn) (default: the shipped network, policy5.g2pn).")
    Path model;

    @Option(names = "--board", required = true, description = "The board: rows separated by '/', cells by ','.")
    String board;

    @Option(names = "--move", description = "Explain this move (U, R, D, L) instead of the network's choice.")
    String move;

    @Option(names = "--top", defaultValue = "20", description = "Pairs to list (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (top < 1) {
            throw new Errors.BadInput("--top: expected at least 1, got " + top);
        }
        var parsed = BoardArgument.parse(board);
        if (!parsed.shape().equals(Shape.S4x4)) {
            throw new Errors.BadInput("--board: policy networks play 4x4 boards, this one is " + parsed.shape());
        }
        long b = parsed.board();
        PolicyModel m = PolicyFile.loadOrDefault(model);
        String modelName = model != null ? model.toString() : PolicyFile.SHIPPED_NAME;
        PolicyPlayer player = new PolicyPlayer(Backends.installed().openPolicy(Backends.AUTO,
                new NetworkModel(new Network(m.spec()), m.weights(), modelName)), "policy");
        int chosen = player.chooseMove(b);
        int d;
        if (move != null) {
            d = direction(move);
        } else if (chosen < 0) {
            throw new Errors.BadInput("--board: no move is legal on this board; name one with --move to explain it anyway");
        } else {
            d = chosen;
        }
        // a network that sees boards turned is explained on the image it reads, the move turned with it
        int sym = m.spec().orientation().symmetry(b);
        long seen = g2048.nn.BoardOrientation.apply(sym, b);
        MoveAttribution.Result r = MoveAttribution.explain(m.spec(), m.weights(), seen, g2048.nn.BoardOrientation.toImage(sym, d));
        if (Math.abs(r.delta()) < 1e-9) {
            throw new Errors.BadInput("--board: the move's output equals the reference's (difference " + r.delta()
                    + "), so there is nothing to share out");
        }
        List<MoveAttribution.Pair> pairs = r.pairs().subList(0, Math.min(top, r.pairs().size()));
        char letter = Direction.ALL[d].letter();
        double[] p = player.probabilities(b);
        if (json) {
            JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("model", modelName).field("arch", m.spec().name())
                    .field("board", BoardText.format(b, Shape.S4x4)).field("seen_board", BoardText.format(seen, Shape.S4x4))
                    .field("move", String.valueOf(letter))
                    .field("chosen", chosen == d).field("probability", p[d]).field("logit", r.logit())
                    .field("reference_logit", r.referenceLogit()).field("method", "DeepLIFT rescale, reference: no plane set")
                    .field("pairs_total", r.pairs().size()).beginArray("pairs");
            double cumulative = 0;
            for (MoveAttribution.Pair q : pairs) {
                cumulative += q.share();
                j.begin().field("row", q.row()).field("col", q.col()).field("filter", q.filter())
                        .field("contribution", q.contribution()).field("share", q.share()).field("cumulative", cumulative).end();
            }
            System.out.println(j.endArray().end());
            return 0;
        }
        System.out.printf(Locale.ROOT, "board   %s%n", BoardText.format(b, Shape.S4x4));
        if (seen != b) {
            System.out.printf(Locale.ROOT, "seen as %s (the network turns boards %s; positions below are on this image)%n",
                    BoardText.format(seen, Shape.S4x4), m.spec().orientation().text());
        }
        System.out.printf(Locale.ROOT, "model   %s (%s)%n", modelName, m.spec().name());
        System.out.printf(Locale.ROOT, "move    %c%s, p = %.4f; logit %.4f, reference %.4f, difference %.4f shared out below%n", letter,
                chosen == d ? " (the network's choice)" : "", p[d], r.logit(), r.referenceLogit(), r.delta());
        System.out.printf(Locale.ROOT, "%n  %-6s %-7s %10s %9s %11s%n", "pos", "filter", "contrib", "share", "cumulative");
        double cumulative = 0;
        for (MoveAttribution.Pair q : pairs) {
            cumulative += q.share();
            System.out.printf(Locale.ROOT, "  (%d, %d) #%-6d %10.4f %8.1f%% %10.1f%%%n", q.row(), q.col(), q.filter(), q.contribution(),
                    100 * q.share(), 100 * cumulative);
        }
        System.out.printf(Locale.ROOT, "  %d of %d non-zero pairs listed; all of them add up to 100%%%n", pairs.size(), r.pairs().size());
        return 0;
    }

    private static int direction(String text) {
        for (Direction dir : Direction.ALL) {
            if (text.length() == 1 && Character.toUpperCase(text.charAt(0)) == dir.letter()) {
                return dir.ordinal();
            }
        }
        throw new Errors.BadInput("--move: expected U, R, D or L, got '" + text + "'");
    }
}
