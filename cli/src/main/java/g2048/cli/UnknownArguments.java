package g2048.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Arguments no command takes, said in one line with the nearest names a user may have meant:
 * {@code unknown option '--gmaes' (did you mean --games?)}, {@code unknown command 'tabels'}. An
 * unknown argument is an error even beside {@code --help}, which would otherwise print a help the
 * user did not ask for and exit 0.
 */
final class UnknownArguments {

    /** At most this many names are suggested. */
    private static final int SUGGESTIONS = 3;

    private UnknownArguments() {
    }

    /** {@code parsed}, after refusing any argument left unmatched at any level (even with --help). */
    static CommandLine.ParseResult refuse(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (!p.unmatched().isEmpty()) {
                throw new CommandLine.UnmatchedArgumentException(p.commandSpec().commandLine(), p.unmatched());
            }
        }
        return parsed;
    }

    /** The one-line message of {@code e}: the first argument not taken, and the names near it. */
    static String message(CommandLine.UnmatchedArgumentException e) {
        String arg = e.getUnmatched().getFirst();
        CommandSpec spec = e.getCommandLine().getCommandSpec();
        if (arg.startsWith("-")) {
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            return "unknown option '" + name + "'" + didYouMean(nearest(name, spec.optionsMap().keySet()));
        }
        if (!spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
            return "unknown command '" + arg + "'" + didYouMean(nearest(arg, spec.subcommands().keySet()));
        }
        return "unexpected argument '" + arg + "'";
    }

    private static String didYouMean(List<String> names) {
        return names.isEmpty() ? "" : " (did you mean " + String.join(" or ", names) + "?)";
    }

    /**
     * The names of {@code names} nearest to {@code typed}, nearest first: those at the least edit distance,
     * when it is small for the word's length (a third of it, at least 1); none when every name is far.
     */
    static List<String> nearest(String typed, Collection<String> names) {
        int limit = Math.max(1, typed.replaceFirst("^-+", "").length() / 3);
        int best = Integer.MAX_VALUE;
        List<String> near = new ArrayList<>();
        for (String n : names.stream().sorted(Comparator.naturalOrder()).toList()) {
            int d = distance(typed, n);
            if (d > limit || d > best) {
                continue;
            }
            if (d < best) {
                best = d;
                near.clear();
            }
            near.add(n);
        }
        return near.size() > SUGGESTIONS ? near.subList(0, SUGGESTIONS) : near;
    }

    /**
     * The optimal string alignment distance (Damerau, 1964; Levenshtein, 1966): insertions, deletions,
     * substitutions and swaps of neighbours, each 1, so that {@code --gmaes} is one from {@code --games}.
     */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
