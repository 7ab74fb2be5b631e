package g2048.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Shape;
import g2048.solver.AgeBytes;
import g2048.solver.AgeFiles;
import g2048.solver.AgeStats;
import g2048.solver.Manifest;
import g2048.solver.PartitionedAge;
import g2048.solver.Solution;
import g2048.solver.Solver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark solve against the single-machine {@link Solver} on the small shapes, in {@code local[2]}
 * with partitions of a few states (so that most ages are split): 2x2 solved in full (stopped and
 * resumed) with the same manifest, counts per age, value of every state and afterstate, best
 * afterstate value per age (an exact double: the sums are done in the same order) and expected
 * scores; 2x3 and 3x2 to the middle of their forward pass with the same IDs in every age. The full
 * solves of 2x3, 3x2, 2x4 and 3x3 are compared by {@code bench/spark-solve.sh}.
 */
class ClusterSolverTest {

    @TempDir
    static Path tmp;

    private static SparkJob.Context context;
    private static JavaSparkContext sc;

    @BeforeAll
    static void start() throws IOException {
        // as the commands start theirs: on loopback, Spark's files in the test's own directory
        context = SparkJob.Context.start("g2048 test", "local[2]", tmp.resolve("scratch"),
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        sc = context.sc();
    }

    @AfterAll
    static void stop() throws IOException {
        context.close();
    }

    private static Path local(Shape shape, int maxAge) throws IOException {
        Path dir = tmp.resolve("local-" + shape + "-" + maxAge);
        new Solver(shape, dir, 2).maxAge(maxAge).run(Solver.Progress.quiet());
        return dir;
    }

    private static ClusterSolver.Outcome spark(Shape shape, Path dir, long partitionStates, int maxAge) throws IOException {
        return new ClusterSolver(sc, new Store(dir.toString(), sc.hadoopConfiguration()), shape, partitionStates, maxAge)
                .run(new ClusterSolver.Progress() {
                    @Override
                    public void forwardAge(PartitionedAge age, double seconds) {
                    }

                    @Override
                    public void backwardAge(int age, int parts, double best, double seconds) {
                    }
                });
    }

    /** 2x2, stopped after age 20 and resumed: the same solution as one machine's. */
    @Test
    void twoByTwoStoppedAndResumed() throws IOException {
        Path dir = tmp.resolve("spark-2x2");
        assertEquals(ClusterSolver.Outcome.STOPPED_AT_MAX_AGE, spark(Shape.S2x2, dir, 3, 20));
        assertEquals(20, Manifest.read(dir).forwardComplete());
        assertEquals(ClusterSolver.Outcome.SOLVED, spark(Shape.S2x2, dir, 3, 0));
        assertSame(Shape.S2x2, local(Shape.S2x2, 0), dir);
    }

    /** 2x3, forward pass to age 90 (its full solve, 125 ages a pass, is in bench/spark-solve.sh: a Spark age costs most of a second). */
    @Test
    void twoByThreeForward() throws IOException {
        assertSameForward(Shape.S2x3, 90, 150);
    }

    /** 3x2 (not the transpose's normal forms: the symmetries of a non-square board differ), forward pass to age 60. */
    @Test
    void threeByTwoForward() throws IOException {
        assertSameForward(new Shape(3, 2), 60, 40);
    }

    /** The forward pass to {@code maxAge}: the same manifest, the same IDs and terminal counts in every age, most ages split. */
    private static void assertSameForward(Shape shape, int maxAge, long partitionStates) throws IOException {
        Path dir = tmp.resolve("spark-" + shape);
        assertEquals(ClusterSolver.Outcome.STOPPED_AT_MAX_AGE, spark(shape, dir, partitionStates, maxAge));
        Path local = local(shape, maxAge);
        assertArrayEquals(Files.readAllBytes(local.resolve(Manifest.FILE)), Files.readAllBytes(dir.resolve(Manifest.FILE)));
        Manifest m = Manifest.read(local);
        int split = 0;
        for (int age = Manifest.FIRST_AGE; age <= m.forwardComplete(); age += 2) {
            AgeBytes.Ids want = AgeBytes.readIds(AgeFiles.idsFile(local, age), Files.readAllBytes(AgeFiles.idsFile(local, age)), shape, age);
            PartitionedAge index = PartitionedAge.parse(dir, java.lang.foreign.MemorySegment.ofArray(
                    Files.readAllBytes(dir.resolve(PartitionedAge.indexName(age)))), shape, age);
            assertEquals(want.terminal(), index.totalTerminal(), "age " + age);
            long[][] got = concatenated(dir, shape, index);
            assertArrayEquals(want.states(), got[0], "age " + age);
            assertArrayEquals(want.afters(), got[1], "age " + age);
            split += index.parts() > 1 ? 1 : 0;
        }
        assertTrue(split > 10, split + " ages split");
    }

    private static long[][] concatenated(Path dir, Shape shape, PartitionedAge index) throws IOException {
        long[] states = new long[0];
        long[] afters = new long[0];
        for (int p = 0; p < index.parts(); p++) {
            Path f = dir.resolve(PartitionedAge.idsName(index.age(), p));
            AgeBytes.Ids ids = AgeBytes.readIds(f, Files.readAllBytes(f), shape, index.age());
            states = concat(states, ids.states());
            afters = concat(afters, ids.afters());
        }
        return new long[][] {states, afters};
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Every figure of the two solutions is the same; the Spark one has most of its ages split. */
    static void assertSame(Shape shape, Path local, Path spark) throws IOException {
        assertArrayEquals(Files.readAllBytes(local.resolve(Manifest.FILE)), Files.readAllBytes(spark.resolve(Manifest.FILE)));
        assertTrue(Files.notExists(spark.resolve("work")), "the backward checkpoints are deleted at the end");
        Manifest m = Manifest.read(local);
        List<AgeStats> a = AgeStats.read(local, m);
        List<AgeStats> b = AgeStats.read(spark, m);
        assertEquals(a, b);
        Moves moves = Moves.of(shape);
        long states = 0;
        int split = 0;
        try (Solution x = Solution.open(local); Solution y = Solution.open(spark)) {
            for (int age = Manifest.FIRST_AGE; age <= m.lastAge(); age += 2) {
                Path f = AgeFiles.idsFile(local, age);
                AgeBytes.Ids ids = AgeBytes.readIds(f, Files.readAllBytes(f), shape, age);
                for (long s : ids.states()) {
                    assertEquals(x.stateValue(s), y.stateValue(s), 0.0);
                    for (int d = 0; d < 4; d++) {
                        long after = moves.move(s, d);
                        if (after != s) {
                            assertEquals(x.afterstateValue(after), y.afterstateValue(after), 0.0);
                        }
                    }
                    states++;
                }
                for (long after : ids.afters()) {
                    assertEquals(x.afterstateValue(after), y.afterstateValue(after), 0.0);
                }
                split += Files.exists(spark.resolve(PartitionedAge.indexName(age)))
                        && PartitionedAge.parse(spark, java.lang.foreign.MemorySegment.ofArray(Files.readAllBytes(
                                spark.resolve(PartitionedAge.indexName(age)))), shape, age).parts() > 1 ? 1 : 0;
            }
            for (int start : new int[] {0, 4, 6, 8}) {
                assertEquals(x.expectedFromStart(start), y.expectedFromStart(start), 0.0);
            }
        }
        assertEquals(a.stream().mapToLong(AgeStats::states).sum(), states);
        assertTrue(split >= 3, split + " ages split");
    }
}
