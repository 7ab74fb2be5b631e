package g2048.cli;

import g2048.ntuple.OffHeap;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code g2048} command. Exit codes: 0 success, 1 failure while running, 2 bad input (see {@link Errors}). */
@Command(name = "g2048",
        mixinStandardHelpOptions = true,
        version = "g2048 0.1.0",
        description = "A high-performance engine for the game 2048: play, learn, search and solve.")
public final class Main implements Runnable {

    /** The commands, in the order the help lists them. */
    private static final List<Class<?>> COMMANDS = List.of(
            ApplyCommand.class,
            PlayCommand.class,
            MoveCommand.class,
            BenchCommand.class,
            SolveCommand.class,
            GradeCommand.class,
            TablesCommand.class,
            TrainCommand.class,
            DatasetCommand.class,
            InspectCommand.class,
            NetCommand.class,
            ImportCommand.class,
            ExportCommand.class,
            GpuCheckCommand.class,
            ServeCommand.class,
            SessionCommand.class,
            CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        String undecodable = ArgumentBytes.problem(args);
        if (undecodable != null) {
            System.err.println("g2048: " + undecodable);
            System.exit(Errors.BAD_INPUT);
        }
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (for tests and embedding). */
    public static int execute(String... args) {
        try {
            if (args.length > 0 && named(args[0]) != null) {
                // a command that may load tables: the system calls they need are linked meanwhile
                Thread.ofPlatform().daemon().name("g2048-prepare").start(OffHeap::prepare);
            }
            return commandLine(args).execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands on Errors; this one still gets the one-line policy (exit 1).
            System.err.println("g2048: " + Errors.message(e));
            return Errors.FAILURE;
        }
    }

    /** The whole command line, every command in it (for its help and tests). */
    static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /**
     * The command line that runs {@code args}: when they start with a command's name, only that
     * command is built, since picocli reads every option of every command it is given by
     * reflection, most of a start-up's work; help, errors and anything else get all of them.
     */
    static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new Main());
        Class<?> named = args.length == 0 ? null : named(args[0]);
        for (Class<?> c : COMMANDS) {
            if (named == null || named == CommandLine.HelpCommand.class || c == named) {
                cl.addSubcommand(c);
            }
        }
        NumberOptions.register(cl);
        cl.setParameterExceptionHandler(Errors::onParameterError);
        cl.setExecutionExceptionHandler(Errors::onExecutionError);
        // help wraps at the terminal's width (80 columns where it cannot be told), never by hand
        cl.setUsageHelpAutoWidth(true);
        HelpParagraphs.apply(cl);
        versions(cl, cl.getCommandSpec().version());
        cl.setExecutionStrategy(parsed -> ThreadsLimit.execute(UnknownArguments.refuse(parsed)));
        return cl;
    }

    /** The command called {@code name} (or one of its aliases), or null. */
    private static Class<?> named(String name) {
        for (Class<?> c : COMMANDS) {
            Command command = c.getAnnotation(Command.class);
            if (command.name().equals(name) || Arrays.asList(command.aliases()).contains(name)) {
                return c;
            }
        }
        return null;
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
