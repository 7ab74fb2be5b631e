package g2048.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.solver.PartitionedAge;
import g2048.tables.BuildManifest;
import g2048.tables.Formation;
import g2048.tables.RegionGame;
import g2048.tables.TableBuilder;
import g2048.tables.TableParts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The endgame tables built on Spark ({@code local[2]}, partitions of about a hundred states, so that
 * the larger ages are split) against the single machine's {@link TableBuilder}: the same table file, byte
 * for byte, built in one run, and built in three runs stopped in the forward and in the backward pass
 * with the leftovers of an interrupted run planted between them. A Spark age costs a fraction of a
 * second whatever its size, so the tables are small ones of few ages.
 */
class TableClusterTest {

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

    /** The ages' partition counts and the files swept, as a run reports them. */
    private static final class Seen implements TableCluster.Progress {
        final List<Integer> forwardAges = new ArrayList<>();
        final List<Integer> forwardParts = new ArrayList<>();
        final List<Integer> backwardAges = new ArrayList<>();
        int swept;

        @Override
        public void forwardAge(PartitionedAge age, double seconds) {
            forwardAges.add(age.age());
            forwardParts.add(age.parts());
        }

        @Override
        public void backwardAge(int age, int parts, long statesDone, long statesTotal, double seconds) {
            backwardAges.add(age);
        }

        @Override
        public void swept(int files, long bytes) {
            swept += files;
        }
    }

    private static byte[] local(RegionGame game) throws IOException {
        Path dir = tmp.resolve("local-" + game.formation().name() + "-" + game.target());
        assertTrue(TableBuilder.into(dir, game, 2).run(new TableBuilder.Progress() {
            @Override
            public void forwardAge(int age, long states, long afters, double seconds) {
            }

            @Override
            public void backwardAge(int age, long statesDone, long statesTotal, double seconds) {
            }
        }));
        return Files.readAllBytes(TableBuilder.tableFile(dir, game));
    }

    private static TableCluster spark(Path dir, RegionGame game) {
        return new TableCluster(sc, new Store(dir.toString(), sc.hadoopConfiguration()), game, 100);
    }

    /** 442x at 32, 33 ages, at least 10 of them split: the same file as one machine's, and no work left beside it. */
    @Test
    void theSparkBuildWritesTheLocalFile() throws IOException {
        RegionGame game = new RegionGame(Formation.named("442x"), 32);
        Path dir = tmp.resolve("spark");
        Seen seen = new Seen();
        assertTrue(spark(dir, game).run(seen));
        assertArrayEquals(local(game), Files.readAllBytes(dir.resolve(TableParts.tableName(game))));
        assertTrue(seen.forwardParts.stream().filter(p -> p > 1).count() >= 10, "ages split: " + seen.forwardParts);
        assertEquals(64, seen.forwardAges.getLast(), "the oldest age");
        assertEquals(0, seen.backwardAges.getLast(), "the backward pass ends at age 0");
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(TableParts.tableName(game)), left.map(p -> p.getFileName().toString()).toList(),
                    "the work directory is deleted");
        }
        assertTrue(spark(dir, game).run(new Seen()), "a table already built is kept");
    }

    /** 442x at 16 (ages 0 to 40), stopped after forward age 16 and after backward age 24, leftovers planted each time. */
    @Test
    void stoppedTwiceAndResumedWritesTheLocalFile() throws IOException {
        RegionGame game = new RegionGame(Formation.named("442x"), 16);
        Path dir = tmp.resolve("spark-resumed");
        Path work = dir.resolve(TableCluster.workName(game));

        assertFalse(spark(dir, game).stopHook((forward, age) -> forward && age == 16).run(new Seen()));
        BuildManifest m = manifest(work, game);
        assertEquals(16, m.forwardDone());
        assertFalse(m.forwardFinished());
        // what a run killed in its forward pass leaves: a temporary file, files of the age after the manifest's
        Files.write(work.resolve("." + PartitionedAge.idsName(18, 0) + ".x.tmp"), new byte[10]);
        Files.write(work.resolve(PartitionedAge.idsName(18, 7)), new byte[10]);
        Files.write(work.resolve(PartitionedAge.indexName(18)), new byte[10]);

        Seen second = new Seen();
        assertFalse(spark(dir, game).stopHook((forward, age) -> !forward && age == 24).run(second));
        assertEquals(3, second.swept, "the leftovers of the forward pass are deleted");
        assertEquals(18, second.forwardAges.getFirst(), "the forward pass resumed after the age the manifest names");
        m = manifest(work, game);
        assertTrue(m.forwardFinished());
        assertEquals(40, m.lastAge());
        assertEquals(24, m.backwardDone());
        // a values file of the age under way, and a table file cut short
        Files.write(work.resolve(PartitionedAge.valuesName(22, 0)), new byte[10]);
        Files.write(dir.resolve("." + TableParts.tableName(game) + ".y.tmp"), new byte[10]);

        Seen third = new Seen();
        assertTrue(spark(dir, game).run(third));
        assertEquals(2, third.swept);
        assertEquals(22, third.backwardAges.getFirst(), "the backward pass resumed below the age the manifest names");
        assertArrayEquals(local(game), Files.readAllBytes(dir.resolve(TableParts.tableName(game))));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(TableParts.tableName(game)), left.map(p -> p.getFileName().toString()).toList());
        }
    }

    private static BuildManifest manifest(Path work, RegionGame game) throws IOException {
        return BuildManifest.parse(work.resolve(BuildManifest.FILE), Files.readAllBytes(work.resolve(BuildManifest.FILE)), game);
    }
}
