package g2048.cli;

import g2048.eval.Evaluator;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.play.Players;
import g2048.search.Expectimax;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code g2048 move}: the value of every legal move of one board and the move chosen. */
@Command(name = "move", mixinStandardHelpOptions = true,
        description = {"Search one board and print each legal move's value and the choice.",
            "Depth 1: reward + V(afterstate); depth d: the expectimax value (seed 000's plies).",
            "--player must have a value function: ntuple (the shipped model by default) or lines."})
final class MoveCommand implements Callable<Integer> {

    @Option(names = "--board", required = true,
            description = "The board: rows separated by '/', cells by ',', tile values or 0/. for empty.")
    String board;

    @Mixin
    PlayerOptions playerOptions = new PlayerOptions();

    @Mixin
    SearchOptions searchOptions = new SearchOptions();

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        BoardText.Parsed parsed = BoardArgument.parse(board);
        Shape shape = parsed.shape();
        SearchConfig search = searchOptions.config(playerOptions.depth);
        Evaluator evaluator = Players.evaluator(playerOptions.spec(), shape, search);
        SearchConfig config = search.suitedTo(evaluator);
        long b = parsed.board();
        Moves moves = Moves.of(shape);
        SearchResult r = new Expectimax(evaluator.forThread(), config).search(b);
        System.out.print(json ? json(b, shape, moves, evaluator, config, r) + "\n" : text(b, shape, moves, evaluator, config, r));
        return 0;
    }

    private static String text(long b, Shape shape, Moves moves, Evaluator e, SearchConfig config, SearchResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append("board   ").append(BoardText.format(b, shape)).append('\n');
        sb.append("player  ").append(e.describe()).append(", ").append(config.describe()).append('\n');
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            if (Double.isNaN(r.value(i))) {
                sb.append(String.format(Locale.ROOT, "%c       illegal%n", d.letter()));
            } else {
                sb.append(String.format(Locale.ROOT, "%c       %.6f   (reward %d, afterstate %s)%n", d.letter(), r.value(i),
                        moves.reward(b, i), BoardText.format(moves.move(b, i), shape)));
            }
        }
        if (r.best() < 0) {
            sb.append("choice  none: no legal move, the game is over\n");
        } else {
            sb.append(String.format(Locale.ROOT, "choice  %c   (depth %d%s, %d nodes, %d leaves, %d tt hits, %.1f µs)%n",
                    Direction.ALL[r.best()].letter(), r.depth(), r.cutShort() ? ", deeper cut short by time" : "",
                    r.nodes(), r.leaves(), r.ttHits(), r.nanos() / 1e3));
        }
        return sb.toString();
    }

    private static Json json(long b, Shape shape, Moves moves, Evaluator e, SearchConfig config, SearchResult r) {
        Json j = new Json().begin()
                .field("board", BoardText.format(b, shape))
                .field("shape", shape.toString())
                .field("player", e.describe())
                .field("search", config.describe())
                .beginArray("moves");
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            boolean legal = !Double.isNaN(r.value(i));
            j.element().field("move", String.valueOf(d.letter())).field("legal", legal);
            if (legal) {
                j.field("reward", moves.reward(b, i))
                        .field("afterstate", BoardText.format(moves.move(b, i), shape))
                        .field("value", r.value(i));
            }
            j.end();
        }
        j.endArray();
        if (r.best() < 0) {
            j.field("choice", "none");
        } else {
            j.field("choice", String.valueOf(Direction.ALL[r.best()].letter()));
        }
        return j.field("choice_index", r.best())
                .field("depth", r.depth())
                .field("cut_short", r.cutShort())
                .field("nodes", r.nodes())
                .field("leaves", r.leaves())
                .field("tt_probes", r.ttProbes())
                .field("tt_hits", r.ttHits())
                .field("micros", r.nanos() / 1e3)
                .end();
    }
}
