package g2048.cuda.check;

import g2048.cuda.CudaContext;
import g2048.cuda.CudaEvaluator;
import g2048.cuda.CudaProbe;
import g2048.cuda.CudaTrainer;
import g2048.cuda.GemmMode;
import g2048.cuda.KernelImages;
import g2048.cuda.SelfCheck;
import g2048.eval.Evaluator;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.NetworkEvaluator;
import g2048.nn.Optimiser;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The GPU machine's check, {@code g2048 gpu-check [--arch CNN22] [--seconds 3] OUT_DIR} (run from
 * the shaded jar by {@code bench/gpu-check.sh}, without a build tool):
 * <ol>
 * <li>says which device and kernels it found (or why CUDA is unavailable: exit code 3);
 * <li>runs {@link CudaConformance#all} for each {@link GemmMode} (the kernels, cuBLAS fp32, cuBLAS
 *    TF32 with its own tolerance; a library that does not load is reported and skipped) and writes
 *    every comparison to OUT_DIR/conformance.txt;
 * <li>times, for the architecture and each mode that loaded: GPU optimiser steps (positions/s at
 *    batch 1,024 and 4,096), inference (boards/s at batch 1,024, 4,096 and 16,384), evaluation latency p50/p99 of batches
 *    of 4 (a greedy move's afterstates), 64 and 1,024 and the greedy player's move latency (with the
 *    kernels: small forwards replayed as CUDA graphs, and every kernel launched, side by side), and the
 *    CPU reference's inference rate for comparison, and the forward GEMM beside cuBLAS (fp32 and
 *    TF32, {@link GemmComparison}) at CNN22's shapes, and policy training's step rate on the GPU and
 *    the CPU ({@link PolicyTimings}); writes OUT_DIR/timings.txt.
 * </ol>
 * Exit code 1 when a comparison fails. The timings are of the GPU work alone (no generators): the
 * end-to-end training rate needs the training pipeline on the GPU, which this does not run.
 */
public final class GpuCheck {

    /** The seed of the conformance run, so that its TF32 cases can be computed on the CPU too (Tf32ErrorTest). */
    static final long SEED = 20_481L;

    /** The exit code when this machine cannot run CUDA. */
    public static final int UNAVAILABLE = 3;

    private GpuCheck() {
    }

