package g2048.bench;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.ntuple.Learner;
import g2048.ntuple.Method;
import g2048.ntuple.TupleSpec;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TupleNetwork;
import g2048.player.Player;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
 * The 4×6 n-tuple network's hot paths: one evaluation, one TD update (indices + add), one 1-ply
 * move choice, and whole TD-afterstate training games counted in moves.
 *
 * <p>Boards come from greedy games of the model under test, so the table accesses look like those
 * of real play. The model is {@code -p model=PATH} (default: the shipped model); a run without one
 * uses a fresh 4×6 network trained for {@code -p warmGames} games first.
 *
 * <pre>
 *   mvn -B -q -pl bench -am package -DskipTests
 *   $JAVA_HOME/bin/java -jar bench/target/benchmarks.jar NtupleBench          # one thread
 *   $JAVA_HOME/bin/java -jar bench/target/benchmarks.jar NtupleBench -t 2     # two threads sharing the tables
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class NtupleBench {

    private static final int POOL = 1 << 16;

    @Param("")
    public String model;

    @Param("3000")
    public int warmGames;

    /** Whether the tables are asked for transparent huge pages (madvise), to measure what that buys. */
    @Param({"true", "false"})
    public boolean hugePages;

    NtupleModel net;
    TupleNetwork table;
    final long[] afterstates = new long[POOL];
    final long[] states = new long[POOL];

    @Setup(Level.Trial)
    public void setUp() {
        System.setProperty("g2048.noHugePages", Boolean.toString(!hugePages));
        Path file = model.isEmpty() ? NtupleModels.defaultModelPath() : Path.of(model);
        if (Files.exists(file)) {
            net = NtupleModels.loadForTraining(file);
        } else {
            net = NtupleModel.create(TupleSpec.parse("4x6"), Shape.S4x4, Method.TD_AFTERSTATE, 1, 0.0025);
            Learner learner = Method.TD_AFTERSTATE.learner(net.network(), 0.0025f);
            Rng rng = new Rng(1);
            for (int g = 0; g < warmGames; g++) {
                rng.reseed(Rng.gameSeed(1, g));
                learner.play(rng, true);
            }
        }
        table = net.network();
        System.err.println("tables: " + (table.hugePages() ? "huge pages" : "4 KiB pages") + ", "
                + (table.rawAccess() ? "unchecked" : "checked") + " look-ups");
        if (table.hugePages() != hugePages) {
            throw new IllegalStateException("asked for huge pages " + hugePages + ", got " + table.hugePages());
        }
        // Collect states and afterstates from greedy games.
        Player policy = net.policy();
        Moves moves = Moves.of(Shape.S4x4);
        Rng rng = new Rng(7);
        int n = 0;
        while (n < POOL) {
            long s = Spawns.initial(Shape.S4x4, rng);
            int d;
            while (n < POOL && (d = policy.chooseMove(s)) >= 0) {
                long after = moves.move(s, d);
                states[n] = s;
                afterstates[n++] = after;
                s = Spawns.spawn(after, Shape.S4x4, rng);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        net.close();
    }

    /** Per-thread cursor and scratch. */
    @State(Scope.Thread)
    public static class Cursor {
        int i;
        final int[] entries = new int[64];
        Player policy;
        Learner learner;
        final Rng rng = new Rng(3);
        long game;

        @Setup(Level.Trial)
        public void setUp(NtupleBench b) {
            policy = b.net.policy();
            learner = Method.TD_AFTERSTATE.learner(b.table, 0.0025f);
            i = (int) Thread.currentThread().threadId() * 7919;
        }
    }

    /** Moves played by {@link #trainGame}, reported per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class MoveCounter {
        public long moves;
    }

    @Benchmark
    public float evaluate(Cursor c) {
        return table.value(0, afterstates[c.i++ & (POOL - 1)]);
    }

    /** One TD update of an afterstate: its 32 entries read, then each moved by a small delta. */
    @Benchmark
    public float tdUpdate(Cursor c) {
        float v = table.indices(0, afterstates[c.i++ & (POOL - 1)], c.entries);
        table.add(c.entries, 1e-6f);
        return v;
    }

    /** One 1-ply move choice: up to four afterstates evaluated. */
    @Benchmark
    public int onePlyMove(Cursor c) {
        return c.policy.chooseMove(states[c.i++ & (POOL - 1)]);
    }

    /** Whole TD-afterstate training games; the moves counter gives training moves per second. */
    @Benchmark
    @Warmup(iterations = 2, time = 5)
    @Measurement(iterations = 3, time = 10)
    public long trainGame(Cursor c, MoveCounter counter) {
        c.rng.reseed(Rng.gameSeed(99, c.game++));
        Learner.Outcome o = c.learner.play(c.rng, true);
        counter.moves += o.moves();
        return o.score();
    }
}
