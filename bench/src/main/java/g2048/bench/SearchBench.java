package g2048.bench;

import g2048.search.Expectimax;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
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
 * Expectimax per move on 64 positions of real games, in µs per move, by depth, table and leaf mode.
 *
 * <pre>
 * /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -jar bench/target/benchmarks.jar SearchBench -p depth=2,3
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-exports",
        "java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:+UseParallelGC"})
public class SearchBench {

    static final int N = 64;

    @Param({"ntuple", "ntuple-int16", "lines"})
    public String evaluator;

    @Param({"1", "2", "3"})
    public int depth;

    /** {@code none}, {@code chance} (chance nodes in the table) or {@code leaves} (leaves too: the default). */
    @Param({"none", "chance", "leaves"})
    public String table;

    @Param({"false"})
    public boolean batched;

    private Expectimax search;
    private long[] positions;
    private final SearchResult result = new SearchResult();

    @Setup
    public void setup() {
        SearchConfig c = SearchConfig.ofDepth(depth).withBatchedLeaves(batched);
        c = switch (table) {
            case "none" -> c.withTable(0, false);
            case "chance" -> c.withTable(SearchConfig.DEFAULT_TT_LOG2_SLOTS, false);
            case "leaves" -> c.withTable(SearchConfig.DEFAULT_TT_LOG2_SLOTS, true);
            default -> throw new IllegalArgumentException("table '" + table + "': expected none, chance or leaves");
        };
        search = new Expectimax(BenchEvaluators.create(evaluator).forThread(), c);
        positions = BenchEvaluators.positions(N, 7);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public int move() {
        int sum = 0;
        for (long p : positions) {
            search.search(p, result);
            sum += result.best();
        }
        return sum;
    }
}
