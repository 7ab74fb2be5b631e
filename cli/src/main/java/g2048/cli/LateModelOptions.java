package g2048.cli;

import g2048.play.PlayerSpec;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The ntuple player's second model for the late game ({@link g2048.eval.StagedEvaluator}): the
 * options shared by every command that plays the ntuple player. Another player given a late model
 * is refused by {@link g2048.play.Players}, naming {@code --late-model}.
 */
final class LateModelOptions {

    @Option(names = "--late-model", paramLabel = "FILE",
            description = "For ntuple: a second model that values the boards holding a tile of --late-from or more (a network trained where games are won or lost), its values levelled on the first model's own greedy games where they first make that tile; tile-downgrading auto is then off.")
    Path lateModel;

    @Option(names = "--late-from", paramLabel = "TILE", defaultValue = "16384",
            description = "The tile from which --late-model values boards (default: ${DEFAULT-VALUE}).")
    int lateFrom = PlayerSpec.DEFAULT_LATE_FROM;

    /** {@code spec} with the late model these options name (none when --late-model is not given). */
    PlayerSpec applyTo(PlayerSpec spec) {
        return spec.withLateModel(lateModel, lateFrom);
    }
}
