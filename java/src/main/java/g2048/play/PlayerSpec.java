package g2048.play;

import static g2048.settings.BadSetting.field;

import g2048.settings.BadSetting;
import java.nio.file.Path;
import java.util.List;

/**
 * What names a player, as plain values: the command line's player options, before {@link Players}
 * checks them. Fields a player does not use are ignored by it.
 *
 * @param player     one of {@link Players#NAMES}
 * @param models     the model files of a learned player: none for the shipped model ({@code ntuple}),
 *                   one, or for {@code ntuple} several, an ensemble playing the mean of their values
 * @param table      the tables an {@code ntuple} player reads: {@code auto}, {@code float32} or {@code int16}
 * @param db         the solution directory of the {@code optimal} player
 * @param device     where a value network runs: {@code auto}, {@code cpu} or {@code cuda}
 * @param gemm       its matrix products on the GPU: {@code kernels}, {@code cublas} or {@code tf32}
 * @param cudaGraphs {@code on} or {@code off}: its small forwards replayed as CUDA graphs
 */
public record PlayerSpec(String player, List<Path> models, String table, Path db, String device, String gemm,
                         String cudaGraphs) {

    public PlayerSpec {
        models = models == null ? List.of() : List.copyOf(models);
    }

    /** One model file (null: the player's default), as the players without ensembles take it. */
    public PlayerSpec(String player, Path model, String table, Path db, String device, String gemm, String cudaGraphs) {
        this(player, model == null ? List.of() : List.of(model), table, db, device, gemm, cudaGraphs);
    }

    /** The player {@code player} with every other field at the command line's default. */
    public static PlayerSpec of(String player) {
        return new PlayerSpec(player, List.of(), "auto", null, "auto", "kernels", "on");
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

    public PlayerSpec withModel(Path file) {
        return new PlayerSpec(player, file, table, db, device, gemm, cudaGraphs);
    }

    /** This spec with the ensemble {@code files} (or one file, or none for the default). */
    public PlayerSpec withModels(List<Path> files) {
        return new PlayerSpec(player, files, table, db, device, gemm, cudaGraphs);
    }

    public PlayerSpec withTable(String tables) {
        return new PlayerSpec(player, models, tables, db, device, gemm, cudaGraphs);
    }
}
