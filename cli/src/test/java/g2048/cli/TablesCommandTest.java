package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tables build} and {@code info}, and {@code --tables} refusing bad input with one line and exit 2. */
class TablesCommandTest {

    @TempDir
    Path dir;

    private static void refused(String expected, String... args) {
        CommandRun r = CommandRun.of(args);
        assertEquals(Errors.BAD_INPUT, r.exit(), r.err());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void aBuildIsRerunToNoEffectAndListed() throws IOException {
        Path out = dir.resolve("t");
        CommandRun first = CommandRun.of("tables", "build", "--formations", "442x,small=xxxx/xxxx/xxx./....", "--targets", "32,64",
                "--out", out.toString(), "--threads", "2", "--quiet");
        assertEquals(0, first.exit(), first.err());
        assertTrue(first.out().contains("small-64.g2et") && first.out().contains("built 4 table(s)"), first.out());
        byte[] table = Files.readAllBytes(out.resolve("442x-64.g2et"));
        CommandRun again = CommandRun.of("tables", "build", "--formations", "442x", "--targets", "64", "--out", out.toString(), "--quiet");
        assertEquals(0, again.exit(), again.err());
        assertTrue(java.util.Arrays.equals(table, Files.readAllBytes(out.resolve("442x-64.g2et"))));
        CommandRun info = CommandRun.of("tables", "info", out.toString());
        assertEquals(0, info.exit(), info.err());
        assertEquals(4, info.out().lines().count(), info.out());
        assertTrue(info.out().contains("small-32") && info.out().contains("xxxx/xxxx/xxx./...."), info.out());
        // the size listed is the file's, its checksum included
        String size = String.format(java.util.Locale.ROOT, "%,d bytes", Files.size(out.resolve("442x-64.g2et")));
        assertTrue(info.out().lines().anyMatch(l -> l.startsWith("442x-64 ") && l.endsWith(size)), info.out());
        assertFalse(Files.list(out).anyMatch(p -> p.getFileName().toString().startsWith("work-")), "no work left behind");
    }

    @Test
    void badInputIsRefusedInOneLine() throws IOException {
        String out = dir.resolve("t").toString();
        refused("--targets: target 100: expected a power of two in 8..16384", "tables", "build", "--formations", "442x", "--targets", "100", "--out", out);
        refused("--formations: formation 'nine': expected one of", "tables", "build", "--formations", "nine", "--out", out);
        refused("--formations: formation t: row 'xx', expected 4 of x (fixed) or . (free)", "tables", "build", "--formations", "t=xx/..../..../....", "--out", out);
        refused("holds no endgame table", "play", "--games", "1", "--tables", dir.toString());
        refused("--tables: endgame tables are for 4x4 boards", "play", "--games", "1", "--shape", "3x3", "--player", "random", "--tables", out);
        refused("--tables-threshold: expected a probability in [0, 1], got 2.0", "play", "--games", "1", "--tables", out, "--tables-threshold", "2");
        // a damaged table: named, one line
        Path t = dir.resolve("d");
        assertEquals(0, CommandRun.of("tables", "build", "--formations", "442x", "--targets", "32", "--out", t.toString(), "--quiet").exit());
        Path file = t.resolve("442x-32.g2et");
        byte[] bytes = Files.readAllBytes(file);
        bytes[100] ^= 1;
        Files.write(file, bytes);
        refused(file + ": SHA-256 checksum mismatch", "move", "--board", "2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,2", "--tables", t.toString());
    }
}
