package g2048.cli;

import g2048.answers.MoveAnswer;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.ntuple.NtupleModels;
import g2048.play.Answer;
import g2048.play.Answerer;
import g2048.search.SearchConfig;
import g2048.tables.Coverage;
import g2048.tables.TableSet;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code g2048 move}: the value of every legal move of one board and the move chosen. */
@Command(name = "move", mixinStandardHelpOptions = true,
        description = {"Search one board and print each legal move's value and the choice.",
            "Depth 1: reward + V(afterstate); depth d: the expectimax value of d plies, counted as the value-network",
            "paper counts them (Matsuzaki 2021).",
            "--player: ntuple (the shipped model by default), lines or cnn, searched to --depth; heuristic at its own depth;",
            "policy (the shipped network by default): each legal move's probability; or optimal with --db,",
            "the exact values of a solved small board (as 'solve query')."})
final class MoveCommand implements Callable<Integer> {

    @Option(names = "--board", required = true,
            description = "The board: rows separated by '/', cells by ',', tile values or 0/. for empty.")
    String board;

    @Mixin
    PlayerOptions playerOptions = new PlayerOptions();

    @Mixin
    SearchOptions searchOptions = new SearchOptions();

    @Mixin
    TablesOptions tablesOptions = new TablesOptions();

    @Option(names = "--json", description = "Print one JSON object (with --tables, its field 'table': the table that matched, whether it decided (overruled the player), and each move's success probability; null when none matched).")
    boolean json;

    @Override
    public Integer call() {
        BoardText.Parsed parsed = BoardArgument.parse(board);
        Shape shape = parsed.shape();
        SearchConfig search = searchOptions.config(playerOptions.depth).boundedForOneBoard();
        // one answer and exit: the cached int16 tables are mapped, not copied (most of a start otherwise)
        NtupleModels.mapCachedTables(true);
        try (Answerer answerer = Answerer.open(playerOptions.spec(), shape, search, tablesOptions.settings(shape))) {
            Answer a = answerer.answer(parsed.board(), shape, search);
            System.out.print(json ? MoveAnswer.of(a) + "\n" : text(a));
        }
        return 0;
    }

    /** The answer in words: each legal move's value (or probability) and the choice; with tables, what they said. */
    private String text(Answer a) {
        if (a.decided()) {
            return tableText(a.board(), a.shape(), a.table(), a.overruled().move(), a.move());
        }
        String own = a.search() != null ? searchText(a) : a.probabilities() != null ? policyText(a) : valuesText(a);
        return own + tableLine(a.table());
    }

    /** The line saying that a table matched and the player's move stands, empty when none matched. */
    private String tableLine(TableSet.Decision d) {
        return d == null ? "" : String.format(Locale.ROOT, "table   %s matched: the move is within %.4f of its best success probability %.5f%n",
                Coverage.name(d.table()), tablesOptions.margin, d.probabilities()[d.direction()]);
    }

