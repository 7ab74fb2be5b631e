package g2048.bench;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.GemmKernel;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.Optimiser;
import g2048.nn.ParallelGradient;
import g2048.nn.Workspace;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * CPU throughput of the policy networks in positions per second at batch 256: {@code forward}
 * (one thread, what greedy play and the held-out measure pay), {@code trainStep} (forward, backward
 * of the softmax cross-entropy and one Adam step: what {@code train policy}
 * does per batch, one thread) and {@code trainStepTwoThreads} (the same with the batch split over
 * two threads, {@code train policy}'s default), for each convolution kernel ({@code VECTOR}, the
 * register-blocked Vector API one {@code train policy} uses, and {@code SCALAR}, its fallback without
 * {@code --add-modules jdk.incubator.vector}). Boards are random mid-game-like positions with the
 * first legal move as target.
 *
 * <pre>
 *   bench/run-jmh.sh PolicyBench
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-modules",
        "jdk.incubator.vector", "-XX:+UseParallelGC"})
public class PolicyBench {

    static final int BATCH = 256;

    @Param({"POLICY5", "POLICY2"})
    public String arch;

    @Param({"VECTOR", "SCALAR"})
    public String kernel;

    private NetSpec spec;
    private Network net;
    private float[] weights;
    private float[] grad;
    private Adam adam;
    private Workspace forwardWs;
    private ParallelGradient oneThread;
    private ParallelGradient twoThreads;
    private Optimiser.Moves batch;
    private long[] boards;
    private int[] legal;
    private float[] targets;

    @Setup
    public void setup() {
        spec = Architectures.named(Head.POLICY, arch);
        net = new Network(spec, GemmKernel.valueOf(kernel));
        weights = Initializer.heNormal(spec, 1);
        grad = new float[weights.length];
        adam = new Adam(weights.length);
        forwardWs = net.workspace(64, false);
        oneThread = new ParallelGradient(net, 1, 32);
        twoThreads = new ParallelGradient(net, 2, 32);
        Rng rng = new Rng(7);
        Moves moves = Moves.of(Shape.S4x4);
        boards = new long[BATCH];
        legal = new int[BATCH];
        targets = new float[4 * BATCH];
        for (int i = 0; i < BATCH; i++) {
            long b;
            do {
                b = 0;
                for (int cell = 0; cell < 16; cell++) {
                    if (rng.nextInt(3) != 0) {
                        b = Board.withCode(b, cell, 1 + rng.nextInt(11));
                    }
                }
            } while (moves.legalMask(b) == 0);
            boards[i] = b;
            legal[i] = moves.legalMask(b);
            targets[4 * i + Integer.numberOfTrailingZeros(legal[i])] = 1f;
        }
        batch = new Optimiser.Moves(boards, legal, targets);
    }

    @TearDown
    public void tearDown() {
        oneThread.close();
        twoThreads.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public float forward() {
        for (int from = 0; from < BATCH; from += 64) {
            net.forward(weights, forwardWs, boards, from, 64);
        }
        return forwardWs.outputs()[0];
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public float trainStep() {
        oneThread.compute(weights, batch, 0, BATCH, grad);
        adam.step(weights, grad);
        return weights[0];
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public float trainStepTwoThreads() {
        twoThreads.compute(weights, batch, 0, BATCH, grad);
        adam.step(weights, grad);
        return weights[0];
    }
}
