package g2048.cli;

import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.answers.SolveAnswer;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code g2048 solve query}: each legal move's exact value on a board and the best move. */
@Command(name = "query", mixinStandardHelpOptions = true,
        description = "Print each legal move's exact value (reward + expected future score) and the best move.")
final class SolveQueryCommand implements Callable<Integer> {

    @Option(names = "--db", required = true, description = "Solution directory written by 'g2048 solve'.")
    Path db;

    @Option(names = "--board", required = true, description = "The board, rows separated by '/', cells by ','.")
    String board;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        BoardText.Parsed parsed = BoardArgument.parse(board);
        try (Solution sol = SolutionOption.open(db)) {
            if (!parsed.shape().equals(sol.shape())) {
                throw new Errors.BadInput("--board: a " + parsed.shape() + " board, the solution in " + db + " is " + sol.shape());
            }
            long b = parsed.board();
            double value = sol.stateValue(b);
            if (Double.isNaN(value)) {
                throw new Errors.BadInput("--board: " + BoardText.format(b, sol.shape()) + " is not a reachable state of " + sol.shape()
                        + " (not in the solution; a state has at least two tiles and a reachable tile sum)");
            }
            double[] q = new double[4];
            int legal = sol.moveValues(b, q);
            int best = sol.bestMove(b);
            if (json) {
                System.out.println(SolveAnswer.of(sol, b));
            } else {
                StringBuilder sb = new StringBuilder();
                sb.append(BoardText.grid(b, sol.shape()));
                sb.append(String.format(Locale.ROOT, "state value (optimal expected future score): %.6f%n", value));
                for (int d = 0; d < 4; d++) {
                    if ((legal >>> d & 1) != 0) {
                        sb.append(String.format(Locale.ROOT, "  %-5s %14.6f%s%n", Direction.ALL[d].name().toLowerCase(Locale.ROOT),
                                q[d], d == best ? "   best" : ""));
                    }
                }
                if (legal == 0) {
                    sb.append("  no legal move: the game is over\n");
                }
                System.out.print(sb);
            }
        }
        return 0;
    }
}
