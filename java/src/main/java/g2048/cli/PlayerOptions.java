package g2048.cli;

import java.nio.file.Path;
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

    @Option(names = "--device", defaultValue = "auto", description = "Where value networks run: auto, cpu or cuda (default: ${DEFAULT-VALUE}).")
    String device;

    /** The help of --gemm, shared with the commands that build their own options. */
    static final String GEMM_HELP = "Matrix products of value networks on the GPU: kernels (the engine's own), cublas (cuBLAS fp32)"
            + " or tf32 (cuBLAS on TF32 tensor cores, about 1e-3 relative error) (default: ${DEFAULT-VALUE}).";

    @Option(names = "--gemm", defaultValue = "kernels", description = GEMM_HELP)
    String gemm = "kernels";

    /** The help of --cuda-graphs, shared with the commands that build their own options. */
    static final String GRAPHS_HELP = "on: a value network on the GPU with the kernels' products records its forward of each batch"
            + " size up to " + g2048.cuda.CudaPass.RECORDED_MAX_BATCH + " boards once (a CUDA graph) and replays it with one call;"
            + " off: every kernel is launched each time (default: ${DEFAULT-VALUE}).";

    @Option(names = "--cuda-graphs", defaultValue = "on", description = GRAPHS_HELP)
    String cudaGraphs = "on";

    /** The help of --table, shared with the commands that build their own options. */
    static final String TABLE_HELP = "Tables an ntuple player reads: auto (int16 for td-afterstate models, else float32),"
            + " float32, or int16 (half the memory traffic; exact for .g2nz models) (default: ${DEFAULT-VALUE}).";

    @Option(names = "--table", defaultValue = "auto", description = TABLE_HELP)
    String table = "auto";

    @Option(names = "--db", description = "Solver database directory (for --player optimal).")
    Path db;
}
