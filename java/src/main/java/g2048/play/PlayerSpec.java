package g2048.play;

import static g2048.settings.BadSetting.field;

import g2048.nn.BackendOptions;
import g2048.ntuple.TablePrecision;
import g2048.settings.BadSetting;
import java.nio.file.Path;
import java.util.List;

/**
 * What names a player, as typed values that {@link Players} checks against the game. Fields a
 * player does not use are ignored by it; a refused field is named in {@link BadSetting}s by its
 * name here ({@code models}, {@code table}, ...).
 *
 * @param player     the kind of player
 * @param models     the model files of a learned player: none for the shipped model ({@code ntuple}),
 *                   one, or for {@code ntuple} several, an ensemble playing the mean of their values
 * @param table      the tables an {@code ntuple} player reads
 * @param db         the solution directory of the {@code optimal} player
 * @param device     where a value network runs: a backend's name, {@code auto} or {@code check}
 * @param backend    the settings the backends read ({@code gemm}, {@code cudaGraphs}), checked by the
 *                   registry when a value network is opened
 * @param lateModel  for {@code ntuple}: the model that values the boards holding a tile of {@code lateFrom}
 *                   or more ({@link g2048.eval.StagedEvaluator}): {@link LateModel#AUTO} unless told
 *                   otherwise (null reads as auto)
 * @param lateFrom   the tile from which {@code lateModel} values boards
 */
public record PlayerSpec(PlayerKind player, List<Path> models, TablePrecision table, Path db, String device,
                         BackendOptions backend, LateModel lateModel, int lateFrom) {

    /** The tile from which a late model values boards unless told otherwise. */
    public static final int DEFAULT_LATE_FROM = 16384;

    public PlayerSpec {
        models = models == null ? List.of() : List.copyOf(models);
        lateModel = lateModel == null ? LateModel.AUTO : lateModel;
    }

    /** With the late model {@code auto} from its default tile. */
    public PlayerSpec(PlayerKind player, List<Path> models, TablePrecision table, Path db, String device,
                      BackendOptions backend) {
        this(player, models, table, db, device, backend, LateModel.AUTO, DEFAULT_LATE_FROM);
    }

    /** The player {@code player} with every other field at its default: the shipped model, tables as stored, auto device. */
    public static PlayerSpec of(PlayerKind player) {
        return new PlayerSpec(player, List.of(), TablePrecision.AUTO, null, "auto", BackendOptions.NONE);
    }

    /**
     * The one model file, null when none was named; refused when several were (only the
     * {@code ntuple} player plays an ensemble).
     */
    public Path model() {
        if (models.size() > 1) {
            throw new BadSetting(field("models"), ": player '" + player + "' plays one model, got " + models.size()
                    + " (only ntuple plays an ensemble of models)");
        }
        return models.isEmpty() ? null : models.getFirst();
    }

    /** This spec of the player {@code kind}, its other fields as they are. */
    public PlayerSpec withPlayer(PlayerKind kind) {
        return new PlayerSpec(kind, models, table, db, device, backend, lateModel, lateFrom);
    }

    /** This spec with the one model {@code file} (null: the player's default). */
    public PlayerSpec withModel(Path file) {
        return withModels(file == null ? List.of() : List.of(file));
    }

    /** This spec with the ensemble {@code files} (or one file, or none for the default). */
    public PlayerSpec withModels(List<Path> files) {
        return new PlayerSpec(player, files, table, db, device, backend, lateModel, lateFrom);
    }

    public PlayerSpec withTable(TablePrecision tables) {
        return new PlayerSpec(player, models, tables, db, device, backend, lateModel, lateFrom);
    }

    public PlayerSpec withDb(Path solution) {
        return new PlayerSpec(player, models, table, solution, device, backend, lateModel, lateFrom);
    }

    /** This spec with a value network on the backend {@code name}, which reads {@code settings}. */
    public PlayerSpec withDevice(String name, BackendOptions settings) {
        return new PlayerSpec(player, models, table, db, name, settings, lateModel, lateFrom);
    }

    /** This spec with the late model {@code file} (null: none) valuing boards from the tile {@code from}. */
    public PlayerSpec withLateModel(Path file, int from) {
        return withLateModel(LateModel.of(file), from);
    }

    /** This spec with the late model {@code late} valuing boards from the tile {@code from}. */
    public PlayerSpec withLateModel(LateModel late, int from) {
        return new PlayerSpec(player, models, table, db, device, backend, late, from);
    }
}
