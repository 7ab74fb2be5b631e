package g2048.cli;

import g2048.settings.Numbers;
import picocli.CommandLine;

/**
 * Bounds {@code --threads} of every command: a typo such as 5000 would start that many threads,
 * each with its own tables and scratch space (gigabytes), before any work. The bound is 4 × the
 * cores; {@code G2048_MAX_THREADS=N} sets another one where more is meant.
 */
final class ThreadsLimit {

    static final String VARIABLE = "G2048_MAX_THREADS";

    private ThreadsLimit() {
    }

    /** Runs the command parsed, after refusing a --threads above the bound (exit 2, naming it). */
    static int execute(CommandLine.ParseResult parsed) {
        int max;
        try {
            max = max(System.getenv(VARIABLE));
        } catch (Errors.BadInput e) {
            // through the execution handler: the one line and exit code of every bad input
            CommandLine.ParseResult leaf = parsed;
            while (leaf.subcommand() != null) {
                leaf = leaf.subcommand();
            }
            throw new CommandLine.ExecutionException(leaf.commandSpec().commandLine(), e.getMessage(), e);
        }
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            CommandLine.Model.OptionSpec o = p.matchedOption("--threads");
            if (o != null && o.getValue() instanceof Integer n && n > max) {
                throw new CommandLine.ParameterException(p.commandSpec().commandLine(), "--threads: " + n
                        + " is more than " + max + " (4 × the " + Runtime.getRuntime().availableProcessors()
                        + " cores; set " + VARIABLE + " to allow more)");
            }
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /** The bound: {@code override} (the variable's value) when set, else 4 × the cores; a malformed value is refused. */
    static int max(String override) {
        if (override == null) {
            return 4 * Runtime.getRuntime().availableProcessors();
        }
        try {
            int n = Numbers.parseInt(override);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below, with a value below 1
        }
        throw new Errors.BadInput(VARIABLE + ": expected a whole number of threads, 1 or more (digits 0-9), got '" + override + "'");
    }
}
