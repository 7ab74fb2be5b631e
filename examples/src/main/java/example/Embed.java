package example;

import g2048.api.Engine;
import g2048.api.MoveChoice;
import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.play.GameResult;
import g2048.play.Summary;
import g2048.search.SearchConfig;
import g2048.solver.Solution;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The example of docs/library.md: load the shipped player, choose a move (with the values), search deeper, play seeded games, query an exact solution. */
public final class Embed {

    public static void main(String[] args) throws IOException {
        try (Engine engine = Engine.shipped()) {                      // the shipped six-tuple n-tuple model, greedy
            Direction move = engine.chooseMove("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0");
            System.out.println("move: " + move);
            MoveChoice choice = engine.choose("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0"); // with each move's value
            System.out.println("values: " + choice);
            try (Engine deeper = engine.withSearch(SearchConfig.ofDepth(3))) {        // the same tables, 3-ply
                System.out.println("3-ply: " + deeper.choose("2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0").move());
            }
            GameResult game = engine.playGame(42);                     // one game, reproducible from its seed
            System.out.println("game 42: score " + game.score() + ", " + game.moves() + " moves, tile " + game.maxTile());
            Summary run = engine.play(20, 7, 2);                       // 20 games from seed 7 on 2 threads
            System.out.printf("20 games: mean %.0f, 2048 in %.0f%%%n", run.stats().mean(), 100 * run.stats().reach(11));
        }
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("g2048-2x3");
        try (Solution exact = Engine.solve("2x3", dir, 2)) {           // 2x3 solved exactly (under a second)
            long board = BoardText.parse("2,4,8/0,2,0").board();
            System.out.printf("2x3: best %s, worth %.2f%n", Direction.ALL[exact.bestMove(board)], exact.stateValue(board));
        }
        if (args.length == 0) {                                        // the database was for this run only
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