    /**
     * Runs the check on the probed device, reporting on {@code console} and writing under
     * {@code out}; returns the exit code: 0 all passed, 1 a comparison failed, 3 no CUDA here.
     */
    public static int run(String arch, double seconds, Path out, PrintStream console) throws IOException {
        NetSpec spec = Architectures.named(arch);
        Files.createDirectories(out);
        CudaProbe.Result probe = CudaProbe.probe();
        String built = KernelImages.buildLine();
        console.println("kernels: " + (built != null ? built : "none in this jar"));
        if (!probe.available()) {
            console.println("CUDA unavailable: " + probe.reason());
            return UNAVAILABLE;
        }
        try (CudaContext ctx = CudaContext.open()) {
            console.println("device: " + ctx.describe());
            int failed = 0;
            List<GemmMode> loaded = new ArrayList<>();
            try (PrintStream p = new PrintStream(Files.newOutputStream(out.resolve("conformance.txt")), true, "UTF-8")) {
                p.println("device: " + ctx.describe() + "; tolerance " + GemmMode.FP32_TOLERANCE + " (norm-wise relative error), "
                        + "with TF32 products " + GemmMode.TF32_TOLERANCE + " for values, " + CudaConformance.TF32_GRADIENT_TOLERANCE
                        + " for gradients and " + CudaConformance.TF32_STEPS_TOLERANCE + " after training steps");
                for (GemmMode mode : GemmMode.values()) {
                    String unavailable = ctx.libraryProblem(mode);
                    if (unavailable != null) {
                        console.println("conformance " + mode.label() + ": not run: " + unavailable);
                        p.println("gemm " + mode.label() + ": not run: " + unavailable);
                        continue;
                    }
                    long t0 = System.nanoTime();
                    List<CudaConformance.Outcome> outcomes;
                    try {
                        outcomes = new CudaConformance(ctx, mode).all(SEED);
                    } catch (RuntimeException e) {
                        // One mode's failure must not cost the other modes' figures on a lent machine.
                        failed++;
                        console.println("conformance " + mode.label() + ": stopped by " + oneLine(e));
                        p.println("gemm " + mode.label() + ": stopped by " + oneLine(e));
                        continue;
                    }
                    loaded.add(mode);
                    int modeFailed = 0;
                    double worst = 0;
                    p.println("gemm " + mode.label() + ":");
                    for (CudaConformance.Outcome o : outcomes) {
                        p.println(o);
                        modeFailed += o.passed() ? 0 : 1;
                        worst = Math.max(worst, o.error());
                        if (!o.passed()) {
                            console.println(o);
                        }
                    }
                    failed += modeFailed;
                    console.printf(Locale.ROOT, "conformance %s: %d comparisons, %d failed, worst error %.3e, %.1f s%n", mode.label(),
                            outcomes.size(), modeFailed, worst, (System.nanoTime() - t0) / 1e9);
                }
            }
            List<String> table = new ArrayList<>();
            table.add("device: " + ctx.describe());
            for (GemmMode mode : loaded) {
                try {
                    table.addAll(timings(ctx, spec, seconds, mode));
                } catch (RuntimeException e) {
                    failed++;
                    table.add("gemm " + mode.label() + " timings stopped by " + oneLine(e));
                }
            }
            table.addAll(cpuTimings(spec, seconds));
            try {
                table.addAll(PolicyTimings.rows(ctx, seconds));
            } catch (RuntimeException e) {
                failed++;
                table.add("policy timings stopped by " + oneLine(e));
            }
            try {
                table.addAll(GemmComparison.rows(ctx, Math.min(0.25, seconds / 10)));
            } catch (RuntimeException e) {
                failed++;
                table.add("gemm comparison stopped by " + oneLine(e));
            }
            Files.write(out.resolve("timings.txt"), table);
            table.forEach(console::println);
            return failed == 0 ? 0 : 1;
        }
    }

    private static String oneLine(Throwable e) {
        return (e.getClass().getSimpleName() + ": " + e.getMessage()).replace('\n', ' ');
    }

