package g2048.cuda.check;

import g2048.cuda.CudaBackend;
import g2048.cuda.CudaContext;
import g2048.cuda.CudaTrainer;
import g2048.cuda.GemmMode;
import g2048.cuda.SelfCheck;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.CpuBackend;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.nn.Optimiser;
import g2048.nn.Initializer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Policy training's step rate for {@code g2048 gpu-check}: whole steps (gradient and Adam) of
 * POLICY2 and POLICY5 on the GPU at batch 256 and 1,024, beside the CPU device on every core at
 * batch 256, in positions a second. Every move legal, the target move s mod 4.
 */
public final class PolicyTimings {

    private PolicyTimings() {
    }

    public static List<String> rows(CudaContext ctx, double seconds) {
        return rows(ctx, seconds, List.of(Architectures.named(Head.POLICY, "POLICY2"), Architectures.named(Head.POLICY, "POLICY5")), new int[] {256, 1024},
                256, Runtime.getRuntime().availableProcessors());
    }

    /** Steps of each spec on the GPU at each of {@code batches}, and on the CPU at {@code cpuBatch} with {@code threads}. */
    public static List<String> rows(CudaContext ctx, double seconds, List<NetSpec> specs, int[] batches, int cpuBatch, int threads) {
        List<String> rows = new ArrayList<>();
        int pool = 8192;
        long[] boards = SelfCheck.randomBoards(new Rng(9), pool);
        int[] legal = new int[pool];
        float[] targets = new float[4 * pool];
        for (int s = 0; s < pool; s++) {
            legal[s] = 0b1111;
            targets[4 * s + s % 4] = 1f;
        }
        for (NetSpec spec : specs) {
            float[] w = Initializer.heNormal(spec, 1);
            for (int batch : batches) {
                try (CudaTrainer<Optimiser.Moves> t = new CudaTrainer<>(ctx, spec, w, new Adam(w.length), Adam.ALPHA, Adam.BETA1, Adam.BETA2, Adam.EPSILON,
                        Math.min(batch, CudaBackend.POLICY_SLICE), GemmMode.KERNELS)) {
                    rows.add(rate("cuda", spec, batch, seconds, t, boards, legal, targets));
                }
            }
            try (Optimiser<Optimiser.Moves> cpu = new CpuBackend().policyTraining(spec, w.clone(), new Adam(w.length), cpuBatch, threads)) {
                rows.add(rate("cpu, " + threads + " threads,", spec, cpuBatch, Math.min(seconds, 5), cpu, boards, legal, targets));
            }
        }
        return rows;
    }

    private static String rate(String device, NetSpec spec, int batch, double seconds, Optimiser<Optimiser.Moves> o, long[] boards, int[] legal,
            float[] targets) {
        int slices = boards.length / batch;
        long[] b = new long[batch];
        int[] l = new int[batch];
        float[] y = new float[4 * batch];
        // the first step (allocation, warm-up) is not timed
        step(o, 0, batch, boards, legal, targets, b, l, y);
        long steps = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        do {
            steps++;
            step(o, (int) (steps % slices) * batch, batch, boards, legal, targets, b, l, y);
        } while (System.nanoTime() < end);
        o.weights(new float[spec.weightCount()]);
        double s = (System.nanoTime() - start) / 1e9;
        return String.format(Locale.ROOT, "policy %s %s train step batch %5d: %8.3f ms/step, %,10.0f positions/s", device, spec.name(), batch,
                1e3 * s / steps, steps * batch / s);
    }

    private static void step(Optimiser<Optimiser.Moves> o, int from, int batch, long[] boards, int[] legal, float[] targets, long[] b, int[] l,
            float[] y) {
        System.arraycopy(boards, from, b, 0, batch);
        System.arraycopy(legal, from, l, 0, batch);
        System.arraycopy(targets, 4 * from, y, 0, 4 * batch);
        o.step(new Optimiser.Moves(b, l, y), 0, batch);
    }
}
