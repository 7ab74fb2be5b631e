package g2048.bench;

import g2048.game.Moves;
import g2048.game.Shape;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Single-direction moves per second, one thread, over pre-generated realistic boards
 * ({@link BenchBoards}): one operation is one move of one board in one direction (afterstate
 * only). {@code legalMask} counts one operation per board (it tries all four directions);
 * {@code moveAndReward} one per board and direction, the afterstate plus the reward.
 *
 * <p>Run: {@code bench/run-jmh.sh MovesBench}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xmx2g"})
public class MovesBench {

    static final int BOARDS = 4096;

    @Param({"4x4"})
    public String shape;

    private Moves moves;
    private long[] boards;

    @Setup
    public void setup() {
        Shape s = Shape.parse(shape);
        moves = Moves.of(s);
        boards = BenchBoards.randomGameStates(s, BOARDS, 42);
    }

    @Benchmark
    @OperationsPerInvocation(BOARDS)
    public long left() {
        long acc = 0;
        for (long b : boards) {
            acc ^= moves.left(b);
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(BOARDS)
    public long right() {
        long acc = 0;
        for (long b : boards) {
            acc ^= moves.right(b);
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(BOARDS)
    public long up() {
        long acc = 0;
        for (long b : boards) {
            acc ^= moves.up(b);
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(BOARDS)
    public long down() {
        long acc = 0;
        for (long b : boards) {
            acc ^= moves.down(b);
        }
        return acc;
    }

    /** The four directions of every board through {@link Moves#move(long, int)}. */
    @Benchmark
    @OperationsPerInvocation(4 * BOARDS)
    public long anyDirection() {
        long acc = 0;
        for (long b : boards) {
            for (int d = 0; d < 4; d++) {
                acc ^= moves.move(b, d);
            }
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(4 * BOARDS)
    public long moveAndReward() {
        long acc = 0;
        for (long b : boards) {
            for (int d = 0; d < 4; d++) {
                acc ^= moves.move(b, d) + moves.reward(b, d);
            }
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(BOARDS)
    public int legalMask() {
        int acc = 0;
        for (long b : boards) {
            acc += moves.legalMask(b);
        }
        return acc;
    }
}
