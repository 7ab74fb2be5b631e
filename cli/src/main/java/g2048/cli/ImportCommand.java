package g2048.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code g2048 import}: models made by other engines, one subcommand per engine. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Turn another engine's weights into a g2048 model (see the subcommands).",
        subcommands = {ImportTdl2048Command.class, ImportZiapCommand.class})
final class ImportCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
