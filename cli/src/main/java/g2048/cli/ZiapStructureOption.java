package g2048.cli;

import g2048.ziap.ZiapStructure;
import picocli.CommandLine.Option;

/** {@code --structure}: which of 2048-tdl's compiled-in networks its files hold (the ziap commands' shared option). */
final class ZiapStructureOption {

    @Option(names = "--structure", defaultValue = "nw4x6",
            description = "The network 2048-tdl is built with (make STRUCTURE=...): nw5x4, nw4x5, nw6x5, nw4x6, nw5x6 "
                    + "or nw8x6 (default: ${DEFAULT-VALUE}).")
    String structure;

    /** The structure asked for; one line naming {@code --structure} when it is none of them. */
    ZiapStructure structure() {
        try {
            return ZiapStructure.parse(structure);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--" + e.getMessage());
        }
    }
}