    /** The GPU timings of {@code spec} with products by {@code mode}; each row starts with the mode. */
    static List<String> timings(CudaContext ctx, NetSpec spec, double seconds, GemmMode mode) {
        List<String> rows = new ArrayList<>();
        rows.add("gemm " + mode.label() + ", architecture: " + spec.name() + " (" + spec.weightCount() + " weights)");
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, 1);
        Rng rng = new Rng(7);
        long[] boards = SelfCheck.randomBoards(rng, 16_384);
        float[] targets = CudaConformance.gaussian(rng, 16_384, 1000);
        for (int batch : new int[] {1024, 4096}) {
            try (CudaTrainer<Optimiser.Values> t = new CudaTrainer<>(ctx, net, w, new Adam(w.length), batch, mode)) {
                Optimiser.Values samples = new Optimiser.Values(boards, targets, 0);
                t.step(samples, 0, batch);
                long steps = 0;
                long start = System.nanoTime();
                long end = start + (long) (seconds * 1e9);
                while (System.nanoTime() < end) {
                    t.step(samples, (int) (steps % (16_384 / batch)) * batch, batch);
                    steps++;
                }
                double s = (System.nanoTime() - start) / 1e9;
                rows.add(String.format(Locale.ROOT, "%s train step batch %5d: %8.3f ms/step, %,12.0f positions/s (GPU step alone)",
                        mode.label(), batch, 1e3 * s / steps, steps * batch / s));
            }
        }
        try (CudaEvaluator e = CudaEvaluator.create(ctx, net, w, "timing", 16_384, mode)) {
            double[] v = new double[16_384];
            for (int batch : new int[] {1024, 4096, 16_384}) {
                e.values(boards, batch, v);
                long calls = 0;
                long start = System.nanoTime();
                long end = start + (long) (seconds * 1e9);
                while (System.nanoTime() < end) {
                    e.values(boards, batch, v);
                    calls++;
                }
                double s = (System.nanoTime() - start) / 1e9;
                rows.add(String.format(Locale.ROOT, "%s inference batch %5d: %8.3f ms/batch, %,12.0f boards/s", mode.label(), batch,
                        1e3 * s / calls, calls * batch / s));
            }
        }
        rows.addAll(latencies(ctx, net, w, boards, seconds, mode, mode == GemmMode.KERNELS));
        if (mode == GemmMode.KERNELS) {
            rows.addAll(latencies(ctx, net, w, boards, seconds, mode, false));
        }
        return rows;
    }

    /**
     * Evaluation latency p50/p99 of batches of 4 (a greedy move's afterstates), 64 and 1,024, and a
     * greedy move's, with small forwards replayed as CUDA graphs or not ({@code replay}).
     */
    private static List<String> latencies(CudaContext ctx, Network net, float[] w, long[] boards, double seconds, GemmMode mode,
            boolean replay) {
        List<String> rows = new ArrayList<>();
        String label = mode.label() + (mode != GemmMode.KERNELS ? "" : replay ? ", graphs" : ", no graphs");
        try (CudaEvaluator e = CudaEvaluator.create(ctx, net, w, "timing", 1024, mode, replay)) {
            double[] v = new double[1024];
            for (int batch : new int[] {4, 64, 1024}) {
                Histogram h = new Histogram(3);
                long end = System.nanoTime() + (long) (seconds * 1e9);
                int i = 0;
                while (System.nanoTime() < end) {
                    long a = System.nanoTime();
                    e.values(boards, batch, v);
                    h.recordValue(System.nanoTime() - a);
                    i++;
                }
                rows.add(String.format(Locale.ROOT, "%s latency batch %5d: p50 %8.1f us, p99 %8.1f us (%d calls)", label, batch,
                        h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3, i));
            }
            // A greedy move made one value() per legal afterstate, and as search.GreedyPlayer makes
            // it over a batch evaluator: the same afterstates in one values() call.
            Moves moves = Moves.of(Shape.S4x4);
            long[] after = new long[4];
            double[] av = new double[4];
            Histogram single = new Histogram(3);
            Histogram batched = new Histogram(3);
            long end = System.nanoTime() + (long) (seconds * 1e9);
            int i = 0;
            double sink = 0;
            while (System.nanoTime() < end) {
                long board = boards[i % boards.length];
                int legal = 0;
                for (int d = 0; d < 4; d++) {
                    long a = moves.move(board, d);
                    if (a != board) {
                        after[legal++] = a;
                    }
                }
                long a0 = System.nanoTime();
                for (int k = 0; k < legal; k++) {
                    sink += e.value(after[k]);
                }
                long a1 = System.nanoTime();
                if (legal > 0) {
                    e.values(after, legal, av);
                }
                long a2 = System.nanoTime();
                single.recordValue(a1 - a0);
                batched.recordValue(a2 - a1);
                i++;
            }
            rows.add(String.format(Locale.ROOT, "%s greedy move, one value() per afterstate: p50 %8.1f us, p99 %8.1f us", label,
                    single.getValueAtPercentile(50) / 1e3, single.getValueAtPercentile(99) / 1e3));
            rows.add(String.format(Locale.ROOT, "%s greedy move, afterstates in one values(): p50 %8.1f us, p99 %8.1f us (checksum %.3g)",
                    label, batched.getValueAtPercentile(50) / 1e3, batched.getValueAtPercentile(99) / 1e3, sink));
        }
        return rows;
    }

    /** The CPU reference's inference rate on one thread, for comparison. */
    static List<String> cpuTimings(NetSpec spec, double seconds) {
        List<String> rows = new ArrayList<>();
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, 1);
        long[] boards = SelfCheck.randomBoards(new Rng(7), 1024);
        Evaluator cpu = new NetworkEvaluator(net, w, "timing");
        double[] v = new double[1024];
        cpu.values(boards, 1024, v);
        long calls = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            cpu.values(boards, 1024, v);
            calls++;
        }
        double s = (System.nanoTime() - start) / 1e9;
        rows.add(String.format(Locale.ROOT, "cpu reference inference batch 1024, one thread: %,12.0f boards/s", calls * 1024 / s));
        return rows;
    }
}
