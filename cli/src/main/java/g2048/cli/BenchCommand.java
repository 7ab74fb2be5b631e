package g2048.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code g2048 bench}: the parent of the benchmark subcommands. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks from the command line (JMH benchmarks of single calls live in the bench/ module).",
        subcommands = {BenchSearchCommand.class, BenchServeCommand.class, BenchTablesCommand.class, BenchLateGameCommand.class})
final class BenchCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        throw new Errors.BadInput("expected a subcommand: search, serve or tables (see 'g2048 bench --help')");
    }
}
