package g2048.bench;

import g2048.game.Board;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Architectures;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * CPU throughput of the value networks at batch 1,024, one thread, in positions per second:
 * {@code forward} (evaluation), {@code trainStep} (forward, backward and one Adam step, what the
 * trainer does per batch) and {@code trainStepTwoThreads} (the same with the batch split over two
 * threads by {@link ParallelGradient}). Boards are random mid-game-like positions.
 *
 * <pre>
 *   ./g2048 build && JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 mvn -q -pl bench -am package -DskipTests
 *   /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -jar bench/target/benchmarks.jar CnnBench
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:+UseParallelGC"})
public class CnnBench {

    static final int BATCH = 1024;

    @Param({"CNN22", "CNN22SSS"})
    public String arch;

    private Network net;
    private float[] weights;
    private float[] grad;
    private Adam adam;
    private Workspace ws;
    private ParallelGradient twoThreads;
    private long[] boards;
    private float[] targets;

    @Setup
    public void setup() {
        net = new Network(Architectures.named(arch));
        weights = Initializer.truncatedNormal(net, 1);
        grad = new float[net.paramCount()];
        adam = new Adam(net.paramCount());
        ws = net.workspace(BATCH, true);
        twoThreads = new ParallelGradient(net, 2, BATCH);
        Rng rng = new Rng(7);
        boards = new long[BATCH];
        targets = new float[BATCH];
        for (int i = 0; i < BATCH; i++) {
            long b = 0;
            for (int cell = 0; cell < 16; cell++) {
                if (rng.nextInt(3) != 0) {
                    b = Board.withCode(b, cell, 1 + rng.nextInt(11));
                }
            }
            boards[i] = b;
            targets[i] = (float) (10000 * rng.nextDouble());
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public float forward() {
        net.forward(weights, ws, boards, BATCH);
        return ws.outputs()[0];
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public float trainStep() {
        java.util.Arrays.fill(grad, 0f);
        net.forward(weights, ws, boards, BATCH);
        net.backward(weights, ws, new Optimiser.Values(boards, targets, 0), 0, BATCH, 2f / BATCH, grad);
        adam.step(weights, grad);
        return weights[0];
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public float trainStepTwoThreads() {
        twoThreads.compute(weights, new Optimiser.Values(boards, targets, 0), 0, BATCH, grad);
        adam.step(weights, grad);
        return weights[0];
    }
}
