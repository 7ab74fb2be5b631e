package g2048.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code g2048 export}: g2048 models as other engines' files, one subcommand per engine. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write a g2048 model as another engine's weights (see the subcommands).",
        subcommands = {ExportZiapCommand.class})
final class ExportCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
