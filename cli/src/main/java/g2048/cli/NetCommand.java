package g2048.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code g2048 net}: facts about the network architectures (see the subcommands). */
@Command(name = "net", mixinStandardHelpOptions = true,
        description = "Facts about the network architectures (see the subcommands).",
        subcommands = {NetInfoCommand.class})
final class NetCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
