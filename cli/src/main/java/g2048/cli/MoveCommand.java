package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.answers.MoveAnswer;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.ntuple.NtupleModels;
import g2048.play.Players;
import g2048.player.Player;
import g2048.policy.PolicyPlayer;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.solver.Solution;
import g2048.tables.Coverage;
import g2048.tables.TablePlayer;
import g2048.tables.TableSet;
import java.util.function.Consumer;
import java.io.IOException;
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

    /** When the choice began: the tables' look-up and the player's search, for a table's answer. */
    private long started;

    @Override
    public Integer call() throws IOException {
        BoardText.Parsed parsed = BoardArgument.parse(board);
        Shape shape = parsed.shape();
        if ("optimal".equals(playerOptions.player)) {
            return exact(parsed.board(), shape);
        }
        SearchConfig search = searchOptions.config(playerOptions.depth);
        SearchOptions.checkBounded(search.depth(), searchOptions.timeMs, "--depth", "--time-ms");
        // one answer and exit: the cached tables are mapped, not copied (most of a start otherwise)
        NtupleModels.mapCachedTables(true);
        long b = parsed.board();
        try (TableSet tables = tablesOptions.open(shape)) {
            started = System.nanoTime();
            TableSet.Decision decision = tables == null ? null : tables.decide(b, tablesOptions.threshold);
            return searched(b, shape, tables != null, decision);
        }
    }

    /** The player's answer, checked by the table that matched the board ({@code decision}, null for none). */
    private int searched(long b, Shape shape, boolean withTables, TableSet.Decision decision) {
        SearchConfig search = searchOptions.config(playerOptions.depth);
        Consumer<JsonWriter> table = withTables ? j -> MoveAnswer.table(j, decision, false) : j -> { };
        Moves moves = Moves.of(shape);
        Player player = playerOptions.player.equals("policy") ? Players.create(playerOptions.spec(), shape, search)
                : Players.searcher(playerOptions.spec(), shape, search);
        if (player instanceof PolicyPlayer policy) {
            if (decision != null && overruled(b, shape, decision, policy.chooseMove(b), policy.probabilities(b))) {
                return 0;
            }
            System.out.print(json ? policyJson(b, shape, policy, table) + "\n" : policyText(b, shape, policy) + tableLine(decision));
            return 0;
        }
        ExpectimaxPlayer searcher = ((ExpectimaxPlayer) player).forThread();
        SearchResult r = searcher.search(b);
        if (decision != null) {
            double[] values = new double[4];
            for (int i = 0; i < 4; i++) {
                values[i] = r.value(i);
            }
            if (overruled(b, shape, decision, r.best(), values)) {
                return 0;
            }
        }
        // the heuristic reports under its own name; a value function under its evaluator's description
        String name = playerOptions.player.equals("heuristic") ? "heuristic" : searcher.evaluator().describe();
        SearchConfig config = searcher.configFor(b);
        System.out.print(json ? MoveAnswer.searched(b, shape, JsonConventions.player(name), config, r, table) + "\n"
                : text(b, shape, moves, name, config, r) + tableLine(decision));
        return 0;
    }

    /** Prints the table's answer and returns true when its check overrules the player's move {@code mine}. */
    private boolean overruled(long b, Shape shape, TableSet.Decision d, int mine, double[] values) {
        int checked = TablePlayer.check(d, mine, values, tablesOptions.margin);
        if (checked == mine) {
            return false;
        }
        if (json) {
            System.out.println(MoveAnswer.unsearched(b, shape, "tables " + Coverage.name(d.table()), d.probabilities(), null,
                    checked, System.nanoTime() - started, j -> MoveAnswer.table(j, d, true)));
        } else {
            System.out.print(tableText(b, shape, d, mine, checked));
        }
        return true;
    }

    /** The line saying that a table matched and the player's move stands, empty when none matched. */
    private String tableLine(TableSet.Decision d) {
        return d == null ? "" : String.format(Locale.ROOT, "table   %s matched: the move is within %.4f of its best success probability %.5f%n",
                Coverage.name(d.table()), tablesOptions.margin, d.probabilities()[d.direction()]);
    }

    private static String policyText(long b, Shape shape, PolicyPlayer policy) {
        StringBuilder sb = new StringBuilder();
        sb.append("board   ").append(BoardText.format(b, shape)).append('\n');
        sb.append("player  ").append(policy.name()).append('\n');
        double[] p = policy.probabilities(b);
        Moves moves = Moves.of(shape);
        for (Direction d : Direction.ALL) {
            int i = d.ordinal();
            long a = moves.move(b, i);
            if (a == b) {
                sb.append(String.format(Locale.ROOT, "%c       illegal%n", d.letter()));
            } else {
                sb.append(String.format(Locale.ROOT, "%c       p = %.4f   (reward %d, afterstate %s)%n", d.letter(), p[i],
                        moves.reward(b, i), BoardText.format(a, shape)));
            }
        }
        int best = policy.chooseMove(b);
        sb.append(best < 0 ? "choice  none: no legal move, the game is over\n"
                : String.format(Locale.ROOT, "choice  %c   (the most probable legal move)%n", Direction.ALL[best].letter()));
        return sb.toString();
    }

    private static JsonWriter policyJson(long b, Shape shape, PolicyPlayer policy, Consumer<JsonWriter> table) {
        long t0 = System.nanoTime();
        double[] p = policy.probabilities(b);
        int best = policy.chooseMove(b);
        double[] none = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        return MoveAnswer.unsearched(b, shape, policy.name(), none, p, best, System.nanoTime() - t0, table);
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

    /** The optimal player's values: each legal move's exact value from the solution in --db, no search. */
    private int exact(long b, Shape shape) throws IOException {
        if (playerOptions.db == null) {
            throw new Errors.BadInput("--db: missing, --player optimal needs a solution directory written by 'g2048 solve'");
        }
        if (playerOptions.depth != 1) {
            throw new Errors.BadInput("--depth: player 'optimal' does not search; its values are exact");
        }
        Moves moves = Moves.of(shape);
        try (Solution sol = Solution.open(playerOptions.db)) {
            if (!shape.equals(sol.shape())) {
                throw new Errors.BadInput("--board: a " + shape + " board, the solution in " + playerOptions.db + " is " + sol.shape());
            }
            if (Double.isNaN(sol.stateValue(b))) {
                throw new Errors.BadInput("--board: " + BoardText.format(b, shape) + " is not a reachable state of " + shape
                        + " (not in the solution in " + playerOptions.db + ")");
            }
            long t0 = System.nanoTime();
            double[] q = new double[4];
            int legal = sol.moveValues(b, q);
            int best = sol.bestMove(b);
            String player = "optimal (" + playerOptions.db + ")";
            if (json) {
                for (int i = 0; i < 4; i++) {
                    q[i] = (legal >>> i & 1) != 0 ? q[i] : Double.NaN;
                }
                System.out.println(MoveAnswer.unsearched(b, shape, player, q, null, best, System.nanoTime() - t0));
            } else {
                StringBuilder sb = new StringBuilder();
                sb.append("board   ").append(BoardText.format(b, shape)).append('\n');
                sb.append("player  ").append(player).append(", exact values\n");
                for (Direction d : Direction.ALL) {
                    int i = d.ordinal();
                    if ((legal >>> i & 1) == 0) {
                        sb.append(String.format(Locale.ROOT, "%c       illegal%n", d.letter()));
                    } else {
                        sb.append(String.format(Locale.ROOT, "%c       %.6f   (reward %d, afterstate %s)%n", d.letter(), q[i],
                                moves.reward(b, i), BoardText.format(moves.move(b, i), shape)));
                    }
                }
                sb.append(best < 0 ? "choice  none: no legal move, the game is over\n"
                        : "choice  " + Direction.ALL[best].letter() + "   (exact)\n");
                System.out.print(sb);
            }
        }
        return 0;
    }

    private static String text(long b, Shape shape, Moves moves, String player, SearchConfig config, SearchResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append("board   ").append(BoardText.format(b, shape)).append('\n');
        sb.append("player  ").append(player).append(", ").append(config.describe()).append('\n');
        if (r.searchedBoard() != b) {
            sb.append("search  ").append(BoardText.format(r.searchedBoard(), shape))
                    .append("   (tile-downgraded: the values below are this board's)\n");
        }
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
}
