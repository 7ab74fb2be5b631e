package g2048.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code g2048} command. Exit codes: 0 success, 1 failure while running, 2 bad input (see {@link Errors}). */
@Command(name = "g2048",
        mixinStandardHelpOptions = true,
        version = "g2048 0.1.0",
        description = "A high-performance engine for the game 2048: play, learn, search and solve.",
        subcommands = {
            ApplyCommand.class,
            PlayCommand.class,
            MoveCommand.class,
            BenchCommand.class,
            SolveCommand.class,
            GradeCommand.class,
            TrainCommand.class,
            DatasetCommand.class,
            InspectCommand.class,
            NetCommand.class,
            ImportCommand.class,
            GpuCheckCommand.class,
            ServeCommand.class,
            SessionCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (for tests and embedding). */
    public static int execute(String... args) {
        try {
            return commandLine().execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands on Errors; this one still gets the one-line policy (exit 1).
            System.err.println("g2048: " + Errors.message(e));
            return Errors.FAILURE;
        }
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler(Errors::onParameterError);
        cl.setExecutionExceptionHandler(Errors::onExecutionError);
        // help wraps at the terminal's width (80 columns where it cannot be told), never by hand
        cl.setUsageHelpAutoWidth(true);
        HelpParagraphs.apply(cl);
        versions(cl, cl.getCommandSpec().version());
        cl.setExecutionStrategy(ThreadsLimit::execute);
        return cl;
    }

    /** Every command's --version prints the engine's version, not only the top command's. */
    private static void versions(CommandLine cl, String[] version) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommandSpec().version().length == 0) {
                sub.getCommandSpec().version(version);
            }
            versions(sub, version);
        }
    }
}
