package g2048.train.cnn;

import static g2048.settings.BadSetting.field;

import g2048.nn.NetSpec;
import g2048.settings.BadSetting;

/**
 * The options of a training run (Matsuzaki 2021). The defaults of the command are the paper's best
 * configuration: batch1K, simple, no augmentation, restart and S-jump.
 *
 * @param positions   stop after this many positions in total (including those of a resumed run)
 * @param generators  generator threads
 * @param lanes       games each generator plays at once (their afterstates are evaluated in one batch)
 * @param chunk       positions per queue chunk
 * @param trainerThreads threads the trainer splits each batch over
 */
public record TrainConfig(NetSpec spec, long positions, Batching batching, SymmetryMode symmetry, boolean augment,
        boolean restart, JumpStart jump, int generators, int lanes, int chunk, long seed, int trainerThreads) {

    public TrainConfig {
        BadSetting.requireAtLeast("positions", 1, positions);
        BadSetting.requireAtLeast("generators", 1, generators);
        if (lanes < 1 || lanes > 4096) {
            throw new BadSetting(field("lanes"), ": expected 1..4096, got " + lanes);
        }
        if (trainerThreads < 1 || trainerThreads > 256) {
            throw new BadSetting(field("trainerThreads"), ": expected 1..256, got " + trainerThreads);
        }
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk size must be at least 1, got " + chunk);
        }
    }

    /** The same options with one trainer thread (the command's default). */
    public TrainConfig(NetSpec spec, long positions, Batching batching, SymmetryMode symmetry, boolean augment,
            boolean restart, JumpStart jump, int generators, int lanes, int chunk, long seed) {
        this(spec, positions, batching, symmetry, augment, restart, jump, generators, lanes, chunk, seed, 1);
    }

    /** Samples per position: 8 with augmentation. */
    public int augmentation() {
        return augment ? 8 : 1;
    }
}
