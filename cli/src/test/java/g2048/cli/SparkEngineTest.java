package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code solve --engine spark} and {@code tables build --engine spark}: the child's command line, and
 * one-line refusals when the module is missing or options clash.
 */
class SparkEngineTest {

    @TempDir
    Path tmp;

    @Test
    void aMissingModuleNamesWhatToBuild() {
        Errors.BadInput e = assertThrows(Errors.BadInput.class,
                () -> SparkEngine.command(tmp, Shape.S2x2, tmp.resolve("db"), "local[2]", null, null, null, null));
        assertTrue(e.getMessage().startsWith("--engine spark: the Spark module is not built"), e.getMessage());
        assertTrue(e.getMessage().contains("mvn -pl spark -am package -DskipTests"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void theChildRunsTheModuleOnItsClassPath() throws Exception {
        Files.createDirectories(tmp.resolve("spark/target"));
        Files.write(tmp.resolve(SparkEngine.JAR), new byte[0]);
        Files.writeString(tmp.resolve(SparkEngine.CLASSPATH), "/a.jar:/b.jar\n");
        List<String> cmd = SparkEngine.command(tmp, Shape.S2x3, tmp.resolve("db"), "spark://127.0.0.1:7077", 1000L, 40,
                tmp.resolve("m"), tmp.resolve("s"));
        int cp = cmd.indexOf("-cp");
        assertEquals(tmp.resolve(SparkEngine.JAR) + ":/a.jar:/b.jar", cmd.get(cp + 1));
        assertEquals(List.of("g2048.spark.SparkSolve", "--shape", "2x3", "--out", tmp.resolve("db").toString(), "--max-age", "40",
                "--master", "spark://127.0.0.1:7077", "--partition-states", "1000", "--metrics", tmp.resolve("m").toString(),
                "--scratch", tmp.resolve("s").toString()),
                cmd.subList(cp + 2, cmd.size()));
        List<String> tables = SparkEngine.tablesCommand(tmp, List.of("442x", "t=xxxx/xxxx/xxxx/x..."), List.of(32, 64), tmp.resolve("t"),
                "local[2]", null, null, null);
        assertEquals(List.of("g2048.spark.SparkTables", "--formations", "442x,t=xxxx/xxxx/xxxx/x...", "--targets", "32,64", "--out",
                tmp.resolve("t").toString(), "--master", "local[2]"), tables.subList(tables.indexOf("-cp") + 2, tables.size()));
    }

    @Test
    void badEngineOptionsAreOneLine() {
        String db = tmp.resolve("db").toString();
        CommandRun r = CommandRun.of("solve", "--shape", "2x2", "--out", db, "--engine", "mapreduce");
        assertEquals(Errors.BAD_INPUT, r.exit());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.err().contains("--engine: 'mapreduce', expected local or spark"), r.err());
        r = CommandRun.of("solve", "--shape", "2x2", "--out", db, "--master", "local[2]");
        assertEquals(Errors.BAD_INPUT, r.exit());
        assertTrue(r.err().contains("--master: only with --engine spark"), r.err());
        r = CommandRun.of("solve", "--shape", "2x2", "--out", db, "--scratch", tmp.resolve("s").toString());
        assertEquals(Errors.BAD_INPUT, r.exit());
        assertTrue(r.err().contains("--scratch: only with --engine spark"), r.err());
        r = CommandRun.of("solve", "--shape", "2x2", "--out", db, "--engine", "spark", "--threads", "2");
        assertEquals(Errors.BAD_INPUT, r.exit());
        assertTrue(r.err().contains("--threads: not with --engine spark"), r.err());
        assertFalse(Files.exists(tmp.resolve("db")));
    }

    @Test
    void badTableEngineOptionsAreOneLine() {
        String out = tmp.resolve("t").toString();
        List<String[]> cases = List.of(
                new String[] {"--engine: 'mapreduce', expected local or spark", "--engine", "mapreduce"},
                new String[] {"--master: only with --engine spark", "--master", "local[2]"},
                new String[] {"--partition-states: only with --engine spark", "--partition-states", "100"},
                new String[] {"--metrics: only with --engine spark", "--engine", "local", "--metrics", tmp.resolve("m").toString()},
                new String[] {"--scratch: only with --engine spark", "--scratch", tmp.resolve("s").toString()},
                new String[] {"--threads: not with --engine spark", "--engine", "spark", "--threads", "2"},
                new String[] {"--partition-states: expected at least 1, got 0", "--engine", "spark", "--partition-states", "0"},
                new String[] {"--master: empty, expected a Spark master URL", "--engine", "spark", "--master", " "});
        for (String[] c : cases) {
            List<String> args = new java.util.ArrayList<>(List.of("tables", "build", "--formations", "442x", "--targets", "32", "--out", out));
            args.addAll(List.of(c).subList(1, c.length));
            CommandRun r = CommandRun.of(args.toArray(String[]::new));
            assertEquals(Errors.BAD_INPUT, r.exit(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.err().contains(c[0]), r.err());
        }
        assertFalse(Files.exists(tmp.resolve("t")), "nothing written");
    }
}
