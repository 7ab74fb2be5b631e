package g2048.cli;

import g2048.nn.UnusableBackendException;
import g2048.files.BadFileException;
import g2048.server.http.ClientText;
import g2048.settings.BadSetting;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.UndeclaredThrowableException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * The one exit-code policy: every failure is one line on standard error, {@code g2048 COMMAND:
 * what}, and an exit code. 2 for bad input: an argument, a board, a model or database file that
 * cannot be used ({@link g2048.files.BadFileException} anywhere in the cause chain), an output path
 * that cannot be written; 1 for a failure while running (a full disk, a device error, a bug). A
 * message never spans lines and never names a Java class; {@code G2048_DEBUG=1} adds the stack trace.
 */
final class Errors {

    static final int BAD_INPUT = 2;
    static final int FAILURE = 1;

    /** Fully qualified exception names inside messages ("java.io.IOException: "), which say nothing to a user. */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b:?\\s*");
    private static final Pattern LINE_BREAKS = Pattern.compile("\\s*\\R\\s*");

    /**
     * The option of each field the engine names in a {@link BadSetting}, where its name is not the
     * field's in kebab case ({@code snapshotEvery} is {@code --snapshot-every}).
     */
    private static final Map<String, String> OPTIONS = Map.ofEntries(
            Map.entry("steps", "--n-step"),
            Map.entry("learningRate", "--lr"),
            Map.entry("finalLearningRate", "--lr-final"),
            Map.entry("maxInFlight", "--max-requests-in-flight"),
            Map.entry("models", "--model"));

    private Errors() {
    }

    /** The command-line option of the engine's field {@code field}: {@code nStep} is {@code --n-step}. */
    static String option(String field) {
        String o = OPTIONS.get(field);
        return o != null ? o : "--" + field.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }

    /** The message of {@code e} in the command line's words: each field the engine names as its option. */
    static String text(Throwable e) {
        return text(e, Errors::option);
    }

    /** The message of {@code e}, each field the engine names rendered by {@code naming}. */
    static String text(Throwable e, UnaryOperator<String> naming) {
        return switch (e) {
            case BadSetting b -> b.message(naming);
            case UnusableBackendException u when u.words() != null -> u.words().message(naming);
            default -> e.getMessage();
        };
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
        String what = e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
                ? UnknownArguments.message(u) : e.getMessage();
        err.println(qualifiedName(e.getCommandLine()) + ": " + oneLine(what)
                + " (see '" + qualifiedName(e.getCommandLine()) + " --help')");
        err.flush();
        return BAD_INPUT;
    }

    static int onExecutionError(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        err.println(qualifiedName(cl) + ": " + message(e));
        if (System.getenv("G2048_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return exitCode(e);
    }

    /** {@link #BAD_INPUT} or {@link #FAILURE} for a failure that ended a command. */
    static int exitCode(Throwable e) {
        return badInput(e) != null ? BAD_INPUT : FAILURE;
    }

    /** The one-line message of a failure that ended a command, without the command's name. */
    static String message(Throwable e) {
        return message(e, Errors::option);
    }

    /** As {@link #message(Throwable)}, each field the engine names rendered by {@code naming} (a session's request fields). */
    static String message(Throwable e, UnaryOperator<String> naming) {
        Throwable bad = badInput(e);
        return oneLine(bad != null ? text(bad, naming) : describe(unwrap(e), naming));
    }

    /** The exception that makes {@code e} bad input, or null when it is a failure while running. */
    private static Throwable badInput(Throwable e) {
        Throwable t = unwrap(e);
        if (t instanceof BadInput || t instanceof IllegalArgumentException) {
            return t;
        }
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof BadFileException) {
                return c;
            }
        }
        return null;
    }

    /** Strips wrappers that only carry another exception across a thread or an interface. */
    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof UncheckedIOException || t instanceof ExecutionException || t instanceof CompletionException
                || t instanceof InvocationTargetException || t instanceof UndeclaredThrowableException
                || t instanceof CommandLine.ExecutionException) && t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    /** A failure while running, in words: file-system errors say what happened to which file. */
    private static String describe(Throwable t, UnaryOperator<String> naming) {
        if (t instanceof FileSystemException f && f.getReason() == null && f.getFile() != null) {
            String what = switch (f) {
                case NoSuchFileException _ -> "no such file or directory";
                case FileAlreadyExistsException _ -> "already exists";
                case AccessDeniedException _ -> "permission denied";
                case NotDirectoryException _ -> "not a directory";
                case DirectoryNotEmptyException _ -> "directory not empty";
                default -> "cannot access";
            };
            return f.getFile() + (f.getOtherFile() != null ? " -> " + f.getOtherFile() : "") + ": " + what;
        }
        if (t instanceof OutOfMemoryError) {
            return "out of memory (" + t.getMessage() + "); give the JVM more with G2048_JAVA_OPTS=-Xmx<size>";
        }
        String m = text(t, naming);
        if (m == null || m.isBlank()) {
            return t.getCause() != null && t.getCause() != t ? describe(unwrap(t.getCause()), naming)
                    : "internal error without a message (G2048_DEBUG=1 prints its stack trace)";
        }
        return m;
    }

    /**
     * {@code text} on one line, without Java class names: line breaks become spaces, and every other
     * control character is escaped ({@code \x1b}), since messages quote file content and user text
     * that must not reach the terminal raw.
     */
    static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        String s = CLASS_NAME.matcher(text).replaceAll("");
        return ClientText.escape(LINE_BREAKS.matcher(s.strip()).replaceAll(" "));
    }

    private static String qualifiedName(CommandLine cl) {
        StringBuilder sb = new StringBuilder(cl.getCommandName());
        for (CommandLine p = cl.getParent(); p != null; p = p.getParent()) {
            sb.insert(0, p.getCommandName() + " ");
        }
        return sb.toString();
    }
}
