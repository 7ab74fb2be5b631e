package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.game.Shape;
import g2048.play.Players;
import g2048.play.Summary;
import g2048.player.Player;
import g2048.search.SearchConfig;
import g2048.tables.Coverage;
import g2048.tables.TableSet;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code g2048 play}: plays seeded games in parallel and prints the papers' summary. */
@Command(name = "play", mixinStandardHelpOptions = true,
        description = "Play games in parallel and print mean score ± sd, reach rates, moves/s and move latency (timed on one move in 16; bench search times every move).")
final class PlayCommand implements Callable<Integer> {

    @Mixin
    PlayerOptions playerOptions = new PlayerOptions();

    @Mixin
    SearchOptions searchOptions = new SearchOptions();

    @Mixin
    TablesOptions tablesOptions = new TablesOptions();

    @Mixin
    GamesOptions gamesOptions = new GamesOptions();

    @Option(names = "--shape", description = "Board shape RxC (default: 4x4; with --player optimal, the shape its --db solves).")
    String shape;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        gamesOptions.check();
        Shape s = shape != null ? ShapeArgument.parse(shape) : OptimalShape.of(playerOptions);
        SearchConfig search = searchOptions.config(playerOptions.depth);
        TableSet tables = tablesOptions.open(s);
        Coverage coverage = new Coverage();
        Player player = tablesOptions.wrap(Players.create(playerOptions.spec(), s, search), tables, coverage);
        Summary summary = gamesOptions.play("play", s, player);
        if (json) {
            System.out.println(TablesOptions.json(SummaryReport.fields(JsonConventions.writer().begin(), summary),
                    tables == null ? null : coverage).end());
        } else {
            System.out.print(SummaryReport.text(summary) + (tables == null ? "" : TablesOptions.text(coverage)));
        }
        if (tables != null) {
            tables.close();
        }
        return 0;
    }
}
