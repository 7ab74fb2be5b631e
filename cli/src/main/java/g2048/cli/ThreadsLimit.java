package g2048.cli;

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
        int max = max(System.getenv(VARIABLE));
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

    static int max(String override) {
        if (override != null) {
            try {
                int n = Integer.parseInt(override.strip());
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // not a number: the default bound
            }
        }
        return 4 * Runtime.getRuntime().availableProcessors();
    }
}
