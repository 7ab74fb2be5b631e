package g2048.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code g2048 inspect}: what a policy network learned (see the subcommands). */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Explain a policy network: its first-layer filters, and what decides its move on a board.",
        subcommands = {InspectFiltersCommand.class, InspectBoardCommand.class})
final class InspectCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
