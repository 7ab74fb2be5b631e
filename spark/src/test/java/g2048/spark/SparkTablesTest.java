package g2048.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.tables.BuildManifest;
import g2048.tables.Formation;
import g2048.tables.RegionGame;
import g2048.tables.TableBuilder;
import g2048.tables.TableParts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command {@link SparkTables}: bad options refused in one line with exit code 2 before Spark
 * starts; a build of two small tables with a line an age, the files those of one machine, its
 * scratch space deleted; a work directory whose manifest names another table refused in one line.
 */
class SparkTablesTest {

    private static final Formation SMALL = Formation.of("t", "xxxx/xxxx/xxxx/x...");

    @TempDir
    Path tmp;

    /** A run's exit code, its progress and its errors. */
    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SparkTables.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String refused(String... args) {
        Run r = run(args);
        assertEquals(2, r.exit(), r.err());
        String text = r.err().strip();
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("g2048 tables build --engine spark: "), text);
        return text;
    }

    @Test
    void badOptionsAreOneLine() {
        assertTrue(refused("--formations", "442x").contains("--out: missing"));
        assertTrue(refused("--formations", "nine", "--out", "x").contains("--formations: formation 'nine': expected one of"));
        assertTrue(refused("--formations", "t=xx/..../..../....", "--out", "x").contains("--formations: formation t: row 'xx'"));
        assertTrue(refused("--targets", "100", "--out", "x").contains("--targets: target 100: expected a power of two in 8..16384"));
        assertTrue(refused("--targets", "64,big", "--out", "x").contains("--targets: target: 'big', expected an integer 8..16384"));
        assertTrue(refused("--out", "x", "--partition-states", "0").contains("--partition-states: '0'"));
        assertTrue(refused("--out", "x", "--threads", "2").contains("unknown option '--threads'"));
        assertTrue(refused("--out").contains("--out: expected a value"));
    }

    @Test
    void buildsTheTablesOfOneMachineAndRefusesAnotherTablesWork() throws Exception {
        Path out = tmp.resolve("spark");
        Path scratch = tmp.resolve("scratch");
        Run r = run("--formations", "t=" + SMALL.picture(), "--targets", "8,16", "--out", out.toString(), "--master", "local[2]",
                "--partition-states", "5", "--scratch", scratch.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("tables t-8 forward age 0: 0 states, 1 afterstates, 1 partitions"), r.out());
        assertTrue(r.out().contains("tables t-16 backward age 0: 36 of 36 states"), r.out());
        assertTrue(r.out().contains("spark tables build: 2 table(s)"), r.out());
        for (int target : new int[] {8, 16}) {
            RegionGame game = new RegionGame(SMALL, target);
            Path local = tmp.resolve("local");
            assertTrue(TableBuilder.into(local, game, 1).run(new TableBuilder.Progress() {
                @Override
                public void forwardAge(int age, long states, long afters, double seconds) {
                }

                @Override
                public void backwardAge(int age, long statesDone, long statesTotal, double seconds) {
                }
            }));
            assertArrayEquals(Files.readAllBytes(TableBuilder.tableFile(local, game)), Files.readAllBytes(out.resolve(TableParts.tableName(game))));
        }
        try (Stream<Path> left = Files.list(scratch)) {
            assertEquals(List.of(), left.toList(), "the run's scratch space is deleted");
        }

        RegionGame t32 = new RegionGame(SMALL, 32);
        Path work = out.resolve(TableCluster.workName(t32));
        Files.createDirectories(work);
        Files.write(work.resolve(BuildManifest.FILE), BuildManifest.fresh(new RegionGame(SMALL, 8)).bytes());
        String text = refused("--formations", "t=" + SMALL.picture(), "--targets", "32", "--out", out.toString(), "--scratch",
                scratch.toString());
        assertTrue(text.contains(work.resolve(BuildManifest.FILE) + ": names another table"), text);
    }
}
