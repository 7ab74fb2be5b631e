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
 * Runs the Spark solver ({@code g2048.spark.SparkSolve}, module {@code spark/}) as a child JVM, so
 * that this jar stays free of Spark: its class path is the module's jar and the dependency class
 * path its build writes ({@code spark/target/classpath.txt}), found beside this jar's module in the
 * source tree. The child prints its per-age progress; its exit code is returned.
 */
final class SparkEngine {

    static final String JAR = "spark/target/g2048-spark.jar";
    static final String CLASSPATH = "spark/target/classpath.txt";
    private static final String MAIN = "g2048.spark.SparkSolve";
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

    /** The child's command line; bad input (the module not built) as {@link Errors.BadInput}. */
    static List<String> command(Path root, Shape shape, Path out, String master, Long partitionStates, Integer maxAge,
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
        cmd.add(MAIN);
        cmd.addAll(List.of("--shape", shape.name(), "--out", out.toAbsolutePath().toString(), "--master", master));
        if (partitionStates != null) {
            cmd.addAll(List.of("--partition-states", Long.toString(partitionStates)));
        }
        if (maxAge != null) {
            cmd.addAll(List.of("--max-age", Integer.toString(maxAge)));
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
        Process p = new ProcessBuilder(command).inheritIO().start();
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            return Errors.FAILURE;
        }
    }
}
