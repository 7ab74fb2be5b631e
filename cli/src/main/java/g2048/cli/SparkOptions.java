package g2048.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --engine local|spark} and the options of the Spark engine, for the commands that run on either
 * ({@code solve}, {@code tables build}); {@link #spark} checks them together.
 */
final class SparkOptions {

    @Option(names = "--engine", description = "local (default: this machine, --threads) or spark (the Spark module as a child"
            + " process, the same files; build it first: mvn -pl spark -am package -DskipTests).")
    String engine = "local";

    @Option(names = "--master", description = "With --engine spark: the Spark master URL (default local[2]; spark://HOST:7077 for a standalone cluster).")
    String master;

    @Option(names = "--partition-states", description = "With --engine spark: the states a partition of an age aims at (default 4,000,000).")
    Long partitionStates;

    @Option(names = "--metrics", description = "With --engine spark: write Spark's per-stage metrics (stages.tsv: times, shuffle bytes;"
            + " a solve also its per-age times, ages.tsv) into this directory.")
    Path metrics;

    @Option(names = "--scratch", description = "With --engine spark and a local master: where Spark keeps its shuffle and spill files"
            + " (default: the system's temporary directory); a killed run's are deleted by the next run.")
    Path scratch;

    /** True for spark, after {@link SparkEngine#chosen}'s checks against the command's {@code --threads}. */
    boolean spark(Integer threads) {
        return SparkEngine.chosen(engine, threads, master, partitionStates, metrics, scratch);
    }

    /** The master URL the child is given: {@code --master}, else {@code local[2]}. */
    String masterOrDefault() {
        return master == null ? "local[2]" : master;
    }
}
