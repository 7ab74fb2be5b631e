package g2048.cli;

import g2048.ntuple.TablePrecision;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options that choose and configure a player, shared by {@code play} and the commands that play. */
final class PlayerOptions {

    @Option(names = "--player", defaultValue = "ntuple",
            description = "Who plays: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = PlayerOptions.Names.class)
    String player;

    @Option(names = "--model", paramLabel = "FILE",
            description = "Model file of a learned player (default: the shipped one, ntuple-6x6.g2nz for ntuple and policy5.g2pn for policy; cnn needs one); for ntuple, several files separated by commas (a.g2nz,b.g2n) or given as repeated --model options play as an ensemble: the mean of their values. A file whose name holds a comma is one file when it exists.")
    List<Path> models = new ArrayList<>();

    /** The one model file named, null for none; refused when several are named for a player without ensembles. */
    Path model() {
        try {
            return spec().model();
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput(Errors.text(e));
        }
    }

    /** The help of --depth, shared with the commands that build their own options. */
    static final String DEPTH_HELP = "Search depth in plies as the papers count them: 1 = greedy, 2 = move, spawn, move (default: ${DEFAULT-VALUE}).";

    @Option(names = "--depth", defaultValue = "1", description = DEPTH_HELP)
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

    @Mixin
    LateModelOptions late = new LateModelOptions();

    /** The player these options name, for {@link Players} to build. */
    PlayerSpec spec() {
        PlayerKind kind = PlayerKind.parse(player);
        return late.applyTo(new PlayerSpec(kind, ModelList.expand(models), table(kind, table), db, devices.device,
                devices.settings()));
    }

    /**
     * The tables {@code text} names for a player of {@code kind}: only the ntuple player reads
     * tables, so the others take any text as before.
     */
    static TablePrecision table(PlayerKind kind, String text) {
        if (kind != PlayerKind.NTUPLE) {
            return TablePrecision.AUTO;
        }
        try {
            return TablePrecision.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--table: " + e.getMessage(), e);
        }
    }

    /** The names {@code --player} accepts, for help and completion. */
    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Players.NAMES.iterator();
        }
    }
}