    private static String policyText(Answer a) {
        long b = a.board();
        Shape shape = a.shape();
        StringBuilder sb = new StringBuilder();
        sb.append("board   ").append(BoardText.format(b, shape)).append('\n');
        sb.append("player  ").append(a.player()).append('\n');
        double[] p = a.probabilities();
        Moves moves = Moves.of(shape);
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            long after = moves.move(b, i);
            if (after == b) {
                sb.append(String.format(Locale.ROOT, "%c       illegal%n", d.letter()));
            } else {
                sb.append(String.format(Locale.ROOT, "%c       p = %.4f   (reward %d, afterstate %s)%n", d.letter(), p[i],
                        moves.reward(b, i), BoardText.format(after, shape)));
            }
        }
        int best = a.move();
        sb.append(best < 0 ? "choice  none: no legal move, the game is over\n"
                : String.format(Locale.ROOT, "choice  %c   (the most probable legal move)%n", Direction.ALL[best].letter()));
        return sb.toString();
    }

    private static String tableText(long b, Shape shape, TableSet.Decision d, int mine, int checked) {
        StringBuilder sb = new StringBuilder();
        Moves moves = Moves.of(shape);
        sb.append("board   ").append(BoardText.format(b, shape)).append('\n');
        sb.append("player  table ").append(Coverage.name(d.table())).append(" (formation ").append(d.table().formation().picture())
                .append(", target ").append(d.table().target()).append("): success probabilities\n");
        for (Direction dir : Direction.ALL) {
            int i = dir.ordinal();
            long a = moves.move(b, i);
            if (a == b) {
                sb.append(String.format(Locale.ROOT, "%c       illegal%n", dir.letter()));
            } else if (Double.isNaN(d.probabilities()[i])) {
                sb.append(String.format(Locale.ROOT, "%c       none: the move shifts the formation's big tiles%n", dir.letter()));
            } else {
                sb.append(String.format(Locale.ROOT, "%c       p = %.5f   (afterstate %s)%n", dir.letter(), d.probabilities()[i],
                        BoardText.format(a, shape)));
            }
        }
        sb.append("choice  ").append(Direction.ALL[checked].letter()).append("   (the table overrules the player's ")
                .append(mine < 0 ? "none" : String.valueOf(Direction.ALL[mine].letter())).append(", beyond the margin of its best)\n");
        return sb.toString();
    }

    /**
     * The values of a player that does not search: exact ones from a solution ({@code optimal}), none
     * from a player that has none ({@code random}).
     */
    private static String valuesText(Answer a) {
        long b = a.board();
        Shape shape = a.shape();
        Moves moves = Moves.of(shape);
        boolean valued = false;
        for (double v : a.values()) {
            valued |= !Double.isNaN(v);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("board   ").append(BoardText.format(b, shape)).append('\n');
        sb.append("player  ").append(a.player()).append(valued ? ", exact values\n" : ", no values\n");
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            long after = moves.move(b, i);
            if (after == b) {
                sb.append(String.format(Locale.ROOT, "%c       illegal%n", d.letter()));
            } else {
                sb.append(String.format(Locale.ROOT, "%c       %.6f   (reward %d, afterstate %s)%n", d.letter(), a.values()[i],
                        moves.reward(b, i), BoardText.format(after, shape)));
            }
        }
        sb.append(a.move() < 0 ? "choice  none: no legal move, the game is over\n"
                : "choice  " + Direction.ALL[a.move()].letter() + (valued ? "   (exact)\n" : "\n"));
        return sb.toString();
    }

    private static String searchText(Answer a) {
        long b = a.board();
        Shape shape = a.shape();
        Moves moves = Moves.of(shape);
        Answer.Searched r = a.search();
        SearchConfig config = r.config();
        String player = a.player();
        StringBuilder sb = new StringBuilder();
        sb.append("board   ").append(BoardText.format(b, shape)).append('\n');
        sb.append("player  ").append(player).append(", ").append(config.describe()).append('\n');
        if (r.searchedBoard() != b) {
            sb.append("search  ").append(BoardText.format(r.searchedBoard(), shape))
                    .append("   (tile-downgraded: the values below are this board's)\n");
        }
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            if (Double.isNaN(a.values()[i])) {
                sb.append(String.format(Locale.ROOT, "%c       illegal%n", d.letter()));
            } else {
                sb.append(String.format(Locale.ROOT, "%c       %.6f   (reward %d, afterstate %s)%n", d.letter(), a.values()[i],
                        moves.reward(b, i), BoardText.format(moves.move(b, i), shape)));
            }
        }
        if (a.move() < 0) {
            sb.append("choice  none: no legal move, the game is over\n");
        } else {
            sb.append(String.format(Locale.ROOT, "choice  %c   (depth %d%s, %d nodes, %d leaves, %d tt hits, %.1f µs)%n",
                    Direction.ALL[a.move()].letter(), r.depth(), r.cutShort() ? ", deeper cut short by time" : "",
                    r.nodes(), r.leaves(), r.ttHits(), a.nanos() / 1e3));
        }
        return sb.toString();
    }
}
