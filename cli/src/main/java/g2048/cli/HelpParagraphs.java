package g2048.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Joins the lines of each command's description into paragraphs, so that help wraps at the
 * terminal's width and nowhere else. A description's first line stays alone: a parent lists its
 * subcommands by it. A new paragraph starts at a line that opens a list (an indent, "-" or "*") or
 * follows an empty line.
 */
final class HelpParagraphs {

    private HelpParagraphs() {
    }

    static void apply(CommandLine cl) {
        CommandLine.Model.UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
        usage.description(join(usage.description()));
        for (CommandLine sub : cl.getSubcommands().values()) {
            apply(sub);
        }
    }

    static String[] join(String[] lines) {
        if (lines.length < 2) {
            return lines;
        }
        List<String> out = new ArrayList<>(List.of(lines[0]));
        StringBuilder paragraph = new StringBuilder();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            boolean opens = line.isBlank() || line.startsWith(" ") || line.startsWith("-") || line.startsWith("*")
                    || (i > 1 && lines[i - 1].isBlank());
            if (opens && !paragraph.isEmpty()) {
                out.add(paragraph.toString());
                paragraph.setLength(0);
            }
            if (line.isBlank()) {
                out.add(line);
                continue;
            }
            if (!paragraph.isEmpty()) {
                paragraph.append(' ');
            }
            paragraph.append(paragraph.isEmpty() ? line : line.strip());
        }
        if (!paragraph.isEmpty()) {
            out.add(paragraph.toString());
        }
        return out.toArray(String[]::new);
    }
}
