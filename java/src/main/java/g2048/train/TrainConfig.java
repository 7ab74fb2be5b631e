package g2048.train;

import g2048.nn.NetSpec;

/**
 * The options of a training run (seed 000 §3–4). The defaults of the command are the seed's best
 * configuration: batch1K, simple, no augmentation, restart and S-jump.
 *
 * @param positions   stop after this many positions in total (including those of a resumed run)
 * @param generators  generator threads
 * @param lanes       games each generator plays at once (their afterstates are evaluated in one batch)
 * @param chunk       positions per queue chunk
 */
public record TrainConfig(NetSpec spec, long positions, Batching batching, SymmetryMode symmetry, boolean augment,
        boolean restart, JumpStart jump, int generators, int lanes, int chunk, long seed) {

    public TrainConfig {
        if (positions < 1) {
            throw new IllegalArgumentException("--positions: expected at least 1, got " + positions);
        }
        if (generators < 1) {
            throw new IllegalArgumentException("--generators: expected at least 1, got " + generators);
        }
        if (lanes < 1 || lanes > 4096) {
            throw new IllegalArgumentException("--lanes: expected 1..4096, got " + lanes);
        }
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk size must be at least 1, got " + chunk);
        }
    }

    /** Samples per position: 8 with augmentation. */
    public int augmentation() {
        return augment ? 8 : 1;
    }
}
