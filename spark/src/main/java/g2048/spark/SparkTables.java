package g2048.spark;

import g2048.solver.PartitionedAge;
import g2048.tables.Formation;
import g2048.tables.RegionGame;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Builds endgame tables on Spark into a tables directory on any Hadoop file system, every formation
 * for every target, each file ({@code NAME-TARGET.g2et}) byte for byte the one {@code g2048 tables
 * build} writes on one machine:
 * <pre>
 *   spark-submit --class g2048.spark.SparkTables --jars ENGINE_JAR spark/target/g2048-spark.jar --formations 442 --targets 512 --out DIR
 *   java -cp "spark/target/g2048-spark.jar:$(cat spark/target/classpath.txt)" g2048.spark.SparkTables --formations 442x --targets 64 --out DIR
 * </pre>
 * Options: {@code --formations F,...} (named, or {@code NAME=PICTURE}; default {@value Formation#DEFAULT_FORMATIONS}),
 * {@code --targets T,...} (default {@value Formation#DEFAULT_TARGETS}), {@code --out DIR} (a path or a URI,
 * created; an unfinished build there resumes), {@code --master URL} (default: spark-submit's, else
 * {@code local[2]}), {@code --partition-states N} (states a partition aims at, default 4,000,000),
 * {@code --metrics DIR} (write Spark's {@code stages.tsv} there), {@code --scratch DIR} (as
 * {@link SparkSolve}'s). A table already in the directory is kept. Progress, one line an age, goes
 * to standard error; bad input is one line there and exit code 2, a failure while running exit code 1.
 */
public final class SparkTables {

    private static final String COMMAND = "g2048 tables build --engine spark";

    private SparkTables() {
    }

    /** The parsed command line. */
    record Options(List<RegionGame> games, String out, String master, long partitionStates, Path metrics, Path scratch) {
    }

    public static void main(String[] args) {
        // progress on standard error, as every command's: standard output stays for the caller's results
        System.exit(run(args, System.err, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return SparkJob.exitCode(COMMAND, () -> build(parse(args), out), err);
    }

    static Options parse(String[] args) {
        String formations = Formation.DEFAULT_FORMATIONS;
        String targets = Formation.DEFAULT_TARGETS;
        String out = null;
        SparkJob.ClusterArgs cluster = new SparkJob.ClusterArgs();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + ": expected a value after it");
            }
            String v = args[++i];
            switch (a) {
                case "--formations" -> formations = v;
                case "--targets" -> targets = v;
                case "--out" -> out = v;
                default -> {
                    if (!cluster.take(a, v)) {
                        throw new IllegalArgumentException("unknown option '" + a
                                + "', expected --formations, --targets, --out, --master, --partition-states, --metrics or --scratch");
                    }
                }
            }
        }
        if (out == null) {
            throw new IllegalArgumentException("--out: missing, expected the tables directory (a path or a URI)");
        }
        List<RegionGame> games = new ArrayList<>();
        for (String f : formations.split(",", -1)) {
            Formation formation;
            try {
                formation = Formation.parse(f);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--formations: " + e.getMessage(), e);
            }
            for (String t : targets.split(",", -1)) {
                try {
                    games.add(new RegionGame(formation, (int) SparkJob.number("target", t, 8, 16384)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("--targets: " + e.getMessage(), e);
                }
            }
        }
        return new Options(games, out, cluster.master, cluster.partitionStates, cluster.metrics, cluster.scratch());
    }

    private static void build(Options o, PrintStream out) throws IOException {
        StageMetrics metrics = new StageMetrics();
        long t0 = System.nanoTime();
        try (SparkJob.Context context = SparkJob.Context.start("g2048 tables build", o.master(), o.scratch(), out)) {
            JavaSparkContext sc = context.sc();
            sc.sc().addSparkListener(metrics);
            Store dir = new Store(o.out(), sc.hadoopConfiguration());
            out.printf(Locale.ROOT, "spark tables build into %s on %s (%d executor cores)%n", o.out(), sc.master(), sc.defaultParallelism());
            for (RegionGame g : o.games()) {
                long t1 = System.nanoTime();
                String name = g.formation().name() + "-" + g.target();
                new TableCluster(sc, dir, g, o.partitionStates()).run(new TableCluster.Progress() {
                    @Override
                    public void forwardAge(PartitionedAge age, double seconds) {
                        out.printf(Locale.ROOT, "tables %s forward age %d: %,d states, %,d afterstates, %d partitions, %.1f s%n", name,
                                age.age(), age.totalStates(), age.totalAfters(), age.parts(), seconds);
                    }

                    @Override
                    public void backwardAge(int age, int parts, long statesDone, long statesTotal, double seconds) {
                        out.printf(Locale.ROOT, "tables %s backward age %d: %,d of %,d states, %d partitions, %.1f s%n", name, age,
                                statesDone, statesTotal, parts, seconds);
                    }

                    @Override
                    public void swept(int files, long bytes) {
                        out.printf(Locale.ROOT, "tables %s resuming: deleted %,d file(s), %,d bytes, left by an interrupted run%n", name,
                                files, bytes);
                    }
                });
                out.printf(Locale.ROOT, "tables %s: built in %.1f s%n", name, (System.nanoTime() - t1) / 1e9);
            }
        }
        out.printf(Locale.ROOT, "spark tables build: %d table(s) in %.1f s%n", o.games().size(), (System.nanoTime() - t0) / 1e9);
        if (o.metrics() != null) {
            Files.createDirectories(o.metrics());
            metrics.write(o.metrics().resolve("stages.tsv"));
        }
    }
}
