package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What commands do to outputs that exist: a trained model is replaced only by the run that continues it,
 * an output is never one of the command's own inputs (through links too), and a legal long name can be written.
 */
class OutputPolicyTest {

    @TempDir
    Path dir;

    private static final String[] SMALL = {"train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--threads", "1",
        "--eval-every", "0", "--no-progress"};

    private static String[] concat(String[] a, String... b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private static void assertRefused(CommandRun r, String... mentions) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().length, r.err());
        for (String m : mentions) {
            assertTrue(r.err().contains(m), "'" + m + "' in " + r.err());
        }
    }

    @Test
    void aTrainedModelIsReplacedOnlyByTheRunThatResumesIt() throws Exception {
        Path m = dir.resolve("m.g2n");
        CommandRun first = CommandRun.of(concat(SMALL, "--games", "60", "--out", m.toString()));
        assertEquals(0, first.exit(), first.err());
        byte[] model = Files.readAllBytes(m);
        Path curve = dir.resolve("m.curve.csv");
        List<String> rows = Files.readAllLines(curve);

        // the first command again, instead of the resume command: refused, nothing changed
        assertRefused(CommandRun.of(concat(SMALL, "--games", "120", "--out", m.toString())), "--out", "--resume " + m);
        // resumed from another model into this one: refused too
        Path other = dir.resolve("other.g2n");
        assertEquals(0, CommandRun.of(concat(SMALL, "--games", "60", "--out", other.toString())).exit());
        assertRefused(CommandRun.of(concat(SMALL, "--games", "120", "--resume", other.toString(), "--out", m.toString())),
                "--out", "--resume");
        assertArrayEquals(model, Files.readAllBytes(m), "the trained model is as it was");
        assertEquals(rows, Files.readAllLines(curve), "its curve is as it was");

        // the resume command continues it, through a link to it as well
        Path link = Files.createSymbolicLink(dir.resolve("link.g2n"), m);
        CommandRun resumed = CommandRun.of(concat(SMALL, "--games", "120", "--resume", link.toString(), "--out", m.toString()));
        assertEquals(0, resumed.exit(), resumed.err());
        assertTrue(Files.readAllLines(curve).size() > rows.size(), "the curve goes on");
    }

    @Test
    void anOutputThatIsAnInputIsRefusedThroughLinksToo() throws Exception {
        byte[] weights = {1, 2, 3, 4, 5, 6, 7, 8};
        Path w = Files.write(dir.resolve("same.w"), weights);
        Path sym = Files.createSymbolicLink(dir.resolve("sym.w"), w);
        Path hard = Files.createLink(dir.resolve("hard.w"), w);
        Path relative = Path.of(".").toAbsolutePath().relativize(w);
        Path other = Files.write(dir.resolve("other.w"), weights);
        for (Path out : new Path[] {w, sym, hard, relative}) {
            assertRefused(CommandRun.of("import", "tdl2048", "--net", "10:10", "--out", out.toString(), w.toString()),
                    "--out", "WEIGHTS.w");
            assertRefused(CommandRun.of("import", "tdl2048", "--net", "10:10", "--out", out.toString(),
                    "--check", w.toString(), other.toString()), "--check");
        }
        assertArrayEquals(weights, Files.readAllBytes(w), "the input is as it was");
        assertTrue(Files.isSymbolicLink(sym));

        Path model = Files.write(dir.resolve("teacher.g2n"), weights);
        assertRefused(CommandRun.of("dataset", "--model", model.toString(), "--games", "1", "--out", model.toString(),
                "--no-progress"), "--out", "--model");
        assertRefused(CommandRun.of("bench", "search", "--model", model.toString(), "--games", "1", "--hlog",
                hard.toString().replace("hard.w", "teacher.g2n")), "--hlog", "--model");
        assertRefused(CommandRun.of("inspect", "filters", "--model", model.toString(), "--png", model.toString()),
                "--png", "--model");
        Path run = Files.createDirectories(dir.resolve("run"));
        Path init = Files.write(run.resolve("final.g2pn"), weights);
        Path data = Files.write(dir.resolve("d.g2pd"), weights);
        assertRefused(CommandRun.of("train", "policy", "--arch", "POLICY2", "--data", data.toString(), "--init", init.toString(),
                "--out", run.toString(), "--device", "cpu"), "--out", "--init");
        assertArrayEquals(weights, Files.readAllBytes(model));
        assertArrayEquals(weights, Files.readAllBytes(init));
    }

    /** A legal name of {@code bytes} bytes (UTF-8, two-byte letters mixed in) ending in {@code suffix}. */
    private static String longName(int bytes, String suffix) {
        StringBuilder sb = new StringBuilder();
        while (sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + suffix.length() + 2 <= bytes) {
            sb.append(sb.length() % 7 == 3 ? "é" : "n");
        }
        while (sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + suffix.length() < bytes) {
            sb.append('n');
        }
        return sb + suffix;
    }

    @Test
    void outputsOfLegalLongNamesAreWritten() throws Exception {
        for (int bytes : new int[] {240, 255}) {
            Path sub = Files.createDirectories(dir.resolve("b" + bytes));
            Path hlog = sub.resolve(longName(bytes, ".hlog"));
            assertEquals(bytes, hlog.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
            CommandRun bench = CommandRun.of("bench", "search", "--player", "lines", "--games", "2", "--hlog", hlog.toString(),
                    "--no-progress");
            assertEquals(0, bench.exit(), bench.err());
            assertTrue(Files.size(hlog) > 0);
            Path data = sub.resolve(longName(bytes, ".g2pd"));
            CommandRun dataset = CommandRun.of("dataset", "--player", "lines", "--games", "2", "--out", data.toString(),
                    "--no-progress");
            assertEquals(0, dataset.exit(), dataset.err());
            assertTrue(Files.size(data) > 0);
            Path png = sub.resolve(longName(bytes, ".png"));
            CommandRun filters = CommandRun.of("inspect", "filters", "--top", "2", "--png", png.toString());
            assertEquals(0, filters.exit(), filters.err());
            assertTrue(Files.size(png) > 0);
            try (var left = Files.list(sub)) {
                assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith(".")).toList(),
                        "no temporary or lock file left");
            }
        }
        // train ntuple's curve beside --out would pass NAME_MAX: refused before training, naming --out
        Path model = dir.resolve(longName(252, ".g2n"));
        assertRefused(CommandRun.of(concat(SMALL, "--games", "10", "--out", model.toString())), "--out", "255");
        assertFalse(Files.exists(model));
    }
}
