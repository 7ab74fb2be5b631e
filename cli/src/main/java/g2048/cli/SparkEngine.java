package g2048.cli;

import g2048.game.Shape;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the Spark solver or table build ({@code g2048.spark.SparkSolve}, {@code g2048.spark.SparkTables},
 * module {@code spark/}) as a child JVM, so that this jar stays free of Spark: its class path is the
 * module's jar and the dependency class path its build writes ({@code spark/target/classpath.txt}),
 * found beside this jar's module in the source tree. The child prints its per-age progress; its exit
 * code is returned. Its Spark binds loopback ({@code SPARK_LOCAL_IP} 127.0.0.1) unless the
 * environment names another address, as a driver on a cluster of other machines needs.
 */
final class SparkEngine {

    static final String JAR = "spark/target/g2048-spark.jar";
    static final String CLASSPATH = "spark/target/classpath.txt";
    static final String SOLVE = "g2048.spark.SparkSolve";
    static final String TABLES = "g2048.spark.SparkTables";
    /** What Spark's own launcher adds on JDK 17 and later, and the engine's flags. */
    private static final List<String> JVM_FLAGS = List.of("--enable-native-access=ALL-UNNAMED",
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
            "--add-opens=java.base/sun.security.action=ALL-UNNAMED", "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
            "-Dio.netty.tryReflectionSetAccessible=true", "-XX:+UseParallelGC");

    private SparkEngine() {
    }

    /**
     * Checks a command's {@code --engine} (local or spark) against the options that belong to one
     * engine only, one line of bad input each; true for spark.
     */
    static boolean chosen(String engine, Integer threads, String master, Long partitionStates, Path metrics, Path scratch) {
        if (!engine.equals("local") && !engine.equals("spark")) {
            throw new Errors.BadInput("--engine: '" + engine + "', expected local or spark");
        }
        boolean spark = engine.equals("spark");
        if (!spark && (master != null || partitionStates != null || metrics != null || scratch != null)) {
            throw new Errors.BadInput((master != null ? "--master" : partitionStates != null ? "--partition-states"
                    : metrics != null ? "--metrics" : "--scratch") + ": only with --engine spark");
        }
        if (spark && threads != null) {
            throw new Errors.BadInput("--threads: not with --engine spark (the master URL says how many cores, e.g. local[4])");
        }
        if (partitionStates != null && partitionStates < 1) {
            throw new Errors.BadInput("--partition-states: expected at least 1, got " + partitionStates);
        }
        if (spark && master != null && master.isBlank()) {
            throw new Errors.BadInput("--master: empty, expected a Spark master URL such as local[2] or spark://HOST:7077");
        }
        return spark;
    }

    /** The source tree this jar was built in ({@code cli/target/g2048.jar} → its root), or null when unknown. */
    static Path sourceRoot() {
        try {
            Path jar = Path.of(SparkEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path target = jar.getParent();
            return target == null || target.getParent() == null ? null : target.getParent().getParent();
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The command line of a solve's child; bad input (the module not built) as {@link Errors.BadInput}. */
    static List<String> command(Path root, Shape shape, Path out, String master, Long partitionStates, Integer maxAge,
                                Path metrics, Path scratch) throws IOException {
        List<String> args = new ArrayList<>(List.of("--shape", shape.name(), "--out", out.toAbsolutePath().toString()));
        if (maxAge != null) {
            args.addAll(List.of("--max-age", Integer.toString(maxAge)));
        }
        return command(root, SOLVE, args, master, partitionStates, metrics, scratch);
    }

    /** The command line of a table build's child ({@code formations} as the command line names them); as {@link #command}. */
    static List<String> tablesCommand(Path root, List<String> formations, List<Integer> targets, Path out, String master,
                                      Long partitionStates, Path metrics, Path scratch) throws IOException {
        List<String> args = new ArrayList<>(List.of("--formations", String.join(",", formations), "--targets",
                String.join(",", targets.stream().map(String::valueOf).toList()), "--out", out.toAbsolutePath().toString()));
        return command(root, TABLES, args, master, partitionStates, metrics, scratch);
    }

    /** The child running {@code main} with {@code args}, then the options every Spark command takes. */
    private static List<String> command(Path root, String main, List<String> args, String master, Long partitionStates,
                                        Path metrics, Path scratch) throws IOException {
        String hint = "build it with 'mvn -pl spark -am package -DskipTests' (JDK 25) in " + (root == null ? "the source tree" : root);
        if (root == null || !Files.isRegularFile(root.resolve(JAR)) || !Files.isRegularFile(root.resolve(CLASSPATH))) {
            throw new Errors.BadInput("--engine spark: the Spark module is not built (no " + (root == null ? JAR : root.resolve(JAR))
                    + " and " + CLASSPATH + "): " + hint);
        }
        String deps = Files.readString(root.resolve(CLASSPATH), StandardCharsets.UTF_8).strip();
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_FLAGS);
        String opts = System.getenv("G2048_JAVA_OPTS");
        if (opts != null && !opts.isBlank()) {
            cmd.addAll(List.of(opts.trim().split("\\s+")));
        }
        cmd.add("-cp");
        cmd.add(root.resolve(JAR) + java.io.File.pathSeparator + deps);
        cmd.add(main);
        cmd.addAll(args);
        cmd.addAll(List.of("--master", master));
        if (partitionStates != null) {
            cmd.addAll(List.of("--partition-states", Long.toString(partitionStates)));
        }
        if (metrics != null) {
            cmd.addAll(List.of("--metrics", metrics.toAbsolutePath().toString()));
        }
        if (scratch != null) {
            cmd.addAll(List.of("--scratch", scratch.toAbsolutePath().toString()));
        }
        return cmd;
    }

    /** Runs the child with this process's standard streams; returns its exit code. */
    static int run(List<String> command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().putIfAbsent("SPARK_LOCAL_IP", "127.0.0.1");
        Process p = builder.start();
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            return Errors.FAILURE;
        }
    }
}
