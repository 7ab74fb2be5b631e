package g2048.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code g2048 train}: the parent of the training commands, one subcommand per kind of model. */
@Command(name = "train", mixinStandardHelpOptions = true,
        description = "Train a model (see the subcommands).",
        subcommands = {TrainNtupleCommand.class, TrainCnnCommand.class, TrainPolicyCommand.class})
final class TrainCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
