package g2048.bench;

import g2048.eval.Evaluator;
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
 * The evaluator's single and batch calls on 4,096 afterstates of real games, in ns per afterstate.
 *
 * <pre>
 * ./g2048 build && JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 mvn -q -pl bench -am package -DskipTests
 * /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -jar bench/target/benchmarks.jar EvaluatorBench
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-exports",
        "java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:+UseParallelGC"})
public class EvaluatorBench {

    static final int N = 4096;

    @Param({"ntuple", "ntuple-int16", "lines"})
    public String evaluator;

    private Evaluator eval;
    private long[] boards;
    private double[] out;

    @Setup
    public void setup() {
        eval = BenchEvaluators.create(evaluator).forThread();
        boards = BenchEvaluators.afterstates(N, 42);
        out = new double[N];
    }

    /** One {@code value} call per afterstate. */
    @Benchmark
    @OperationsPerInvocation(N)
    public double single() {
        double sum = 0;
        for (long b : boards) {
            sum += eval.value(b);
        }
        return sum;
    }

    /** One {@code values} call for all 4,096 afterstates. */
    @Benchmark
    @OperationsPerInvocation(N)
    public double[] batch() {
        eval.values(boards, N, out);
        return out;
    }
}
