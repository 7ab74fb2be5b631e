package g2048.cli;

import g2048.play.LateModel;
import g2048.play.PlayerSpec;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The ntuple player's second model for the late game ({@link g2048.eval.StagedEvaluator}): the
 * options shared by every command that plays the ntuple player. Another player given a late model
 * is refused by {@link g2048.play.Players}, naming {@code --late-model}.
 */
final class LateModelOptions {

    @Option(names = "--late-model", paramLabel = "auto|none|shipped|FILE", defaultValue = "auto",
            description = "For ntuple: a second model that values the boards holding a tile of --late-from or more (a network trained where games are won or lost), its values levelled on the first model's own greedy games where they first make that tile; tile-downgrading auto is then off."
                    + " auto: the shipped late model (ntuple-4x6-late.g2nz) with the shipped model at a fixed --depth of 2 or more, where it plays better, and none at depth 1, with a time budget or with --model; shipped: that model at any depth; none; or a model file (./auto for a file named auto) (default: ${DEFAULT-VALUE}).")
    String lateModel = "auto";

    @Option(names = "--late-from", paramLabel = "TILE", defaultValue = "16384",
            description = "The tile from which the late model values boards (default: ${DEFAULT-VALUE}).")
    int lateFrom = PlayerSpec.DEFAULT_LATE_FROM;

    /** The late model these options name. */
    LateModel choice() {
        return LateModel.parse(lateModel);
    }

    /** The late model's file when one is named, else null. */
    Path file() {
        return choice().file();
    }

    /** {@code spec} with the late model these options name. */
    PlayerSpec applyTo(PlayerSpec spec) {
        return spec.withLateModel(choice(), lateFrom);
    }
}
