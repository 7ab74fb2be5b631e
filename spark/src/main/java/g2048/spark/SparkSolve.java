package g2048.spark;

import g2048.game.Shape;
import g2048.solver.PartitionedAge;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Solves a small board exactly on Spark into a solution directory on any Hadoop file system:
 * <pre>
 *   spark-submit --class g2048.spark.SparkSolve --jars ENGINE_JAR spark/target/g2048-spark.jar --shape 3x3 --out DIR
 *   java -cp "spark/target/g2048-spark.jar:$(cat spark/target/classpath.txt)" g2048.spark.SparkSolve --shape 3x3 --out DIR
 * </pre>
 * Options: {@code --shape RxC} (at most 12 cells), {@code --out DIR} (a path or a URI, created;
 * an unfinished solve there resumes), {@code --master URL} (default: spark-submit's, else
 * {@code local[2]}), {@code --partition-states N} (states a partition aims at, default 4,000,000),
 * {@code --max-age A} (stop the forward pass after age A), {@code --metrics DIR} (write
 * {@code stages.tsv} and {@code ages.tsv} there), {@code --scratch DIR} (with a {@code local} master
 * and no {@code spark.local.dir}: where Spark keeps its shuffle and spill files, in a subdirectory of
 * this run's own; default the system's temporary directory). A resumed run first deletes what an
 * interrupted one left: its temporary and half-written solution files, and its scratch subdirectory.
 * Progress, one line an age, goes to standard error.
 * Bad input is one line on standard error and exit code 2; a failure while running, exit code 1.
 */
public final class SparkSolve {

    static final long DEFAULT_PARTITION_STATES = 4_000_000;

    private SparkSolve() {
    }

    /** The parsed command line. */
    record Options(Shape shape, String out, String master, long partitionStates, int maxAge, Path metrics, Path scratch) {
    }

    public static void main(String[] args) {
        // progress on standard error, as every command's: standard output stays for the caller's results
        System.exit(run(args, System.err, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return SparkJob.exitCode("g2048 solve --engine spark", () -> solve(parse(args), out), err);
    }

    static Options parse(String[] args) {
        Shape shape = null;
        String out = null;
        int maxAge = 0;
        SparkJob.ClusterArgs cluster = new SparkJob.ClusterArgs();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + ": expected a value after it");
            }
            String v = args[++i];
            switch (a) {
                case "--shape" -> {
                    try {
                        shape = Shape.parse(v);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("--shape: '" + v + "', expected RxC, e.g. 3x3");
                    }
                    if (shape.cells() > 12) {
                        throw new IllegalArgumentException("--shape: " + shape + " has " + shape.cells()
                                + " cells, expected at most 12 (2x2 .. 4x3)");
                    }
                }
                case "--out" -> out = v;
                case "--max-age" -> {
                    maxAge = (int) SparkJob.number(a, v, Manifest4.FIRST_AGE, 1 << 20);
                    if (maxAge % 2 != 0) {
                        throw new IllegalArgumentException("--max-age: expected an even age of at least 4, got " + v);
                    }
                }
                default -> {
                    if (!cluster.take(a, v)) {
                        throw new IllegalArgumentException("unknown option '" + a
                                + "', expected --shape, --out, --master, --partition-states, --max-age, --metrics or --scratch");
                    }
                }
            }
        }
        if (shape == null) {
            throw new IllegalArgumentException("--shape: missing, expected RxC, e.g. 3x3");
        }
        if (out == null) {
            throw new IllegalArgumentException("--out: missing, expected the solution directory (a path or a URI)");
        }
        return new Options(shape, out, cluster.master, cluster.partitionStates, maxAge, cluster.metrics, cluster.scratch());
    }

    /** The first age of a state, without the engine's manifest class in the option parser. */
    private static final class Manifest4 {
        static final int FIRST_AGE = g2048.solver.Manifest.FIRST_AGE;
    }

    private static void solve(Options o, PrintStream out) throws IOException {
        StageMetrics metrics = new StageMetrics();
        List<String> ages = new ArrayList<>();
        long t0 = System.nanoTime();
        ClusterSolver.Outcome outcome;
        try (SparkJob.Context context = SparkJob.Context.start("g2048 solve " + o.shape(), o.master(), o.scratch(), out)) {
            JavaSparkContext sc = context.sc();
            sc.sc().addSparkListener(metrics);
            Store store = new Store(o.out(), sc.hadoopConfiguration());
            out.printf(Locale.ROOT, "spark solve %s into %s on %s (%d executor cores)%n", o.shape(), o.out(), sc.master(),
                    sc.defaultParallelism());
            outcome = new ClusterSolver(sc, store, o.shape(), o.partitionStates(), o.maxAge()).run(new ClusterSolver.Progress() {
                @Override
                public void forwardAge(PartitionedAge age, double seconds) {
                    String line = String.format(Locale.ROOT, "forward\t%d\t%d\t%d\t%d\t%d\t%.3f", age.age(), age.totalStates(),
                            age.totalAfters(), age.totalTerminal(), age.parts(), seconds);
                    ages.add(line);
                    out.printf(Locale.ROOT, "forward age %d: %,d states, %,d afterstates, %,d terminal, %d partitions, %.1f s%n",
                            age.age(), age.totalStates(), age.totalAfters(), age.totalTerminal(), age.parts(), seconds);
                }

                @Override
                public void swept(int files, long bytes) {
                    out.printf(Locale.ROOT, "resuming: deleted %,d file(s), %,d bytes, left by an interrupted run%n", files, bytes);
                }

                @Override
                public void backwardAge(int age, int parts, double best, double seconds) {
                    ages.add(String.format(Locale.ROOT, "backward\t%d\t\t\t\t%d\t%.3f", age, parts, seconds));
                    out.printf(Locale.ROOT, "backward age %d: best afterstate value %.4f, %d partitions, %.1f s%n", age, best, parts,
                            seconds);
                }
            });
        }
        out.printf(Locale.ROOT, "spark solve %s: %s in %.1f s%n", o.shape(),
                outcome == ClusterSolver.Outcome.SOLVED ? "solved" : "forward pass only (--max-age)", (System.nanoTime() - t0) / 1e9);
        if (o.metrics() != null) {
            Files.createDirectories(o.metrics());
            metrics.write(o.metrics().resolve("stages.tsv"));
            g2048.files.AtomicFile.writeString(o.metrics().resolve("ages.tsv"),
                    "pass\tage\tstates\tafterstates\tterminal\tpartitions\tseconds\n" + String.join("\n", ages) + "\n");
        }
    }
}
