package g2048.play;

import java.nio.file.Path;

/**
 * What names a player, as plain values: the command line's player options, before {@link Players}
 * checks them. Fields a player does not use are ignored by it.
 *
 * @param player     one of {@link Players#NAMES}
 * @param model      the model file of a learned player; null for the shipped model ({@code ntuple})
 * @param table      the tables an {@code ntuple} player reads: {@code auto}, {@code float32} or {@code int16}
 * @param db         the solution directory of the {@code optimal} player
 * @param device     where a value network runs: {@code auto}, {@code cpu} or {@code cuda}
 * @param gemm       its matrix products on the GPU: {@code kernels}, {@code cublas} or {@code tf32}
 * @param cudaGraphs {@code on} or {@code off}: its small forwards replayed as CUDA graphs
 */
public record PlayerSpec(String player, Path model, String table, Path db, String device, String gemm,
                         String cudaGraphs) {

    /** The player {@code player} with every other field at the command line's default. */
    public static PlayerSpec of(String player) {
        return new PlayerSpec(player, null, "auto", null, "auto", "kernels", "on");
    }

    public PlayerSpec withModel(Path file) {
        return new PlayerSpec(player, file, table, db, device, gemm, cudaGraphs);
    }

    public PlayerSpec withTable(String tables) {
        return new PlayerSpec(player, model, tables, db, device, gemm, cudaGraphs);
    }
}
