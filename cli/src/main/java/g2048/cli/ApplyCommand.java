package g2048.cli;

import g2048.answers.ApplyAnswer;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code g2048 apply}: the afterstate and reward of each move in turn, without spawns. */
@Command(name = "apply", mixinStandardHelpOptions = true,
        description = "Apply moves to a board (no spawns) and print each afterstate and reward.")
final class ApplyCommand implements Callable<Integer> {

    @Option(names = "--board", required = true,
            description = "The board: rows separated by '/', cells by ',', tile values or 0/. for empty.")
    String board;

    @Option(names = "--moves", required = true, description = "Moves to apply in turn, letters U R D L, e.g. RDLU.")
    String moves;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        BoardText.Parsed parsed = BoardArgument.parse(board);
        Shape shape = parsed.shape();
        long b = parsed.board();
        int[] dirs = ApplyAnswer.directions(moves);
        // the answer refuses an illegal move before anything is printed
        JsonWriter out = ApplyAnswer.of(b, shape, dirs);
        if (json) {
            System.out.println(out);
            return 0;
        }
        Moves table = Moves.of(shape);
        StringBuilder text = new StringBuilder();
        text.append("start  ").append(BoardText.format(b, shape)).append('\n');
        long total = 0;
        for (int d : dirs) {
            int reward = table.reward(b, d);
            total += reward;
            b = table.move(b, d);
            text.append(Direction.ALL[d].letter()).append("      ").append(BoardText.format(b, shape))
                    .append("   reward ").append(reward).append('\n');
        }
        System.out.print(text);
        System.out.println("total reward " + total);
        System.out.print(BoardText.grid(b, shape));
        return 0;
    }
}
