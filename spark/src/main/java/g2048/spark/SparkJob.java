package g2048.spark;

import g2048.files.BadFileException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * What the Spark commands ({@link SparkSolve}, {@link SparkTables}) share: their exit codes (bad
 * input 2, a failure while running 1, each one line on standard error), option numbers, and the
 * Spark context they run in.
 */
final class SparkJob {

    /** A command's work, after its options are parsed. */
    @FunctionalInterface
    interface Body {
        void run() throws Exception;
    }

    private SparkJob() {
    }

    /** Runs {@code body}: 0, or one line on {@code err} and 2 for bad input (the options, a file), 1 for a failure. */
    static int exitCode(String command, Body body, PrintStream err) {
        try {
            body.run();
            return 0;
        } catch (IllegalArgumentException | BadFileException e) {
            err.println(command + ": " + oneLine(e.getMessage()));
            return 2;
        } catch (Exception e) {
            err.println(command + ": " + oneLine(String.valueOf(rootCause(e).getMessage())));
            if (System.getenv("G2048_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return 1;
        }
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static String oneLine(String s) {
        return s == null ? "failed" : s.replaceAll("\\s*\\R\\s*", " ");
    }

    /** An option's integer value in {@code min..max} (underscores allowed), else a one-line refusal. */
    static long number(String option, String v, long min, long max) {
        try {
            long n = Long.parseLong(v.replace("_", ""));
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + ": '" + v + "', expected an integer " + min + ".." + max);
    }

    /**
     * The options every Spark job's command line takes ({@code --master}, {@code --partition-states},
     * {@code --metrics}, {@code --scratch}), gathered while a job's parser reads its own.
     */
    static final class ClusterArgs {
        String master;
        long partitionStates = SparkSolve.DEFAULT_PARTITION_STATES;
        Path metrics;
        private Path scratch;

        /** Takes {@code option}'s {@code value} if it is one of these options; false for another option. */
        boolean take(String option, String value) {
            switch (option) {
                case "--master" -> master = value;
                case "--partition-states" -> partitionStates = number(option, value, 1, Long.MAX_VALUE);
                case "--metrics" -> metrics = Path.of(value);
                case "--scratch" -> scratch = Path.of(value);
                default -> {
                    return false;
                }
            }
            return true;
        }

        /** {@code --scratch}, else the system's temporary directory. */
        Path scratch() {
            return scratch == null ? Path.of(System.getProperty("java.io.tmpdir")) : scratch;
        }
    }

    /** A running Spark context, and the scratch space of a local one; closing stops the context, then deletes the scratch. */
    record Context(JavaSparkContext sc, LocalScratch scratch) implements AutoCloseable {

        /**
         * Starts a context: {@code master} (null: spark-submit's, else {@code local[2]}); a local one
         * listens on loopback only and keeps its shuffle files in its own subdirectory of {@code scratch}.
         */
        static Context start(String appName, String master, Path scratch, PrintStream out) throws IOException {
            SparkConf conf = new SparkConf().setAppName(appName);
            if (master != null) {
                conf.setMaster(master);
            } else if (!conf.contains("spark.master")) {
                conf.setMaster("local[2]");
            }
            boolean local = conf.get("spark.master").startsWith("local");
            if (local) {
                // a local run serves nothing to other machines: its driver listens on loopback only
                // (left alone, Spark binds the address of the first network interface)
                conf.setIfMissing("spark.driver.host", "127.0.0.1");
                conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
            }
            Path ownScratch = null;
            if (local && !conf.contains("spark.local.dir")) {
                ownScratch = LocalScratch.claim(scratch, out);
                conf.set("spark.local.dir", ownScratch.toString());
                // Spark keeps the first context's local directories for the JVM's life: a later job in the same
                // JVM would write into an earlier job's scratch (deleted, so made again) instead of its own
                org.apache.spark.util.Utils$.MODULE$.clearLocalRootDirs();
            }
            conf.setIfMissing("spark.ui.enabled", "false");
            conf.setIfMissing("spark.ui.showConsoleProgress", "false");
            // a task reads its inputs from the shared file system or the shuffle: waiting for a preferred executor gains little
            conf.setIfMissing("spark.locality.wait", "0s");
            LocalScratch own = new LocalScratch(ownScratch);
            try {
                JavaSparkContext sc = new JavaSparkContext(conf);
                sc.setLogLevel("WARN");
                return new Context(sc, own);
            } catch (RuntimeException e) {
                own.close();
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            // the context stops first (it deletes its own files), then the scratch directory goes
            try {
                sc.close();
            } finally {
                scratch.close();
                // and no later context in this JVM inherits it (see start)
                org.apache.spark.util.Utils$.MODULE$.clearLocalRootDirs();
            }
        }
    }
}
