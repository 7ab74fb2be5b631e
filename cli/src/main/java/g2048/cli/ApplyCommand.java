package g2048.cli;

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
        Moves table = Moves.of(shape);
        if (moves.isEmpty()) {
            throw new Errors.BadInput("--moves: expected at least one of U, R, D, L");
        }
        long b = parsed.board();
        long total = 0;
        JsonWriter out = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("shape", shape.toString()).field("board", BoardText.format(b, shape))
                .beginArray("steps");
        StringBuilder text = new StringBuilder();
        text.append("start  ").append(BoardText.format(b, shape)).append('\n');
        for (int i = 0; i < moves.length(); i++) {
            Direction d;
            try {
                d = Direction.ofLetter(moves.charAt(i));
            } catch (IllegalArgumentException e) {
                throw new Errors.BadInput("--moves: character " + (i + 1) + " " + Errors.text(e));
            }
            long after = table.move(b, d);
            if (after == b) {
                throw new Errors.BadInput("--moves: move " + (i + 1) + " (" + d + ") is illegal on "
                        + BoardText.format(b, shape) + ": it changes nothing");
            }
            int reward = table.reward(b, d.ordinal());
            total += reward;
            b = after;
            out.begin().field("move", String.valueOf(d.letter())).field("afterstate", BoardText.format(b, shape))
                    .field("reward", reward).end();
            text.append(d.letter()).append("      ").append(BoardText.format(b, shape))
                    .append("   reward ").append(reward).append('\n');
        }
        out.endArray().field("total_reward", total).end();
        if (json) {
            System.out.println(out);
        } else {
            System.out.print(text);
            System.out.println("total reward " + total);
            System.out.print(BoardText.grid(b, shape));
        }
        return 0;
    }
}
