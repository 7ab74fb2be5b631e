package g2048.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Turns failures into one line on standard error and an exit code: 2 for bad input (an unknown
 * option, a malformed board, a bad model file), 1 for a failure while running.
 */
final class Errors {

    static final int BAD_INPUT = 2;
    static final int FAILURE = 1;

    private Errors() {
    }

    /** Bad input found by a command after parsing: the message is printed as it is. */
    static final class BadInput extends RuntimeException {
        BadInput(String message) {
            super(message);
        }

        BadInput(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static int onParameterError(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println(e.getCommandLine().getCommandName() + ": " + e.getMessage()
                + " (see '" + qualifiedName(e.getCommandLine()) + " --help')");
        err.flush();
        return BAD_INPUT;
    }

    static int onExecutionError(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        String name = qualifiedName(cl);
        if (e instanceof BadInput || e instanceof IllegalArgumentException) {
            err.println(name + ": " + e.getMessage());
            err.flush();
            return BAD_INPUT;
        }
        err.println(name + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
        if (System.getenv("G2048_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return FAILURE;
    }

    private static String qualifiedName(CommandLine cl) {
        StringBuilder sb = new StringBuilder(cl.getCommandName());
        for (CommandLine p = cl.getParent(); p != null; p = p.getParent()) {
            sb.insert(0, p.getCommandName() + " ");
        }
        return sb.toString();
    }
}
