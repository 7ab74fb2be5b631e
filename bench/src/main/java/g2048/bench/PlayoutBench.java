package g2048.bench;

import g2048.game.Moves;
import g2048.game.RandomPlayout;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
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
 * Random-playout moves per second, one thread: games played with a uniformly random legal move
 * ({@link RandomPlayout}, and the same loop over the public move API), the reward added up and a tile spawned after every move, a new
 * game started whenever one ends. One operation is one move (its choice, slide, reward and spawn).
 *
 * <p>Run: {@code bench/run-jmh.sh PlayoutBench}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "-Xmx2g"})
public class PlayoutBench {

    static final int MOVES = 1 << 16;

    @Param({"4x4"})
    public String shape;

    private Shape s;
    private Moves moves;
    private long cellMask;
    private Rng rng;
    private long board;
    private long score;
    private RandomPlayout playout;

    @Setup
    public void setup() {
        s = Shape.parse(shape);
        moves = Moves.of(s);
        cellMask = s.cellMask();
        rng = new Rng(7);
        board = Spawns.initial(s, rng);
        playout = new RandomPlayout(s, new Rng(7));
    }

    /** The engine's playout loop, {@link RandomPlayout#step()}. */
    @Benchmark
    @OperationsPerInvocation(MOVES)
    public long randomPlayout() {
        RandomPlayout p = playout;
        for (int i = 0; i < MOVES; i++) {
            while (!p.step()) { // game over: start the next one; starting is not counted as a move
                p.newGame();
            }
        }
        return p.score();
    }

    /** The same loop written with the public move API: randomLegalMove, reward, move, spawn. */
    @Benchmark
    @OperationsPerInvocation(MOVES)
    public long randomPlayoutByMoveApi() {
        long b = board;
        long sc = score;
        for (int i = 0; i < MOVES; i++) {
            int d = moves.randomLegalMove(b, rng);
            while (d < 0) { // game over: start the next one; starting is not counted as a move
                b = Spawns.initial(s, rng);
                sc = 0;
                d = moves.randomLegalMove(b, rng);
            }
            sc += moves.reward(b, d);
            b = Spawns.spawn(moves.move(b, d), cellMask, rng);
        }
        board = b;
        score = sc;
        return sc;
    }
}
