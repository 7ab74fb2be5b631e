package g2048.cuda.check;

import static g2048.cuda.SelfCheck.randomBoards;

import g2048.cuda.CudaContext;
import g2048.cuda.CudaTrainer;
import g2048.cuda.GemmMode;
import g2048.cuda.Geometry;
import g2048.cuda.check.CudaConformance.Outcome;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.CpuBackend;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.nn.Optimiser;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.Workspace;
import g2048.nn.SoftmaxCrossEntropy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The policy networks' GPU path judged by the CPU reference ({@link g2048.nn.Network},
 * {@link CpuBackend}): a pass's logits, probabilities, loss and each layer's gradient block,
 * and whole Adam steps, on seeded random boards, legal-move masks and hard and soft targets, small
 * widths with each GEMM tile and POLICY2 … POLICY5 at full width. Norm-wise errors held to
 * {@link GemmMode#FP32_TOLERANCE} (the policy path uses the kernels' fp32 products only). Part of
 * {@link CudaConformance#all} with the kernels' products, so {@code g2048 gpu-check} runs it.
 */
public final class PolicyConformance {

    /** Small widths: one convolution (no input gradient but the dense layer's), and three of odd width. */
    public static List<NetSpec> smallArchitectures() {
        return List.of(NetSpec.policy("policy-1x24", 1, 24), NetSpec.policy("policy-3x40", 3, 40), NetSpec.policy("policy-2x7", 2, 7));
    }

    private final CudaContext ctx;

    public PolicyConformance(CudaContext ctx) {
        this.ctx = ctx;
    }

    /** Every check: small widths with each tile (passes and steps), then the four architectures at full width. */
    public List<Outcome> all(long seed) {
        List<Outcome> out = new ArrayList<>();
        for (NetSpec spec : smallArchitectures()) {
            for (Geometry.Tile tile : Geometry.Tile.values()) {
                out.addAll(pass(spec, tile, seed, 150));
                out.add(steps(spec, tile, seed, 64, 3, 24));
            }
        }
        for (String name : Architectures.names(Head.POLICY)) {
            NetSpec spec = Architectures.named(Head.POLICY, name);
            out.addAll(pass(spec, null, seed, 256));
            // the dense layer's forward by the skinny kernel
            out.addAll(pass(spec, null, seed, 4));
        }
        out.add(steps(Architectures.named(Head.POLICY, "POLICY5"), null, seed, 256, 2, 1024));
        return out;
    }

    /**
     * Random boards, legal masks (three moves, none, all, then random ones) and targets (one-hot or
     * soft over the legal moves); the emulation tests use the same batches.
     */
    public record Batch(long[] boards, int[] legal, float[] targets) {

        /** The batch as an optimiser steps on it. */
        public Optimiser.Moves moves() {
            return new Optimiser.Moves(boards, legal, targets);
        }

        public static Batch random(Rng rng, int n) {
            long[] boards = randomBoards(rng, n);
            int[] legal = new int[n];
            float[] targets = new float[4 * n];
            for (int s = 0; s < n; s++) {
                legal[s] = s == 0 ? 0b1101 : s == 1 ? 0 : s == 2 ? 15 : rng.nextInt(16);
                int moves = Integer.bitCount(legal[s]);
                if (moves == 0) {
                    continue;
                }
                boolean soft = rng.nextInt(2) == 0;
                int hard = rng.nextInt(moves);
                float total = 0;
                for (int m = 0, seen = 0; m < 4; m++) {
                    if ((legal[s] >>> m & 1) != 0) {
                        float t = soft ? (float) rng.nextDouble() + 0.01f : seen == hard ? 1f : 0f;
                        targets[4 * s + m] = t;
                        total += t;
                        seen++;
                    }
                }
                for (int m = 0; m < 4; m++) {
                    targets[4 * s + m] /= total;
                }
            }
            return new Batch(boards, legal, targets);
        }
    }

    /** He-scaled weights with noise on every parameter, the biases included (fresh ones are zero). */
    public static float[] weights(NetSpec spec, long seed) {
        float[] w = Initializer.heNormal(spec, seed);
        Rng rng = new Rng(seed + 1);
        for (int i = 0; i < w.length; i++) {
            w[i] += (float) (0.05 * rng.nextGaussian());
        }
        return w;
    }

    /**
     * One forward and backward of n positions in one slice: logits, probabilities, loss and each
     * layer's gradient blocks, judged on inputs the reference can vouch for ({@link RoundingScreen}).
     */
    public List<Outcome> pass(NetSpec spec, Geometry.Tile tile, long seed, int n) {
        String at = spec.name() + " n=" + n + " " + tileName(tile);
        List<String> names = new ArrayList<>(List.of(at + " logits", at + " probabilities", at + " loss"));
        for (Block k : blocks(spec)) {
            names.add(at + " gradient, " + k.name());
        }
        return RoundingScreen.judged(seed, names, GemmMode.FP32_TOLERANCE, new RoundingScreen.Comparison() {
            @Override
            public float[][] reference(long s, int ulps) {
                return passOnCpu(spec, s, n, ulps);
            }

            @Override
            public float[][] gpu(long s) {
                return passOnGpu(spec, tile, s, n);
            }
        });
    }

    static float[][] passOnCpu(NetSpec spec, long seed, int n, int ulps) {
        float[] w = RoundingScreen.nudged(weights(spec, seed), ulps);
        Batch b = Batch.random(new Rng(seed + 2), n);
        Network net = new Network(spec);
        Workspace ws = net.workspace(n, true);
        net.forward(w, ws, b.boards(), 0, n);
        float[] logits = Arrays.copyOf(ws.outputs(), 4 * n);
        float[] probs = new float[4 * n];
        double[] p = new double[4];
        for (int s = 0; s < n; s++) {
            SoftmaxCrossEntropy.probabilities(logits, 4 * s, b.legal()[s], p);
            for (int m = 0; m < 4; m++) {
                probs[4 * s + m] = (float) p[m];
            }
        }
        float[] grad = new float[w.length];
        double loss = net.backward(w, ws, new Optimiser.Moves(b.boards(), b.legal(), b.targets()), 0, n, 1f / n, grad);
        return passArrays(spec, logits, probs, loss, grad);
    }

    private float[][] passOnGpu(NetSpec spec, Geometry.Tile tile, long seed, int n) {
        float[] w = weights(spec, seed);
        Batch b = Batch.random(new Rng(seed + 2), n);
        float[] logits = new float[4 * n];
        float[] probs = new float[4 * n];
        float[] grad = new float[w.length];
        double loss;
        try (Geometry.Forced forced = Geometry.force(tile);
                CudaTrainer<Optimiser.Moves> t = new CudaTrainer<>(ctx, spec, w, new Adam(w.length), Adam.ALPHA, Adam.BETA1, Adam.BETA2, Adam.EPSILON, n,
                        GemmMode.KERNELS)) {
            loss = t.gradient(b.moves(), 0, n);
            t.pass().outputs(logits);
            t.pass().probabilities(probs);
            t.gradient(grad);
        }
        return passArrays(spec, logits, probs, loss, grad);
    }

    // In the order of pass's names: a block's error is not hidden by a larger one's scale.
    private static float[][] passArrays(NetSpec spec, float[] logits, float[] probs, double loss, float[] grad) {
        List<float[]> out = new ArrayList<>(List.of(logits, probs, new float[] {(float) loss}));
        for (Block k : blocks(spec)) {
            out.add(Arrays.copyOfRange(grad, k.from(), k.to()));
        }
        return out.toArray(float[][]::new);
    }

    /**
     * {@code steps} Adam steps of n positions in slices of {@code slice} against the CPU device:
     * parameters and moments after, judged as {@link #pass} is.
     */
    public Outcome steps(NetSpec spec, Geometry.Tile tile, long seed, int n, int steps, int slice) {
        String name = spec.name() + " " + steps + " Adam steps n=" + n + " in slices of " + slice + " (w, m, v) " + tileName(tile);
        return RoundingScreen.worst(RoundingScreen.judged(seed, List.of(name, name, name), GemmMode.FP32_TOLERANCE,
                new RoundingScreen.Comparison() {
                    @Override
                    public float[][] reference(long s, int ulps) {
                        float[] w = RoundingScreen.nudged(weights(spec, s), ulps);
                        Adam adam = new Adam(w.length);
                        Rng rng = new Rng(s + 3);
                        try (Optimiser<Optimiser.Moves> cpu = new CpuBackend().policyTraining(spec, w, adam, n, 1)) {
                            for (int i = 0; i < steps; i++) {
                                Batch b = Batch.random(rng, n);
                                cpu.step(b.moves(), 0, n);
                            }
                        }
                        return new float[][] {w, adam.firstMoments(), adam.secondMoments()};
                    }

                    @Override
                    public float[][] gpu(long s) {
                        float[] w0 = weights(spec, s);
                        Rng rng = new Rng(s + 3);
                        float[] w = new float[w0.length];
                        Adam adam;
                        try (Geometry.Forced forced = Geometry.force(tile);
                                CudaTrainer<Optimiser.Moves> t = new CudaTrainer<>(ctx, spec, w0, new Adam(w0.length), Adam.ALPHA, Adam.BETA1, Adam.BETA2,
                                        Adam.EPSILON, slice, GemmMode.KERNELS)) {
                            for (int i = 0; i < steps; i++) {
                                Batch b = Batch.random(rng, n);
                                t.step(b.moves(), 0, n);
                            }
                            t.weights(w);
                            adam = t.adam();
                        }
                        return new float[][] {w, adam.firstMoments(), adam.secondMoments()};
                    }
                }));
    }

    private static String tileName(Geometry.Tile tile) {
        return tile == null ? "(tile by size)" : "(" + tile.suffix + " tile)";
    }

    /** A layer's weights or biases in the flat parameters. */
    public record Block(String name, int from, int to) {
    }

    /** Each layer's weights and biases as their own block, so that a small block's error is not hidden by a large one's scale. */
    public static List<Block> blocks(NetSpec spec) {
        List<Block> out = new ArrayList<>();
        int ch = spec.channels();
        for (int l = 0; l < spec.convs(); l++) {
            int off = spec.layerOffset(l);
            int weights = NetSpec.TAPS * spec.inChannels(l) * ch;
            out.add(new Block("conv " + l + " weights", off, off + weights));
            out.add(new Block("conv " + l + " biases", off + weights, off + weights + ch));
        }
        int off = spec.lastLayerOffset();
        int weights = NetSpec.CELLS * ch * NetSpec.MOVES;
        out.add(new Block("dense weights", off, off + weights));
        out.add(new Block("dense biases", off + weights, off + weights + NetSpec.MOVES));
        return out;
    }
}
