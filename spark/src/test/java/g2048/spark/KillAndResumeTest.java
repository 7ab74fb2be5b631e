package g2048.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import g2048.game.Shape;
import g2048.solver.Manifest;
import g2048.solver.PartitionedAge;
import g2048.solver.Solver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Spark solve killed with SIGKILL (no shutdown hook runs) in its forward pass, started again and
 * killed in its backward pass, then resumed to the end: the same solution as the single machine's,
 * with nothing of the killed runs left (their temporary and half-written files, their scratch
 * directories of shuffle files).
 */
class KillAndResumeTest {

    @TempDir
    Path tmp;

    @Test
    void killedTwiceThenResumedSolvesExactly() throws Exception {
        Shape shape = Shape.S2x2;
        Path db = tmp.resolve("spark-db");
        Path scratch = tmp.resolve("scratch");
        List<String> args = List.of("--shape", shape.name(), "--out", db.toString(), "--master", "local[2]",
                "--partition-states", "3", "--scratch", scratch.toString());

        long first = killWhen(args, db, m -> m.forwardComplete() >= 24);
        Manifest afterFirst = Manifest.read(db);
        assertFalse(afterFirst.forwardFinished(), "killed in the forward pass: " + afterFirst);
        assertTrue(Files.isDirectory(scratch.resolve("g2048-spark-" + first)), "the killed run's scratch space is left");
        // what a kill during a write leaves: a temporary file, and files of an age the manifest does not list
        Files.write(db.resolve("." + PartitionedAge.idsName(afterFirst.forwardComplete() + 2, 0) + ".x.tmp"), new byte[10]);
        Files.write(db.resolve(PartitionedAge.idsName(afterFirst.forwardComplete() + 2, 99)), new byte[10]);

        long second = killWhen(args, db, m -> m.backwardComplete() != 0 && m.backwardComplete() < m.lastAge() - 6);
        Manifest afterSecond = Manifest.read(db);
        assertTrue(afterSecond.forwardFinished() && !afterSecond.done(), "killed in the backward pass: " + afterSecond);
        assertFalse(Files.exists(scratch.resolve("g2048-spark-" + first)), "the second run deleted the first run's scratch space");
        assertTrue(Files.isDirectory(scratch.resolve("g2048-spark-" + second)));
        Files.write(db.resolve(PartitionedAge.valuesName(afterSecond.backwardComplete() - 2, 0)), new byte[10]);
        Files.createDirectories(db.resolve("work"));
        Files.write(db.resolve("work/." + "vs-000004-p00000.bin.y.tmp"), new byte[10]);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        assertEquals(0, SparkSolve.run(args.toArray(String[]::new), print, print), out.toString(StandardCharsets.UTF_8));
        String log = out.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("g2048-spark-" + second + " ("), log);
        assertTrue(log.contains("resuming: deleted"), log);

        Path local = tmp.resolve("local-db");
        new Solver(shape, local, 2).run(Solver.Progress.quiet());
        ClusterSolverTest.assertSame(shape, local, db);
        try (Stream<Path> all = Files.walk(db)) {
            List<Path> temporary = all.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
            assertEquals(List.of(), temporary);
        }
        assertFalse(Files.exists(db.resolve(PartitionedAge.idsName(afterFirst.forwardComplete() + 2, 99))));
        try (Stream<Path> left = Files.list(scratch)) {
            assertEquals(List.of(), left.toList(), "every scratch directory is gone after a run that ended");
        }
    }

    /** Runs the solve in a child JVM and kills it (SIGKILL) once its manifest satisfies {@code when}; returns its pid. */
    private static long killWhen(List<String> args, Path db, Predicate<Manifest> when) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!a.startsWith("-agentlib") && !a.startsWith("-javaagent")) {
                cmd.add(a);
            }
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SparkSolve.class.getName()));
        cmd.addAll(args);
        Path log = Files.createTempFile(db.getParent(), "child", ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + 300_000_000_000L;
        try {
            while (System.nanoTime() < deadline) {
                if (!p.isAlive()) {
                    fail("the run ended (exit " + p.exitValue() + ") before it could be killed: " + Files.readString(log));
                }
                Manifest m = manifest(db);
                if (m != null && when.test(m)) {
                    long pid = p.pid();
                    p.destroyForcibly().waitFor();
                    return pid;
                }
                Thread.sleep(20);
            }
            fail("the run did not reach the point to kill it in 300 s: " + Files.readString(log));
            return -1;
        } finally {
            p.destroyForcibly();
        }
    }

    private static Manifest manifest(Path db) {
        try {
            return Files.exists(db.resolve(Manifest.FILE)) ? Manifest.read(db) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
