package g2048.cli;

import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options that choose and configure a player, shared by {@code play} and the commands that play. */
final class PlayerOptions {

    @Option(names = "--player", defaultValue = "ntuple",
            description = "Who plays: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = Players.Names.class)
    String player;

    @Option(names = "--model", description = "Model file of a learned player (default: the shipped model of that player).")
    Path model;

    @Option(names = "--depth", defaultValue = "1",
            description = "Search depth in plies as the papers count them: 1 = greedy, 2 = move, spawn, move (default: ${DEFAULT-VALUE}).")
    int depth;

    @Mixin
    NetworkDeviceOptions devices = new NetworkDeviceOptions();

    /** The help of --table, shared with the commands that build their own options. */
    static final String TABLE_HELP = "Tables an ntuple player reads: auto (int16 for td-afterstate models, else float32),"
            + " float32, or int16 (half the memory traffic; exact for .g2nz models) (default: ${DEFAULT-VALUE}).";

    @Option(names = "--table", defaultValue = "auto", description = TABLE_HELP)
    String table = "auto";

    @Option(names = "--db", description = "Solver database directory (for --player optimal).")
    Path db;
}
