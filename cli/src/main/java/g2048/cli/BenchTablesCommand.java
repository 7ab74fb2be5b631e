package g2048.cli;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.ntuple.Learner;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TupleNetwork;
import g2048.player.Player;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code g2048 bench tables}: how close n-tuple training comes to what the memory serves. The same
 * table reads an evaluation of real afterstates makes, without the index work and the learning
 * around them, against whole evaluations and TD-afterstate training, all per CPU-second of the
 * measuring thread (so that other load on the machine does not count).
 */
@Command(name = "tables", mixinStandardHelpOptions = true,
        description = {"Benchmark an n-tuple model's table reads alone against evaluation and training, per CPU-second.",
            "Training's share: the reads its moves make (about five evaluations' worth each) over the reads alone."})
final class BenchTablesCommand implements Callable<Integer> {

    private static final int POOL = 1 << 16;

    @Option(names = "--model", description = "An n-tuple TD-afterstate model (default: the shipped model).")
    Path model;

    @Option(names = "--seconds", defaultValue = "5", description = "CPU seconds per measurement (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Override
    public Integer call() {
        if (!(seconds > 0) || seconds > 3600) {
            throw new Errors.BadInput("--seconds: expected a number in (0, 3600], got " + seconds);
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        try (NtupleModel m = NtupleModels.loadForTraining(model != null ? model : NtupleModels.defaultModelPath())) {
            // a multi-stage model is measured on its first stage's tables: each stage is a table of the same shape
            if (m.method() != Method.TD_AFTERSTATE || !m.shape().equals(Shape.S4x4)) {
                throw new Errors.BadInput("--model: expected a td-afterstate model on 4x4, got " + m.describe());
            }
            TupleNetwork net = m.network();
            int features = net.features();
            long[] afterstates = afterstates(m.policy());
            int[] reads = new int[POOL * features];
            int[] one = new int[features];
            for (int i = 0; i < POOL; i++) {
                net.indices(0, afterstates[i], one);
                System.arraycopy(one, 0, reads, i * features, features);
            }
            float[] sink = new float[1];
            int[] cursor = new int[1];
            double tableReads = perCpuSecond(cpu, () -> {
                for (int k = 0; k < 1024; k++) {
                    sink[0] += net.sumEntries(reads, (cursor[0]++ & (POOL - 1)) * features, features);
                }
                return 1024;
            });
            long[] x = {0x9E3779B97F4A7C15L};
            int[] uniform = new int[features];
            int bound = (int) net.weights();
            double uniformReads = perCpuSecond(cpu, () -> {
                for (int k = 0; k < 1024; k++) {
                    for (int f = 0; f < features; f++) {
                        x[0] ^= x[0] << 13;
                        x[0] ^= x[0] >>> 7;
                        x[0] ^= x[0] << 17;
                        uniform[f] = (int) ((x[0] >>> 33) % bound);
                    }
                    sink[0] += net.sumEntries(uniform, 0, features);
                }
                return 1024;
            });
            double evaluations = perCpuSecond(cpu, () -> {
                for (int k = 0; k < 1024; k++) {
                    sink[0] += net.value(0, afterstates[cursor[0]++ & (POOL - 1)]);
                }
                return 1024;
            });
            Learner learner = m.learner((float) m.training().alpha());
            Rng rng = new Rng(1);
            long[] game = {0};
            double trainingMoves = perCpuSecond(cpu, () -> {
                rng.reseed(Rng.gameSeed(99, game[0]++));
                return learner.play(rng, true).moves();
            });
            System.out.printf(Locale.ROOT, "%s, %d reads per evaluation, %.1f CPU-s each (checksum %s)%n", m.describe(), features,
                    seconds, sink[0] != 0);
            System.out.printf(Locale.ROOT, "table reads of real afterstates alone: %,14.0f evaluations/cpu-s (%,.0f reads)%n",
                    tableReads, tableReads * features);
            System.out.printf(Locale.ROOT, "table reads anywhere in the tables:    %,14.0f evaluations/cpu-s%n", uniformReads);
            System.out.printf(Locale.ROOT, "whole evaluations (index work too):    %,14.0f evaluations/cpu-s (%.2f of the reads alone)%n",
                    evaluations, evaluations / tableReads);
            System.out.printf(Locale.ROOT, "TD-afterstate training:                %,14.0f moves/cpu-s (about 5 evaluations each: %.2f of the reads alone)%n",
                    trainingMoves, 5 * trainingMoves / tableReads);
        }
        return 0;
    }

    /** Afterstates of greedy games of {@code policy}: the table accesses of real play. */
    private static long[] afterstates(Player policy) {
        long[] out = new long[POOL];
        Moves moves = Moves.of(Shape.S4x4);
        Rng rng = new Rng(7);
        int n = 0;
        while (n < POOL) {
            long s = Spawns.initial(Shape.S4x4, rng);
            int d;
            while (n < POOL && (d = policy.chooseMove(s)) >= 0) {
                long after = moves.move(s, d);
                out[n++] = after;
                s = Spawns.spawn(after, Shape.S4x4, rng);
            }
        }
        return out;
    }

    /** Units of {@code work} per CPU-second of this thread, after a warm-up of half the time. */
    private double perCpuSecond(ThreadMXBean cpu, LongSupplier work) {
        for (int pass = 0; pass < 2; pass++) {
            long budget = (long) (seconds * (pass == 0 ? 0.5e9 : 1e9));
            long start = cpu.getCurrentThreadCpuTime();
            long units = 0;
            long used;
            while ((used = cpu.getCurrentThreadCpuTime() - start) < budget) {
                units += work.getAsLong();
            }
            if (pass == 1) {
                return units / (used / 1e9);
            }
        }
        throw new AssertionError();
    }
}
