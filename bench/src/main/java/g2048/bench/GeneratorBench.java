package g2048.bench;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Shape;
import g2048.nn.Architectures;
import g2048.train.cnn.Batching;
import g2048.train.cnn.Generator;
import g2048.train.cnn.JumpStart;
import g2048.train.cnn.PositionChunk;
import g2048.train.cnn.PositionHandoff;
import g2048.train.cnn.SymmetryMode;
import g2048.train.cnn.TrainConfig;
import g2048.train.cnn.TrainingStats;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one training generator thread costs apart from the network: a {@link Generator} in the
 * training's default configuration (batch1K, simple symmetry, restart, S-jump) whose values come
 * from the hand-made line evaluator (about 8 ns a board, so the games stay real games) instead of
 * a network, drained by the benchmark thread as a trainer would. The score, {@code positions}, is
 * the (afterstate, target) pairs it sends per second: the ceiling of one generator of
 * {@code train cnn} when the network's values cost nothing, to set beside the positions/s a
 * training run reports with the network on the GPU.
 *
 * <pre>
 *   bench/run-jmh.sh GeneratorBench
 *   bench/run-jmh.sh GeneratorBench -p lanes=16 -p batching=batch1K,game
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:+UseParallelGC"})
public class GeneratorBench {

    /** Games the generator plays at once (the training's --lanes). */
    @Param({"16", "512"})
    public int lanes;

    /** How positions are batched (the training's --batching): {@code game} sends each game whole. */
    @Param({"batch1K"})
    public String batching;

    private PositionHandoff handoff;
    private final AtomicBoolean stop = new AtomicBoolean();
    private Thread thread;

    /** The positions drained, counted by JMH as its operations. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Drained {
        public long positions;

        @Setup(Level.Iteration)
        public void reset() {
            positions = 0;
        }
    }

    @Setup(Level.Trial)
    public void start() {
        TrainConfig config = new TrainConfig(Architectures.named("CNN22"), Long.MAX_VALUE, Batching.parse(batching),
                SymmetryMode.SIMPLE, false, true, JumpStart.S_JUMP, 1, lanes, 256, 1);
        // 8 chunks in flight, besides the one chunk per lane that game batching holds while each game is played.
        int held = config.batching().mode() == Batching.Mode.GAME ? Generator.chunksHeld(config) : 0;
        handoff = new PositionHandoff(1, held + 8, Generator.chunkCapacity(config));
        Generator generator = new Generator(0, config, new LineHeuristicEvaluator(Shape.S4x4), handoff, new TrainingStats(0, 0), stop::get);
        thread = new Thread(generator, "generator");
        thread.start();
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        stop.set(true);
        // Hand every chunk back so that a generator waiting for a free one sees the stop.
        PositionChunk c;
        while ((c = handoff.poll()) != null) {
            handoff.recycle(c);
        }
        thread.join();
    }

    /** Takes one chunk off the queue (or spins once if none is there) and hands it back. */
    @Benchmark
    public int drain(Drained drained) {
        PositionChunk c = handoff.poll();
        if (c == null) {
            Thread.onSpinWait();
            return 0;
        }
        int n = c.positions();
        drained.positions += n;
        handoff.recycle(c);
        return n;
    }
}
